import { tableDefinition } from '@storyloom/functions/data/table-definition';
import { mediaWorker, privateFunctions, routeId, routes, worker } from '@storyloom/functions/routes';
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { ROUTE_STACK_COUNT, routeStackIndex } from '../lib/constructs/api-routes.ts';
import { synth, syntheticRoutes } from './synth.ts';

const app = await synth(routes);
const big = await synth(syntheticRoutes(60));
const WORKER_DESCRIPTIONS = [worker, mediaWorker].map((w) => `${w.queue} queue worker: ${w.handler}`);
const WORKERS = WORKER_DESCRIPTIONS.length;
/**
 * The account keeper and the SES feedback function carry the app environment; the pool trigger has none
 * (the pool names it).
 */
const KEEPER_DESCRIPTIONS = privateFunctions.filter((f) => f.trigger !== 'preSignUp').map((f) => f.description);

/** Our functions (not CDK's custom-resource handlers) carry the app environment. */
const appFunctions = (s: typeof app) =>
  s.resources('AWS::Lambda::Function').filter((fn) => JSON.stringify(fn.Properties).includes('TABLE_NAME'));

const routeResource = (s: typeof app, routeKey: string) =>
  s.resources('AWS::ApiGatewayV2::Route').find((r) => r.Properties.RouteKey === routeKey);

describe('functions', () => {
  it('has one Lambda per route-table entry plus the workers and the account keeper', () => {
    const descriptions = appFunctions(app).map((fn) => fn.Properties.Description);
    expect(descriptions.sort()).toEqual(
      [...routes.map((r) => `${r.method} ${r.path}`), ...WORKER_DESCRIPTIONS, ...KEEPER_DESCRIPTIONS].sort(),
    );
  });

  it('runs every function on Node 24, arm64, untraced, with source maps and the app environment', () => {
    for (const fn of appFunctions(big)) {
      expect(fn.Properties).toMatchObject({
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
      });
      expect(fn.Properties.TracingConfig).toBeUndefined();
      const env = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      // Route functions also get the origin secret's ARN (the door); workers and the keeper do not. A
      // function gets the names of the secrets it declares (`*_SECRET_ID`, permissions.test.ts) besides.
      // Process settings a worker declares (`WorkerDef.environment`) are checked below.
      expect(
        Object.keys(env)
          .filter((k) => !k.endsWith('_SECRET_ID') && k !== 'MALLOC_ARENA_MAX')
          .sort(),
      ).toEqual(
        [
          'APP_URL',
          'CONTACT_TO_ADDRESS',
          'JOBS_QUEUE_URL',
          'MEDIA_BUCKET',
          'MEDIA_JOBS_QUEUE_URL',
          'NODE_OPTIONS',
          'SES_CONFIGURATION_SET',
          'SES_FROM_ADDRESS',
          'STAGE',
          'TABLE_NAME',
          'USER_POOL_CLIENT_ID',
          'USER_POOL_ID',
        ].sort(),
      );
      expect(env.NODE_OPTIONS).toBe('--enable-source-maps');
    }
  });

  it('gives the media worker (sharp on libvips threads) two malloc arenas, and no other function', () => {
    for (const fn of appFunctions(big)) {
      const env = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      const media = String(fn.Properties.Description ?? '').startsWith('media-jobs queue worker');
      expect(env.MALLOC_ARENA_MAX).toBe(media ? '2' : undefined);
    }
  });

  it('keeps one month of logs for every function, three for the API access logs', () => {
    const groups = app.resources('AWS::Logs::LogGroup');
    // Each function's, plus the client secret reader's (a deploy-time custom resource), plus CDK's
    // auto-delete function's for the non-prod buckets (infra/lib/log-retention.ts), plus the API's.
    const functions = routes.length + WORKERS + privateFunctions.length + 1 + 1;
    expect(groups).toHaveLength(functions + 1);
    expect(groups.filter((g) => g.Properties.RetentionInDays === 30)).toHaveLength(functions);
    expect(groups.filter((g) => g.Properties.RetentionInDays === 90)).toHaveLength(1);
  });
});

describe('API', () => {
  it('puts every route-table entry behind its own Lambda, with the JWT authorizer unless public', () => {
    for (const route of routes) {
      const resource = routeResource(app, `${route.method} ${route.path}`);
      expect(resource, `${route.method} ${route.path}`).toBeDefined();
      if (route.auth === 'public') {
        expect(resource?.Properties.AuthorizationType).toBe('NONE');
        expect(resource?.Properties.AuthorizerId).toBeUndefined();
      } else {
        expect(resource?.Properties).toMatchObject({ AuthorizationType: 'JWT', AuthorizerId: expect.anything() });
      }
    }
  });

  it('authorizes with the Cognito pool as issuer and the web client as audience', () => {
    big.root.resourceCountIs('AWS::ApiGatewayV2::Authorizer', 1);
    big.root.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [{ Ref: Match.stringLikeRegexp('UserPoolWebClient') }],
      },
    });
    // ProviderURL is cognito-idp.<region>.amazonaws.com/<pool id>, the `iss` of the pool's tokens.
    big.root.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      JwtConfiguration: {
        Issuer: {
          'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [Match.stringLikeRegexp('UsersUserPool'), 'ProviderURL'] }]],
        },
      },
    });
    for (const route of syntheticRoutes(60)) {
      const auth = routeResource(big, `${route.method} ${route.path}`)?.Properties.AuthorizationType;
      expect(auth).toBe(route.auth === 'public' ? 'NONE' : 'JWT');
    }
  });

  it('places each route in the nested stack its route key hashes to, so adding routes never moves one', () => {
    for (const route of syntheticRoutes(60)) {
      const index = routeStackIndex(route);
      expect(index).toBeLessThan(ROUTE_STACK_COUNT);
      const stack = big.stack.routes.stacks.find((s) => s.node.id === `Routes${index}`);
      expect(stack, routeId(route)).toBeDefined();
      const keys = Object.values(
        big.nested[big.stack.routes.stacks.indexOf(stack!)]!.findResources('AWS::ApiGatewayV2::Route'),
      );
      expect(keys.map((r) => r.Properties.RouteKey)).toContain(`${route.method} ${route.path}`);
    }
  });

  it('keeps every stack under the CloudFormation limits with 60 routes', () => {
    expect(appFunctions(big)).toHaveLength(60 + WORKERS + KEEPER_DESCRIPTIONS.length);
    for (const template of big.templates) {
      const json = template.toJSON();
      expect(Object.keys(json.Resources).length).toBeLessThan(450);
      expect(Object.keys(json.Parameters ?? {}).length).toBeLessThan(200);
    }
    for (const template of app.templates) expect(Object.keys(template.toJSON().Resources).length).toBeLessThan(450);
  });
});

