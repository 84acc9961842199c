import { privateFunctions, routes, worker } from '@storyloom/functions/routes';
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { FAMILY_MAIL_HOURLY_JOB } from '../lib/constructs/family-mail-ops.ts';
import { actionsOf, synth } from './synth.ts';

const app = await synth(routes);
const feedback = privateFunctions.find((f) => f.id === 'ses-feedback')!;

describe('family-loop email in AWS', () => {
  it('puts the hourly family-mail run on the jobs queue', () => {
    app.root.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 hour)',
      Targets: [
        Match.objectLike({
          Arn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^Jobs'), 'Arn'] },
          Input: JSON.stringify(FAMILY_MAIL_HOURLY_JOB),
        }),
      ],
    });
  });

  it('sends SES bounces and complaints through SNS to the feedback function', () => {
    app.root.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      EventDestination: Match.objectLike({
        Enabled: true,
        MatchingEventTypes: Match.arrayEquals(['bounce', 'complaint']),
        SnsDestination: { TopicARN: { Ref: Match.stringLikeRegexp('MailFeedback') } },
      }),
    });
    app.root.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'lambda',
      TopicArn: { Ref: Match.stringLikeRegexp('MailFeedback') },
      Endpoint: { 'Fn::GetAtt': [Match.stringLikeRegexp('SesFeedback'), 'Arn'] },
    });
    // The topic takes only TLS publishes, and SES may publish to it.
    const policies = app.resources('AWS::SNS::TopicPolicy').map((p) => JSON.stringify(p.Properties));
    expect(policies.some((p) => p.includes('MailFeedback') && p.includes('aws:SecureTransport'))).toBe(true);
  });

  it('lets the feedback function write the table and nothing else', () => {
    const actions = [...new Set(actionsOf(app.functionPolicy(feedback.description)))].sort();
    expect(actions.filter((a) => !a.startsWith('logs:') && !a.startsWith('dynamodb:'))).toEqual([]);
    expect(actions).toContain('dynamodb:PutItem');
  });

  it('lets exactly the functions that declare it read the link key', () => {
    const secret = app
      .resources('AWS::SecretsManager::Secret')
      .find((s) => String(s.Properties.Description).includes('signs links in the family-loop email'));
    expect(secret).toBeDefined();
    const readers = [
      ...routes.filter((r) => r.grants.secrets?.includes('mail-links')).map((r) => `${r.method} ${r.path}`),
      `${worker.queue} queue worker: ${worker.handler}`,
    ];
    expect(readers).toHaveLength(4);
    const readsKey = (description: string) =>
      app
        .functionPolicy(description)
        .some((s) => actionsOf([s]).includes('secretsmanager:GetSecretValue') && /MailLinkKey/.test(JSON.stringify(s)));
    for (const description of readers) expect(readsKey(description), description).toBe(true);
    for (const route of routes.filter((r) => !r.grants.secrets?.includes('mail-links'))) {
      expect(readsKey(`${route.method} ${route.path}`), `${route.method} ${route.path}`).toBe(false);
    }
  });
});
