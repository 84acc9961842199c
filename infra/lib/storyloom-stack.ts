import { tableDefinition } from '@storyloom/functions/data/table-definition';
import {
  DEFAULT_MEMORY_MB,
  DEFAULT_TIMEOUT_SECONDS,
  type PrivateFunctionId,
  privateFunctions,
  type QueueName,
  type RouteDef,
  routeId,
  type SecretName,
  type WorkerDef,
} from '@storyloom/functions/routes';
import { Aws, CfnOutput, Duration, RemovalPolicy, SecretValue, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { type CfnStage, HttpApi, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as ses from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import { type HandlerCode, workerFunctionId } from './bundle.ts';
import type { StoryloomConfig } from './config.ts';
import { ApiRoutes } from './constructs/api-routes.ts';
import { AppBindings, bareAddress } from './constructs/app-bindings.ts';
import { DataStore } from './constructs/data-store.ts';
import { EdgeFirewall, UserPoolFirewall } from './constructs/edge-firewall.ts';
import { FamilyMailOps } from './constructs/family-mail-ops.ts';
import { JobQueue } from './constructs/job-queue.ts';
import { Operations } from './constructs/operations.ts';
import { StoryloomFunction } from './constructs/storyloom-function.ts';
import { UserDirectory } from './constructs/user-directory.ts';
import { VoiceProviderOps } from './constructs/voice-provider-ops.ts';
import { WebApp } from './constructs/web-app.ts';
import { acknowledge } from './nag.ts';

export type { WorkerDef };

export interface StoryloomStackProps extends StackProps {
  config: StoryloomConfig;
  /** The route table (functions/src/routes.ts): one Lambda and one HTTP API route each. */
  routes: readonly RouteDef[];
  /** The SQS workers, one per queue. */
  workers: readonly WorkerDef[];
  code: HandlerCode;
  /** The built SPA to upload; absent: the bucket stays empty (template tests, fresh clones). */
  webDist?: string;
  /** ARN of the CloudFront WAF web ACL from the us-east-1 edge stack. */
  webAclArn?: string;
  /** Create the web ACL in this stack (its region is us-east-1). */
  createWebAcl?: boolean;
}

/**
 * Per-route API Gateway throttles (requests per second for the whole world, burst), by kind of route;
 * a route may set its own (`throttle` in the route table). How the numbers were chosen
 * (docs/infrastructure.md, "Throttles"): a page makes at most ~6 GET calls once the SPA batches and
 * caches secure URLs (list, profile, one batch of media URLs, ...); 200 requests/s is ~30 page views a
 * second at once, a busy evening for thousands of families, and far below the account's 10,000/s. Writes
 * are rarer (a person saves, comments or signs in every few seconds at most). Token links are opened
 * once per mail and admin pages by a handful of people, so they stay low. Abuse is limited per person
 * in the app and per address in the WAF, not by these global buckets.
 */
export const ROUTE_THROTTLES = {
  read: { rate: 200, burst: 400 },
  publicWrite: { rate: 20, burst: 40 },
  userWrite: { rate: 50, burst: 100 },
  tokenLink: { rate: 10, burst: 20 },
  admin: { rate: 10, burst: 20 },
} as const;
/** GET routes opened from an emailed link (a token in the query): one call per mail. */
export const TOKEN_LINK_ROUTES: ReadonlySet<string> = new Set([
  'GET /verify-email',
  'GET /validate-reset-token',
  'GET /api/family-mail/unsubscribe',
]);

/** The API Gateway throttle of one route. */
export function routeThrottle(route: Pick<RouteDef, 'method' | 'path' | 'auth' | 'throttle'>): {
  rate: number;
  burst: number;
} {
  if (route.throttle) return route.throttle;
  if (route.auth === 'admin') return ROUTE_THROTTLES.admin;
  if (TOKEN_LINK_ROUTES.has(`${route.method} ${route.path}`)) return ROUTE_THROTTLES.tokenLink;
  if (route.method === 'GET') return ROUTE_THROTTLES.read;
  return route.auth === 'public' ? ROUTE_THROTTLES.publicWrite : ROUTE_THROTTLES.userWrite;
}
/** The stage default, for anything without a route setting (there is nothing: every route has one). */
const STAGE_THROTTLE = { rateLimit: 500, burstLimit: 1000 };

/** The JSON access log line of the HTTP API: the request id ties it to the function's log lines. */
export const ACCESS_LOG_FORMAT = {
  requestId: '$context.requestId',
  ip: '$context.identity.sourceIp',
  requestTime: '$context.requestTime',
  routeKey: '$context.routeKey',
  status: '$context.status',
  protocol: '$context.protocol',
  responseLength: '$context.responseLength',
  responseLatency: '$context.responseLatency',
  integrationLatency: '$context.integrationLatency',
  integrationStatus: '$context.integrationStatus',
  integrationError: '$context.integrationErrorMessage',
  authorizerError: '$context.authorizer.error',
  userAgent: '$context.identity.userAgent',
};

/** Everything Storyloom runs on in one region; the route functions live in nested stacks (see ApiRoutes). */
export class StoryloomStack extends Stack {
  readonly routes: ApiRoutes;
  readonly bindings: AppBindings;
  readonly operations: Operations;

  constructor(scope: Construct, id: string, props: StoryloomStackProps) {
    super(scope, id, props);
    const { config } = props;
    const retain = config.stage === 'prod';
    // RetainExceptOnCreate: kept on update and delete, but a failed first deploy deletes what it made, so
    // the rerun the guide recommends does not trip over "already exists" (the media bucket's fixed name).
    const removalPolicy = retain ? RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE : RemovalPolicy.DESTROY;

    const httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `storyloom-${config.stage}`,
      description: 'Storyloom backend, reached through CloudFront at /backend',
      createDefaultStage: false,
    });
    const accessLogs = new logs.LogGroup(this, 'ApiAccessLogs', {
      retention: logs.RetentionDays.THREE_MONTHS,
      removalPolicy,
    });
    const stage = new HttpStage(this, 'DefaultStage', {
      httpApi,
      autoDeploy: true,
      throttle: STAGE_THROTTLE,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FORMAT)),
      },
    });

    // The API's only door: CloudFront sends this generated value, the route functions read it at run time
    // and compare it (functions/src/lib/edge.ts, which accepts the current and the previous version).
    const originVerify = new secretsmanager.Secret(this, 'OriginVerify', {
      description: 'Storyloom: the x-origin-verify value CloudFront sends to the API',
      generateSecretString: { excludePunctuation: true, passwordLength: 40 },
      removalPolicy: RemovalPolicy.DESTROY,
    });
    acknowledge(
      originVerify,
      'AwsSolutions-SMG4',
      'rotated by hand (docs/deploy.md): put-secret-value, then a deploy pinning the new version id for CloudFront; the functions accept the current and previous versions meanwhile',
    );
    // A versioned reference when one is given: CloudFormation re-reads a dynamic reference only when its
    // text changes, so a rotation names the new version (an unversioned one would keep the old value).
    const originVerifyValue = (
      config.originVerifyVersion
        ? SecretValue.secretsManager(originVerify.secretArn, { versionId: config.originVerifyVersion })
        : originVerify.secretValue
    ).unsafeUnwrap();

    // The media bucket's name is fixed from the stage, account and region (not generated), so the CSP
    // can name its presigned origin without a dependency cycle (bucket CORS -> distribution -> CSP -> bucket).
    const mediaBucketName = `sl-media-${config.stage}-${Aws.ACCOUNT_ID}-${Aws.REGION}`;
    const mediaOrigins = [
      `https://${mediaBucketName}.s3.${Aws.REGION}.${Aws.URL_SUFFIX}`,
      `https://${mediaBucketName}.s3.${Aws.URL_SUFFIX}`,
    ];
    const cloudFrontLogs = new s3.Bucket(this, 'CloudFrontLogs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      // CloudFront's standard logs are delivered with an ACL grant.
      objectOwnership: s3.ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy,
      autoDeleteObjects: !retain,
    });
    acknowledge(cloudFrontLogs, 'AwsSolutions-S1', 'this is the log bucket: logging its own access would log forever');

    // The distribution depends on the API, and the functions on the distribution's domain (APP_URL,
    // media CORS); the API does not depend on the functions, so CloudFormation orders this fine.
    const web = new WebApp(this, 'Web', {
      httpApi,
      webDist: props.webDist,
      domainName: config.appDomain,
      certificateArn: config.certificateArn,
      mediaOrigins,
      originVerifyValue,
      webAclArn: props.createWebAcl ? new EdgeFirewall(this, 'Firewall').webAcl.attrArn : props.webAclArn,
      logBucket: config.cloudFrontLogs ? cloudFrontLogs : undefined,
    });
    const data = new DataStore(this, 'Data', {
      appOrigin: web.url,
      retain,
      mediaBucketName,
      accessLogs: cloudFrontLogs,
    });
    const users = new UserDirectory(this, 'Users', { retain });
    // The pool's own public API is closed: users reach Cognito only through the app (docs: "Identity").
    // A new web ACL takes seconds to minutes to reach Cognito (WAFUnavailableEntityException before that):
    // the association waits for the distribution, which takes minutes to create, so it never races its ACL.
    if (config.userPoolWaf) {
      const poolFirewall = new UserPoolFirewall(this, 'UserPoolFirewall', { userPoolArn: users.userPool.userPoolArn });
      poolFirewall.association.node.addDependency(web.distribution);
    }

    const queueNames = new Set<QueueName>(props.workers.map((w) => w.queue));
    for (const route of props.routes) for (const q of [route.grants?.queue ?? []].flat()) queueNames.add(q);
    const queues = new Map<QueueName, JobQueue>();
    for (const name of queueNames) {
      const worker = props.workers.find((w) => w.queue === name);
      if (!worker) throw new Error(`Routes send to the ${name} queue, but no worker drains it`);
      queues.set(
        name,
        new JobQueue(this, name === 'jobs' ? 'Jobs' : queueConstructId(name), {
          workerTimeoutSeconds: worker.timeoutSeconds,
          maxReceiveCount: worker.maxReceiveCount,
        }),
      );
    }

    // Mail: a configuration set that suppresses bounced and complaining addresses, the default for the
    // identities created here; DKIM for a domain identity.
    const configurationSet = new ses.ConfigurationSet(this, 'MailConfiguration', {
      suppressionReasons: ses.SuppressionReasons.BOUNCES_AND_COMPLAINTS,
      reputationMetrics: true,
      sendingEnabled: true,
    });
    if (config.createSesIdentity) {
      new ses.EmailIdentity(this, 'SenderIdentity', {
        identity: ses.Identity.email(bareAddress(config.sesFromAddress)),
        configurationSet,
      });
    }
    if (config.sesDomain) {
      const domain = new ses.EmailIdentity(this, 'DomainIdentity', {
        identity: ses.Identity.domain(config.sesDomain),
        configurationSet,
        dkimSigning: true,
      });
      domain.dkimRecords.forEach((record, i) => {
        new CfnOutput(this, `DkimRecord${i + 1}`, {
          value: `${record.name} CNAME ${record.value}`,
          description: `DKIM record ${i + 1} of 3 to add to ${config.sesDomain}'s DNS`,
        });
      });
    }

    // The web client's secret: the functions that sign users in or up read it (grants.secrets).
    const secrets: Partial<Record<SecretName, secretsmanager.ISecret>> = { 'cognito-client': users.clientSecret };
    if (config.elevenLabsSecretName) {
      secrets.elevenlabs = secretsmanager.Secret.fromSecretNameV2(this, 'ElevenLabsKey', config.elevenLabsSecretName);
    }
    if (config.openAiSecretName) {
      secrets.openai = secretsmanager.Secret.fromSecretNameV2(this, 'OpenAiKey', config.openAiSecretName);
    }
    // The HMAC key of the family-loop email's signed links (functions/src/domain/family-mail/links.ts).
    const mailLinkKey = new secretsmanager.Secret(this, 'MailLinkKey', {
      description: 'Storyloom: the key that signs links in the family-loop email',
      generateSecretString: { excludePunctuation: true, passwordLength: 64 },
      removalPolicy: RemovalPolicy.DESTROY,
    });
    acknowledge(
      mailLinkKey,
      'AwsSolutions-SMG4',
      'rotating it ends every link in mail already sent (answer and unsubscribe links); rotated by hand if it ever leaks (docs/family-loop.md)',
    );
    secrets['mail-links'] = mailLinkKey;

    const invokable: Partial<Record<PrivateFunctionId, StoryloomFunction>> = {};
    this.bindings = new AppBindings({
      config,
      appUrl: web.url,
      table: data.table,
      tableIndexes: tableDefinition.globalIndexes.map((index) => index.indexName),
      mediaBucket: data.mediaBucket,
      queues: Object.fromEntries([...queues].map(([name, q]) => [name, q.queue])),
      userPool: users.userPool,
      userPoolClient: users.client,
      secrets,
      privateFunctions: invokable,
      originSecret: originVerify,
      configurationSetName: configurationSet.configurationSetName,
    });

    // Functions no route exposes (docs/accounts.md): made before the routes that invoke them. The pool
    // trigger gets no app environment (the pool names the function, so the function may not name the pool).
    const feedbackFunctions: StoryloomFunction[] = [];
    for (const def of privateFunctions) {
      const fn = new StoryloomFunction(this, privateConstructId(def.id), {
        code: props.code(def.id),
        description: def.description,
        timeoutSeconds: def.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS,
        memoryMb: DEFAULT_MEMORY_MB,
        retainLogs: retain,
      });
      if (def.trigger === 'preSignUp') users.addPreSignUpTrigger(fn);
      else this.bindings.bind(fn, def.grants);
      if (def.trigger === 'sesFeedback') feedbackFunctions.push(fn);
      invokable[def.id] = fn;
    }

    this.routes = new ApiRoutes(this, 'Routes', {
      httpApi,
      routes: props.routes,
      authorizer: users.jwtAuthorizer(),
      code: props.code,
      bind: (fn, route) => {
        this.bindings.bind(fn, route.grants);
        this.bindings.bindDoor(fn);
      },
      retainLogs: retain,
    });
    // Route throttles name route keys, which must exist first: the stage waits for the route stacks.
    for (const routeStack of this.routes.stacks) stage.node.addDependency(routeStack);
    (stage.node.defaultChild as CfnStage).addPropertyOverride(
      'RouteSettings',
      Object.fromEntries(
        props.routes.map((route) => {
          const throttle = routeThrottle(route);
          return [
            `${route.method} ${route.path}`,
            { ThrottlingRateLimit: throttle.rate, ThrottlingBurstLimit: throttle.burst },
          ];
        }),
      ),
    );

    const workerFunctions = props.workers.map((def) => {
      const fn = new StoryloomFunction(this, def.queue === 'jobs' ? 'Worker' : `${queueConstructId(def.queue)}Worker`, {
        code: props.code(workerFunctionId(def)),
        description: `${def.queue} queue worker: ${def.handler}`,
        timeoutSeconds: def.timeoutSeconds,
        memoryMb: def.memoryMb ?? DEFAULT_MEMORY_MB,
        retainLogs: retain,
        environment: 'environment' in def ? { ...def.environment } : undefined,
      });
      this.bindings.bind(fn, def.grants);
      queues.get(def.queue)?.addWorker(fn, def.batchSize, def.maxConcurrency);
      return { def, fn };
    });

    this.operations = new Operations(this, 'Operations', {
      stage: config.stage,
      httpApi,
      table: data.table,
      alarmEmail: config.alarmEmail,
      queues: workerFunctions.map(({ def, fn }) => {
        const queue = queues.get(def.queue)!;
        return {
          name: queueConstructId(def.queue),
          queue: queue.queue,
          deadLetterQueue: queue.deadLetterQueue,
          worker: fn,
        };
      }),
      routeFunctions: this.routes.functions,
    });

    // The family-loop email: the hourly run on the jobs queue, SES bounces and complaints to the suppression list.
    const jobsQueue = queues.get('jobs');
    const [feedbackFunction] = feedbackFunctions;
    if (jobsQueue && feedbackFunction) {
      new FamilyMailOps(this, 'FamilyMail', { jobsQueue: jobsQueue.queue, configurationSet, feedbackFunction });
    }

    const mediaQueue = queues.get('media-jobs');
    if (mediaQueue) {
      new VoiceProviderOps(this, 'VoiceProviderOps', { mediaQueue: mediaQueue.queue, topic: this.operations.topic });
    }

    const outputs: Record<string, [string, string]> = {
      AppUrl: [web.url, 'The app'],
      ApiUrl: [`${web.url}/backend`, 'The API as the app calls it'],
      HttpApiEndpoint: [
        httpApi.apiEndpoint,
        'The HTTP API without CloudFront: refuses requests (403) without the origin header',
      ],
      DistributionId: [web.distribution.distributionId, 'CloudFront distribution'],
      DistributionDomainName: [
        web.distribution.distributionDomainName,
        'Point your appDomain here (CNAME, or a Route 53 alias)',
      ],
      OriginVerifySecretArn: [
        originVerify.secretArn,
        'The origin secret (docs/deploy.md, "Rotating the origin secret")',
      ],
      MailSender: [config.sesFromAddress, 'The sender every mail uses'],
      MailIdentity: [
        config.createSesIdentity
          ? bareAddress(config.sesFromAddress)
          : (config.sesDomain ?? bareAddress(config.sesFromAddress).split('@')[1]!),
        'The SES identity the sender needs verified (deploy:check reads its status)',
      ],
      UserPoolId: [users.userPool.userPoolId, 'Cognito user pool'],
      UserPoolClientId: [users.client.userPoolClientId, 'Cognito web client'],
      TableName: [data.table.tableName, 'DynamoDB table'],
      MediaBucketName: [data.mediaBucket.bucketName, 'Private media bucket'],
      WebBucketName: [web.bucket.bucketName, 'SPA bucket'],
      AlarmTopicArn: [this.operations.topic.topicArn, 'Alarms are published here'],
      MailConfigurationSet: [
        configurationSet.configurationSetName,
        'SES configuration set (bounce and complaint suppression)',
      ],
    };
    for (const [name, queue] of queues) {
      const prefix = name === 'jobs' ? 'Jobs' : queueConstructId(name);
      outputs[`${prefix}QueueUrl`] = [queue.queue.queueUrl, `The ${name} queue`];
      outputs[name === 'jobs' ? 'DeadLetterQueueUrl' : `${prefix}DeadLetterQueueUrl`] = [
        queue.deadLetterQueue.queueUrl,
        `Jobs of the ${name} queue that failed every attempt`,
      ];
    }
    for (const [name, [value, description]] of Object.entries(outputs)) {
      new CfnOutput(this, name, { value, description });
    }
  }
}

/** `account-keeper` -> `AccountKeeper`. */
function privateConstructId(id: PrivateFunctionId): string {
  return id.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase());
}

/** `media-jobs` -> `MediaJobs`. */
export function queueConstructId(name: QueueName): string {
  return name.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase());
}

export { routeId };
