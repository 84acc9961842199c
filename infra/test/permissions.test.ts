import { privateFunctions, type RouteDef, type RouteGrants, routes, worker } from '@storyloom/functions/routes';
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import {
  MEDIA_READ_ACTIONS,
  MEDIA_WRITE_ACTIONS,
  TABLE_READ_ACTIONS,
  TABLE_WRITE_ACTIONS,
} from '../lib/constructs/app-bindings.ts';
import { SENSITIVE_PATHS, USER_POOL_PUBLIC_OPERATIONS } from '../lib/constructs/edge-firewall.ts';
import { ROUTE_THROTTLES, routeThrottle, TOKEN_LINK_ROUTES } from '../lib/storyloom-stack.ts';
import { actionsOf, synth } from './synth.ts';

/** A route that declares a provider secret (none of the real ones does yet), to see the secret wiring. */
const secretRoute: RouteDef = {
  method: 'POST',
  path: '/api/test/secret-user',
  handler: 'x',
  auth: 'user',
  grants: { table: 'read', secrets: ['openai'] },
};
const table = [...routes, secretRoute];
const app = await synth(table, {
  elevenLabsSecretName: 'storyloom/elevenlabs',
  openAiSecretName: 'storyloom/openai',
});

const LOG_ACTIONS = ['logs:CreateLogStream', 'logs:PutLogEvents'];

/** The IAM actions a declaration must turn into, exactly. */
function expectedActions(grants: RouteGrants = {}, route = true): string[] {
  const actions = new Set<string>(LOG_ACTIONS);
  // Every route reads the origin secret (the door, lib/edge.ts); workers get no HTTP requests.
  if (route) actions.add('secretsmanager:GetSecretValue');
  if (grants.table) {
    for (const a of [...TABLE_READ_ACTIONS, ...(grants.table === 'readwrite' ? TABLE_WRITE_ACTIONS : [])])
      actions.add(a);
  }
  if (grants.media) {
    for (const a of [...MEDIA_READ_ACTIONS, ...(grants.media === 'readwrite' ? MEDIA_WRITE_ACTIONS : [])])
      actions.add(a);
    actions.add('s3:ListBucket');
  }
  for (const a of grants.cognito ?? []) actions.add(`cognito-idp:${a}`);
  if (grants.mail) for (const a of ['ses:SendEmail', 'ses:SendRawEmail']) actions.add(a);
  if (grants.queue) for (const a of ['sqs:SendMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl']) actions.add(a);
  if (grants.secrets?.length)
    for (const a of ['secretsmanager:GetSecretValue', 'secretsmanager:DescribeSecret']) actions.add(a);
  if (grants.invoke?.length) actions.add('lambda:InvokeFunction');
  return [...actions].sort();
}

const envOf = (fn: { Properties: Record<string, unknown> }) =>
  (fn.Properties.Environment as { Variables: Record<string, unknown> } | undefined)?.Variables ?? {};
const appFunctions = () =>
  app.resources('AWS::Lambda::Function').filter((fn) => JSON.stringify(fn.Properties).includes('TABLE_NAME'));

