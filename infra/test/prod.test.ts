import { routes } from '@storyloom/functions/routes';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { synth } from './synth.ts';

/** Production as an operator would deploy it from eu-west-1, with a domain, DKIM and alarm mail. */
const prod = await synth(
  routes,
  {
    stage: 'prod',
    sesDomain: 'storyloom.app',
    alarmEmail: 'ops@storyloom.app',
    appDomain: 'stories.storyloom.app',
    certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abcd-1234',
  },
  { region: 'eu-west-1', account: '123456789012' },
);

describe('production', () => {
  it('retains and deletion-protects the table and the user pool', () => {
    prod.root.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtectionEnabled: true }),
    });
    prod.root.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtection: 'ACTIVE' }),
    });
  });

  it('puts the CloudFront web ACL in a us-east-1 stack and references it across regions', () => {
    expect(prod.edgeStack?.region).toBe('us-east-1');
    const edge = Template.fromStack(prod.edgeStack!);
    edge.hasResourceProperties('AWS::WAFv2::WebACL', { Scope: 'CLOUDFRONT' });
    // Here only the user pool's regional ACL (app.test/permissions.test), not CloudFront's.
    expect(Object.values(prod.root.findResources('AWS::WAFv2::WebACL')).map((acl) => acl.Properties.Scope)).toEqual([
      'REGIONAL',
    ]);
    const distribution = JSON.stringify(prod.root.findResources('AWS::CloudFront::Distribution'));
    expect(distribution).toMatch(/WebACLId/);
  });

  it('serves the custom domain with its us-east-1 certificate and TLS 1.2 at least', () => {
    prod.root.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['stories.storyloom.app'],
        ViewerCertificate: Match.objectLike({
          AcmCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abcd-1234',
          MinimumProtocolVersion: 'TLSv1.2_2021',
        }),
      }),
    });
  });

  it('verifies the mail domain with DKIM, suppresses bounces, and mails alarms', () => {
    prod.root.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'storyloom.app',
      ConfigurationSetAttributes: { ConfigurationSetName: Match.anyValue() },
    });
    const outputs = Object.keys(prod.root.findOutputs('*'));
    expect(outputs.filter((o) => o.startsWith('DkimRecord'))).toHaveLength(3);
    prod.root.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@storyloom.app' });
  });
});
