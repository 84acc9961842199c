import type { RouteDef } from '@storyloom/functions/routes';
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { HttpApi, HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import * as ses from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import { type HandlerCode, WORKER_FUNCTION_ID } from './bundle.ts';
import type { StoryloomConfig } from './config.ts';
import { ApiRoutes } from './constructs/api-routes.ts';
import { AppBindings } from './constructs/app-bindings.ts';
import { DataStore } from './constructs/data-store.ts';
import { JobQueue } from './constructs/job-queue.ts';
import { StoryloomFunction } from './constructs/storyloom-function.ts';
import { UserDirectory } from './constructs/user-directory.ts';
import { WebApp } from './constructs/web-app.ts';

export interface WorkerDef {
  handler: string;
  timeoutSeconds: number;
  memoryMb: number;
  batchSize: number;
  maxReceiveCount: number;
}

export interface StoryloomStackProps extends StackProps {
  config: StoryloomConfig;
  /** The route table (functions/src/routes.ts): one Lambda and one HTTP API route each. */
  routes: readonly RouteDef[];
  worker: WorkerDef;
  code: HandlerCode;
  /** The built SPA to upload; absent: the bucket stays empty (template tests, fresh clones). */
  webDist?: string;
}

/** A cost guard for the whole API, well above what a family-stories app needs; raise it if real traffic does. */
const API_THROTTLE = { rateLimit: 50, burstLimit: 100 };

/** Everything Storyloom runs on in one region; the route functions live in nested stacks (see ApiRoutes). */
export class StoryloomStack extends Stack {
  readonly routes: ApiRoutes;

  constructor(scope: Construct, id: string, props: StoryloomStackProps) {
    super(scope, id, props);
    const { config } = props;
    const retain = config.stage === 'prod';

    const httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `storyloom-${config.stage}`,
      description: 'Storyloom backend, reached through CloudFront at /backend',
      createDefaultStage: false,
    });
    new HttpStage(this, 'DefaultStage', { httpApi, autoDeploy: true, throttle: API_THROTTLE });

    // The distribution depends on the API, and the functions on the distribution's domain (APP_URL,
    // media CORS); the API does not depend on the functions, so CloudFormation orders this fine.
    const web = new WebApp(this, 'Web', {
      httpApi,
      webDist: props.webDist,
      domainName: config.appDomain,
      certificateArn: config.certificateArn,
    });
    const data = new DataStore(this, 'Data', { appOrigin: web.url, retain });
    const users = new UserDirectory(this, 'Users', { retain });
    const jobs = new JobQueue(this, 'Jobs', {
      workerTimeoutSeconds: props.worker.timeoutSeconds,
      maxReceiveCount: props.worker.maxReceiveCount,
    });
    if (config.createSesIdentity) {
      new ses.EmailIdentity(this, 'SenderIdentity', { identity: ses.Identity.email(config.sesFromAddress) });
    }

    const bindings = new AppBindings({
      config,
      appUrl: web.url,
      table: data.table,
      mediaBucket: data.mediaBucket,
      jobsQueue: jobs.queue,
      userPool: users.userPool,
      userPoolClient: users.client,
    });

    this.routes = new ApiRoutes(this, 'Routes', {
      httpApi,
      routes: props.routes,
      authorizer: users.jwtAuthorizer(),
      code: props.code,
      bind: (fn) => bindings.bindData(fn),
      retainLogs: retain,
    });

    const worker = new StoryloomFunction(this, 'Worker', {
      code: props.code(WORKER_FUNCTION_ID),
      description: 'Jobs queue worker: voice cloning and narration',
      timeoutSeconds: props.worker.timeoutSeconds,
      memoryMb: props.worker.memoryMb,
      retainLogs: retain,
    });
    bindings.bindData(worker);
    jobs.addWorker(worker, props.worker.batchSize);

    const outputs: Record<string, [string, string]> = {
      AppUrl: [web.url, 'The app'],
      ApiUrl: [`${web.url}/backend`, 'The API as the app calls it'],
      HttpApiEndpoint: [httpApi.apiEndpoint, 'The HTTP API without CloudFront'],
      DistributionId: [web.distribution.distributionId, 'CloudFront distribution'],
      UserPoolId: [users.userPool.userPoolId, 'Cognito user pool'],
      UserPoolClientId: [users.client.userPoolClientId, 'Cognito web client'],
      TableName: [data.table.tableName, 'DynamoDB table'],
      MediaBucketName: [data.mediaBucket.bucketName, 'Private media bucket'],
      WebBucketName: [web.bucket.bucketName, 'SPA bucket'],
      JobsQueueUrl: [jobs.queue.queueUrl, 'Jobs queue'],
      DeadLetterQueueUrl: [jobs.deadLetterQueue.queueUrl, 'Jobs that failed every attempt'],
    };
    for (const [name, [value, description]] of Object.entries(outputs)) {
      new CfnOutput(this, name, { value, description });
    }
  }
}