describe('grants per route', () => {
  it('gives every route role exactly the actions its route declares', () => {
    for (const route of table) {
      const actions = [...new Set(actionsOf(app.routePolicy(route)))].sort();
      expect(actions, `${route.method} ${route.path}`).toEqual(expectedActions(route.grants));
    }
    const workerActions = [...new Set(actionsOf(app.functionPolicy(`jobs queue worker: ${worker.handler}`)))];
    // The worker's role also gets what the SQS event source needs to drain its queue.
    expect(workerActions.filter((a) => !a.startsWith('sqs:')).sort()).toEqual(
      expectedActions(worker.grants, false).filter((a) => !a.startsWith('sqs:')),
    );
  });

  it('gives no public route any Cognito action (no Admin*, nor anything else of cognito-idp)', () => {
    const publicRoutes = table.filter((r) => r.auth === 'public');
    expect(publicRoutes.length).toBeGreaterThan(5);
    for (const route of publicRoutes) {
      const cognito = actionsOf(app.routePolicy(route)).filter((a) => a.toLowerCase().startsWith('cognito-idp:'));
      expect(cognito, `${route.method} ${route.path}`).toEqual([]);
    }
  });

  it('lets POST /reset-password invoke the account keeper and nothing else, whose role holds only the reset', () => {
    const keeper = privateFunctions.find((f) => f.id === 'account-keeper')!;
    const keeperActions = [...new Set(actionsOf(app.functionPolicy(keeper.description)))].sort();
    expect(keeperActions).toEqual(expectedActions(keeper.grants, false));
    expect(keeperActions.filter((a) => a.startsWith('cognito-idp:'))).toEqual([
      'cognito-idp:AdminSetUserPassword',
      'cognito-idp:AdminUpdateUserAttributes',
      'cognito-idp:AdminUserGlobalSignOut',
    ]);
    const reset = app.routePolicy({ method: 'POST', path: '/reset-password' });
    const invoke = reset.filter((s) => actionsOf([s]).includes('lambda:InvokeFunction'));
    expect(invoke).toHaveLength(1);
    expect(JSON.stringify(invoke[0]!.Resource)).toMatch(/AccountKeeper/);
    expect(JSON.stringify(invoke[0]!.Resource)).not.toContain(':*');
    for (const route of table) {
      const invokes = actionsOf(app.routePolicy(route)).includes('lambda:InvokeFunction');
      expect(invokes, `${route.method} ${route.path}`).toBe(Boolean(route.grants?.invoke?.length));
    }
    // The pool trigger holds nothing but its own logs, and no app environment.
    const trigger = privateFunctions.find((f) => f.id === 'pre-sign-up')!;
    expect([...new Set(actionsOf(app.functionPolicy(trigger.description)))].sort()).toEqual(LOG_ACTIONS);
  });

  it('gives S3 actions to the media routes only, on users/* objects', () => {
    for (const route of table) {
      const statements = app.routePolicy(route).filter((s) => actionsOf([s]).some((a) => a.startsWith('s3:')));
      if (!route.grants?.media) expect(statements, `${route.method} ${route.path}`).toEqual([]);
      for (const statement of statements) expect(JSON.stringify(statement.Resource)).toMatch(/\/users\/\*|MediaBucket/);
    }
  });

  it('names the table and each index, and never grants Scan', () => {
    const statements = app
      .resources('AWS::IAM::Policy')
      .flatMap(
        (p) => (p.Properties.PolicyDocument as { Statement: { Action: string[]; Resource: unknown }[] }).Statement,
      );
    const tableStatement = statements.find((s) => [s.Action].flat().includes('dynamodb:Query'));
    expect(JSON.stringify(tableStatement?.Resource)).toMatch(/\/index\/[a-zA-Z0-9]+"/);
    expect(JSON.stringify(statements)).not.toContain('dynamodb:Scan');
    expect(JSON.stringify(statements)).not.toContain('/index/*');
  });

  it('lets only mail-declaring functions send, from the configured sender only', () => {
    for (const route of table) {
      const mail = actionsOf(app.routePolicy(route)).includes('ses:SendEmail');
      expect(mail, `${route.method} ${route.path}`).toBe(route.grants?.mail === true);
    }
    expect(JSON.stringify(app.resources('AWS::IAM::Policy'))).toContain('"ses:FromAddress":"hello@storyloom.app"');
  });
});

describe('secrets', () => {
  it('puts no provider key (nor a reference to one) in any function environment', () => {
    for (const fn of appFunctions()) {
      const env = envOf(fn);
      expect(Object.keys(env).filter((k) => /API_KEY/.test(k))).toEqual([]);
      expect(JSON.stringify(env)).not.toMatch(/resolve:secretsmanager:[^"]*(openai|elevenlabs)/);
    }
  });

  it('lets only a declaring function read its secret, by id at run time', () => {
    const statements = app.routePolicy(secretRoute);
    const read = statements.find((s) => actionsOf([s]).includes('secretsmanager:GetSecretValue'));
    expect(JSON.stringify(read?.Resource)).toContain(':secret:storyloom/openai-??????');
    for (const route of table) {
      const reads = app
        .routePolicy(route)
        .filter((s) => actionsOf([s]).includes('secretsmanager:GetSecretValue'))
        .some((s) => !JSON.stringify(s.Resource).includes('OriginVerify'));
      expect(reads, `${route.method} ${route.path}`).toBe(Boolean(route.grants?.secrets?.length));
    }
    const withId = appFunctions().filter((fn) => 'OPENAI_SECRET_ID' in envOf(fn));
    const declaring = table.filter((r) => r.grants?.secrets?.includes('openai')).map((r) => `${r.method} ${r.path}`);
    expect(withId.map((fn) => fn.Properties.Description).sort()).toEqual(declaring.sort());
    for (const fn of withId) expect(envOf(fn).OPENAI_SECRET_ID).toBe('storyloom/openai');
  });
});

describe('one door', () => {
  it('sends a generated origin header from CloudFront to the API; the route functions read it at run time', () => {
    const distribution = JSON.stringify(app.root.findResources('AWS::CloudFront::Distribution'));
    expect(distribution).toContain('"HeaderName":"x-origin-verify"');
    expect(distribution).toMatch(/\{\{resolve:secretsmanager:.*OriginVerify/);
    app.root.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: Match.objectLike({ ExcludePunctuation: true, PasswordLength: 40 }),
    });
    for (const route of table) {
      const read = app
        .routePolicy(route)
        .find(
          (s) =>
            actionsOf([s]).includes('secretsmanager:GetSecretValue') &&
            JSON.stringify(s.Resource).includes('OriginVerify'),
        );
      expect(read, `${route.method} ${route.path}`).toBeDefined();
    }
    const routeFunctions = appFunctions().filter((fn) => 'ORIGIN_VERIFY_SECRET_ID' in envOf(fn));
    expect(routeFunctions).toHaveLength(table.length);
  });

  it('holds no unversioned secret reference in any function environment', () => {
    for (const fn of app.resources('AWS::Lambda::Function')) {
      const env = JSON.stringify(envOf(fn));
      // {{resolve:secretsmanager:<id>:SecretString:<json key>:<stage>:<version id>}}: the version id must be set.
      for (const ref of env.match(/\{\{resolve:secretsmanager:[^}]*\}\}/g) ?? []) {
        expect(ref, String(fn.Properties.Description)).toMatch(/:SecretString:[^:]*:[^:]*:[\w-]{32,}\}\}$/);
      }
    }
  });

  it('throttles every route by its kind instead of one stage-wide limit', () => {
    const stage = Object.values(app.root.findResources('AWS::ApiGatewayV2::Stage'))[0]!;
    const settings = stage.Properties.RouteSettings as Record<string, { ThrottlingRateLimit: number }>;
    for (const route of table) {
      expect(settings[`${route.method} ${route.path}`]?.ThrottlingRateLimit, route.path).toBe(
        routeThrottle(route).rate,
      );
    }
    // Every read a page makes takes real traffic; only token links (one per mail) and admin pages stay low.
    for (const route of table.filter((r) => r.method === 'GET')) {
      const key = `${route.method} ${route.path}`;
      const rate = settings[key]?.ThrottlingRateLimit ?? 0;
      if (route.auth === 'admin' || TOKEN_LINK_ROUTES.has(key))
        expect(rate, key).toBe(ROUTE_THROTTLES[route.auth === 'admin' ? 'admin' : 'tokenLink'].rate);
      else expect(rate, key).toBeGreaterThanOrEqual(100);
    }
    for (const key of TOKEN_LINK_ROUTES) expect(table.map((r) => `${r.method} ${r.path}`)).toContain(key);
    expect(stage.DependsOn).toEqual(expect.arrayContaining([expect.stringMatching(/Routes\d/)]));
  });

  it('puts a WAF web ACL with managed and per-IP rate rules in front of CloudFront', () => {
    const acl = Object.values(app.root.findResources('AWS::WAFv2::WebACL'))[0]!;
    expect(acl.Properties.Scope).toBe('CLOUDFRONT');
    const rules = acl.Properties.Rules as { Name: string; Statement: unknown }[];
    expect(rules.map((r) => r.Name)).toEqual([
      'AWSManagedRulesCommonRuleSet',
      'AWSManagedRulesKnownBadInputsRuleSet',
      'SensitiveRoutesPerIp',
      'AllRequestsPerIp',
    ]);
    const sensitive = JSON.stringify(rules[2]);
    for (const path of SENSITIVE_PATHS) expect(sensitive).toContain(`"${path}"`);
    expect(sensitive).toContain('/question');
    app.root.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ WebACLId: { 'Fn::GetAtt': [Match.stringLikeRegexp('Firewall'), 'Arn'] } }),
    });
  });
});