describe('data', () => {
  it('creates the table from the shared definition, on demand, with PITR and TTL', () => {
    app.root.hasResourceProperties('AWS::DynamoDB::Table', {
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
      ],
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: tableDefinition.ttlAttribute, Enabled: true },
      GlobalSecondaryIndexes: tableDefinition.globalIndexes.map((index) => ({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    });
  });

  it('deletes data with a non-prod stack (prod: see prod.test.ts)', () => {
    app.root.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Delete' });
  });

  it('blocks public access and plain HTTP on every bucket', () => {
    const buckets = app.root.findResources('AWS::S3::Bucket');
    expect(Object.keys(buckets)).toHaveLength(3); // SPA, media, logs
    for (const bucket of Object.values(buckets)) {
      expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
    }
    for (const policy of Object.values(app.root.findResources('AWS::S3::BucketPolicy'))) {
      expect(JSON.stringify(policy)).toContain('"aws:SecureTransport":"false"');
    }
  });

  it('lets the app origin upload media straight to the bucket and cleans up abandoned uploads', () => {
    app.root.hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: {
        CorsRules: [
          Match.objectLike({
            AllowedMethods: ['POST', 'PUT', 'GET', 'HEAD'],
            AllowedOrigins: [{ 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [Match.anyValue(), 'DomainName'] }]] }],
          }),
        ],
      },
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } }),
          Match.objectLike({ TagFilters: [{ Key: 'storyloom-pending', Value: 'true' }], ExpirationInDays: 1 }),
        ]),
      },
    });
  });
});

describe('jobs', () => {
  it('has a queue with a dead-letter queue per worker, hidden for six worker timeouts', () => {
    app.root.resourceCountIs('AWS::SQS::Queue', 2 * WORKERS);
    for (const w of [worker, mediaWorker]) {
      app.root.hasResourceProperties('AWS::SQS::Queue', {
        VisibilityTimeout: w.timeoutSeconds * 6,
        SqsManagedSseEnabled: true,
        RedrivePolicy: { deadLetterTargetArn: Match.anyValue(), maxReceiveCount: w.maxReceiveCount },
      });
    }
  });

  it('feeds the worker in batches that report item failures', () => {
    app.root.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      BatchSize: worker.batchSize,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });
});

describe('web', () => {
  it('sends /backend/* to the API uncached and everything else to the SPA bucket', () => {
    app.root.resourceCountIs('AWS::CloudFront::Function', 2);
    app.root.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultCacheBehavior: Match.objectLike({
          ViewerProtocolPolicy: 'redirect-to-https',
          FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })],
        }),
        CacheBehaviors: [
          Match.objectLike({
            PathPattern: '/backend/*',
            AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
            CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // CachingDisabled
            OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // AllViewerExceptHostHeader
            FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })],
          }),
        ],
      }),
    });
    app.root.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
  });
});

describe('users', () => {
  it('has a pool the API signs users up to, a confidential client for password auth, and an admin group', () => {
    app.root.hasResourceProperties('AWS::Cognito::UserPool', {
      // SignUp needs the client secret, which only the API holds; the trigger confirms the sign-up.
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      LambdaConfig: { PreSignUp: Match.anyValue() },
      UsernameAttributes: Match.absent(),
      Schema: [{ Name: 'email', Required: true, Mutable: true }],
      Policies: {
        PasswordPolicy: {
          MinimumLength: 6,
          RequireLowercase: false,
          RequireUppercase: false,
          RequireNumbers: false,
          RequireSymbols: false,
        },
      },
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'admin_only', Priority: 1 }] },
    });
    app.root.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      GenerateSecret: true,
      ReadAttributes: ['email', 'email_verified'],
      WriteAttributes: [],
      EnableTokenRevocation: true,
      IdTokenValidity: 60,
      RefreshTokenValidity: 43200,
      TokenValidityUnits: Match.objectLike({ IdToken: 'minutes', RefreshToken: 'minutes' }),
    });
    app.root.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'admin' });
    // The client secret is copied into Secrets Manager; functions get its name, never its value.
    app.root.hasResourceProperties('AWS::SecretsManager::Secret', {
      SecretString: { 'Fn::GetAtt': [Match.stringLikeRegexp('ClientSecretReader'), 'UserPoolClient.ClientSecret'] },
    });
    for (const fn of appFunctions(app)) {
      const env = JSON.stringify((fn.Properties.Environment as { Variables: unknown }).Variables);
      expect(env).not.toMatch(/USER_POOL_CLIENT_SECRET"|ClientSecretReader/);
    }
  });
});
