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

/** Properties that give a resource a fixed physical name (a rerun would collide with a kept copy). */
const NAME_PROPERTIES = [
  'BucketName',
  'TableName',
  'UserPoolName',
  'LogGroupName',
  'QueueName',
  'Name',
  'FunctionName',
];

describe('a failed first deploy can be retried', () => {
  it('keeps every stateful resource as RetainExceptOnCreate, or gives it no fixed name', () => {
    const kept: string[] = [];
    for (const template of prod.templates) {
      const resources = (template.toJSON() as { Resources: Record<string, Record<string, unknown>> }).Resources;
      for (const [id, resource] of Object.entries(resources)) {
        if (resource.DeletionPolicy !== 'Retain' && resource.DeletionPolicy !== 'RetainExceptOnCreate') continue;
        kept.push(`${id} ${resource.DeletionPolicy}`);
        const props = (resource.Properties ?? {}) as Record<string, unknown>;
        const fixed = NAME_PROPERTIES.filter((p) => p in props);
        if (resource.DeletionPolicy === 'Retain') expect(fixed, `${id} is kept on a failed create`).toEqual([]);
      }
    }
    // The media bucket (named, for the CSP) is removed by a failed create; the table and pool have no name.
    expect(kept).toEqual(expect.arrayContaining([expect.stringMatching(/MediaBucket.* RetainExceptOnCreate$/)]));
    prod.root.hasResource('AWS::S3::Bucket', {
      DeletionPolicy: 'RetainExceptOnCreate',
      Properties: Match.objectLike({ BucketName: Match.anyValue() }),
    });
    expect(kept.filter((k) => /LogGroup|Logs/.test(k)).every((k) => k.endsWith('RetainExceptOnCreate'))).toBe(true);
  });

  it("attaches the user pool's web ACL only after the distribution exists, minutes after the ACL", () => {
    const association = Object.values(prod.root.findResources('AWS::WAFv2::WebACLAssociation'))[0]!;
    const distribution = Object.keys(prod.root.findResources('AWS::CloudFront::Distribution'))[0]!;
    expect(association.DependsOn).toEqual(expect.arrayContaining([distribution]));
  });

  it('versions media and lets old versions go after a week', () => {
    prod.root.hasResourceProperties('AWS::S3::Bucket', {
      BucketName: Match.anyValue(),
      VersioningConfiguration: { Status: 'Enabled' },
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({ NoncurrentVersionExpiration: { NoncurrentDays: 7 }, ExpiredObjectDeleteMarker: true }),
        ]),
      },
    });
  });

  it('names the distribution domain for DNS, the origin secret and the mail identity in its outputs', () => {
    const outputs = Object.keys(prod.root.findOutputs('*'));
    expect(outputs).toEqual(
      expect.arrayContaining(['DistributionDomainName', 'OriginVerifySecretArn', 'MailIdentity', 'AppUrl']),
    );
  });
});

describe('rotating the origin secret', () => {
  const header = (t: Template) =>
    JSON.stringify(t.findResources('AWS::CloudFront::Distribution')).match(
      /"HeaderName":"x-origin-verify","HeaderValue":(.*?)\}\]/,
    )?.[1];
  const version = 'e3b0c442-98fc-1c14-9afb-f4c8996fb924';

  it('pins the version put-secret-value printed, so the deploy sends CloudFront the new value', async () => {
    const before = header(prod.root);
    const after = await synth(routes, { stage: 'prod', originVerifyVersion: version }, { region: 'eu-west-1' });
    expect(before).not.toContain(version);
    expect(header(after.root)).toContain(`::${version}}}`);
    // The functions hold no copy: they read the secret (current and previous) at run time (lib/edge.test.ts).
    for (const fn of after.resources('AWS::Lambda::Function')) {
      expect(JSON.stringify(fn.Properties.Environment ?? {})).not.toContain('resolve:secretsmanager');
    }
  });
});

describe('logs', () => {
  it("gives every function a log group with a retention, CDK's own functions included", () => {
    for (const template of prod.templates) {
      const json = template.toJSON() as {
        Resources: Record<string, { Type: string; Properties: Record<string, unknown> }>;
      };
      const groups = Object.entries(json.Resources).filter(([, r]) => r.Type === 'AWS::Logs::LogGroup');
      for (const [id, r] of groups) expect(r.Properties.RetentionInDays, id).toBeGreaterThan(0);
      for (const [id, r] of Object.entries(json.Resources).filter(
        // CDK adds the cross-region reference reader after every aspect has run, so it cannot be given a
        // group: it logs a few lines per deploy to a group Lambda creates (docs/infrastructure.md, "Logs").
        ([id, r]) => r.Type === 'AWS::Lambda::Function' && !id.startsWith('CustomCrossRegionExportReader'),
      )) {
        const ref = JSON.stringify((r.Properties.LoggingConfig as { LogGroup?: unknown } | undefined)?.LogGroup);
        expect(ref, id).toBeDefined();
        expect(
          groups.some(([groupId]) => ref?.includes(`"${groupId}"`)),
          `${id} logs to ${ref}`,
        ).toBe(true);
      }
    }
  });
});