describe('identity', () => {
  it('lets through only the public user pool calls the API makes (each needs the client secret), blocking the rest', () => {
    const acl = Object.values(app.root.findResources('AWS::WAFv2::WebACL')).find(
      (a) => a.Properties.Scope === 'REGIONAL',
    )!;
    expect(acl.Properties.DefaultAction).toEqual({ Block: {} });
    const allowed = JSON.stringify(acl.Properties.Rules);
    for (const operation of USER_POOL_PUBLIC_OPERATIONS) {
      expect(allowed).toContain(`"AWSCognitoIdentityProviderService.${operation}"`);
    }
    for (const selfService of ['UpdateUserAttributes', 'DeleteUser', 'ChangePassword', 'GetUser', 'GlobalSignOut']) {
      expect(allowed).not.toContain(`.${selfService}"`);
    }
    expect(allowed).not.toMatch(/AdminInitiateAuth|AWSCognitoIdentityProviderService\.Admin/);
    app.root.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: true,
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    });
    app.root.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: { PreSignUp: Match.anyValue() },
    });
    app.root.hasResourceProperties('AWS::WAFv2::WebACLAssociation', {
      ResourceArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('UsersUserPool'), 'Arn'] },
      WebACLArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('UserPoolFirewall'), 'Arn'] },
    });
  });
});

describe('browser security', () => {
  const policy = () => Object.values(app.root.findResources('AWS::CloudFront::ResponseHeadersPolicy'))[0]!;

  it('sends a strict CSP naming the media bucket, HSTS, no framing, and the referrer and permissions policies', () => {
    const config = policy().Properties.ResponseHeadersPolicyConfig as Record<string, Record<string, unknown>>;
    const headers = config.SecurityHeadersConfig as Record<string, Record<string, unknown>>;
    const csp = JSON.stringify(headers.ContentSecurityPolicy?.ContentSecurityPolicy);
    for (const part of ["script-src 'self'", "style-src 'self'", "frame-ancestors 'none'", "object-src 'none'"]) {
      expect(csp).toContain(part);
    }
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toMatch(/connect-src 'self' https:\/\/sl-media-dev-/);
    expect(csp).toMatch(/media-src 'self' blob: https:\/\/sl-media-dev-/);
    expect(csp).toMatch(/img-src 'self' data: blob: https:\/\/sl-media-dev-/);
    expect(headers.StrictTransportSecurity).toMatchObject({
      AccessControlMaxAgeSec: 63072000,
      IncludeSubdomains: true,
    });
    expect(headers.FrameOptions).toMatchObject({ FrameOption: 'DENY' });
    expect(headers.ReferrerPolicy).toMatchObject({ ReferrerPolicy: 'same-origin' });
    expect(JSON.stringify(config.CustomHeadersConfig)).toContain('microphone=(self)');
    // Both behaviours (SPA and /backend) carry it.
    const distribution = JSON.stringify(app.root.findResources('AWS::CloudFront::Distribution'));
    expect(distribution.match(/ResponseHeadersPolicyId/g)).toHaveLength(2);
  });

  it('names the same bucket as the media bucket resource', () => {
    app.root.hasResourceProperties('AWS::S3::Bucket', {
      BucketName: { 'Fn::Join': ['', ['sl-media-dev-', { Ref: 'AWS::AccountId' }, '-', { Ref: 'AWS::Region' }]] },
    });
  });
});

describe('operations', () => {
  it('alarms on API errors and latency, Lambda errors and throttles, dead letters, old jobs, table throttles and bounces', () => {
    const alarms = app.root.findResources('AWS::CloudWatch::Alarm');
    const metrics = Object.values(alarms).map((a) => {
      const p = a.Properties as Record<string, unknown>;
      return JSON.stringify(p.MetricName ?? p.Metrics) + (p.ExtendedStatistic ?? p.Statistic ?? '');
    });
    for (const expected of [
      /"5xx"Sum/,
      /"Latency"p99/,
      /"Throttles"Sum/,
      /"Errors"Sum/,
      /"ApproximateNumberOfMessagesVisible"Maximum/,
      /"ApproximateAgeOfOldestMessage"Maximum/,
      /ReadThrottleEvents.*WriteThrottleEvents/,
      /"Reputation.BounceRate"Maximum/,
    ]) {
      expect(
        metrics.some((m) => expected.test(m)),
        String(expected),
      ).toBe(true);
    }
    for (const alarm of Object.values(alarms)) {
      expect(JSON.stringify(alarm.Properties.AlarmActions)).toMatch(/AlarmTopic/);
    }
    app.root.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
    // No alarmEmail here (prod.test.ts has one): the one subscription is the SES feedback function's.
    app.root.resourceCountIs('AWS::SNS::Subscription', 1);
    app.root.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'lambda' });
  });

  it('writes JSON access logs for the API and standard logs for CloudFront', () => {
    const stage = Object.values(app.root.findResources('AWS::ApiGatewayV2::Stage'))[0]!;
    const settings = stage.Properties.AccessLogSettings as { Format: string; DestinationArn: unknown };
    expect(JSON.parse(settings.Format)).toMatchObject({ requestId: '$context.requestId', status: '$context.status' });
    app.root.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Logging: Match.objectLike({ Bucket: Match.anyValue(), Prefix: 'cloudfront/' }),
      }),
    });
  });

  it('keeps at least five receives before a job is dead-lettered', () => {
    app.root.hasResourceProperties('AWS::SQS::Queue', {
      RedrivePolicy: { deadLetterTargetArn: Match.anyValue(), maxReceiveCount: Match.anyValue() },
    });
    for (const queue of Object.values(app.root.findResources('AWS::SQS::Queue'))) {
      const redrive = queue.Properties.RedrivePolicy as { maxReceiveCount: number } | undefined;
      if (redrive) expect(redrive.maxReceiveCount).toBeGreaterThanOrEqual(5);
    }
  });

  it('suppresses bounced and complaining addresses through a configuration set every function names', () => {
    app.root.hasResourceProperties('AWS::SES::ConfigurationSet', {
      SuppressionOptions: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
      ReputationOptions: { ReputationMetricsEnabled: true },
    });
    for (const fn of appFunctions()) expect(envOf(fn).SES_CONFIGURATION_SET).toBeDefined();
  });
});
