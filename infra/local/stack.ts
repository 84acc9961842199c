import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { HttpEvent, HttpResult, SqsBatchResponse, SqsEvent } from '@storyloom/functions/lib/http-types';
import { type RouteDef, routes, worker } from '@storyloom/functions/routes';
import { JwtVerifier } from 'aws-jwt-verify';
import { validateCognitoJwtFields } from 'aws-jwt-verify/cognito-verifier';
import { createApiAdapter, send } from './api-adapter.ts';
import { sendMailboxJson, sendMailboxPage } from './mailbox.ts';
import { type ProvisionedResources, provisionLocal } from './provision.ts';
import { compileRoutes } from './router.ts';
import { type LocalServices, localTokenIssuer, startLocalServices } from './services.ts';
import { createStaticHandler } from './static-files.ts';
import { startWorkerLoop } from './worker-loop.ts';

export interface LocalStackOptions {
  dataDir: string;
  /** 0 picks a free port. */
  port: number;
  /** Directory of the built SPA. */
  webDir?: string;
  quiet?: boolean;
  /** Extra environment for the handlers (e.g. test limits). */
  env?: Record<string, string>;
  /** Seconds before a failed job is retried; short locally. */
  visibilityTimeoutSeconds?: number;
}

/** s3rver accepts only its own key; the other stand-ins accept any. */
const localSdk = { region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } };

/** Creates the table, bucket, pool and queues on running stand-ins (see provision.ts). */
export function provisionOnServices(
  services: LocalServices,
  opts: { dataDir: string; appUrl: string; visibilityTimeoutSeconds: number },
): Promise<ProvisionedResources> {
  return provisionLocal(
    {
      dynamodb: new DynamoDBClient({ ...localSdk, endpoint: services.endpoints.dynamodb }),
      s3: new S3Client({ ...localSdk, endpoint: services.endpoints.s3, forcePathStyle: true }),
      cognito: new CognitoIdentityProviderClient({ ...localSdk, endpoint: services.endpoints.cognito }),
      sqs: new SQSClient({ ...localSdk, endpoint: services.endpoints.sqs }),
    },
    opts,
  );
}

/** The handlers' environment in local mode: what the CDK app sets in AWS, plus the stand-ins' endpoints. */
export function localHandlerEnv(
  services: LocalServices,
  resources: ProvisionedResources,
  appUrl: string,
): Record<string, string> {
  return {
    AWS_REGION: localSdk.region,
    AWS_ACCESS_KEY_ID: localSdk.credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: localSdk.credentials.secretAccessKey,
    STAGE: 'local',
    TABLE_NAME: resources.tableName,
    MEDIA_BUCKET: resources.mediaBucket,
    JOBS_QUEUE_URL: resources.jobsQueueUrl,
    USER_POOL_ID: resources.userPoolId,
    USER_POOL_CLIENT_ID: resources.userPoolClientId,
    SES_FROM_ADDRESS: 'Storyloom <no-reply@storyloom.local>',
    CONTACT_TO_ADDRESS: 'hello@storyloom.local',
    APP_URL: appUrl,
    DYNAMODB_ENDPOINT: services.endpoints.dynamodb,
    S3_ENDPOINT: services.endpoints.s3,
    COGNITO_ENDPOINT: services.endpoints.cognito,
    SES_ENDPOINT: services.endpoints.ses,
    SQS_ENDPOINT: services.endpoints.sqs,
    // Not read by handlers; tests and operators use it to look into the dead-letter queue.
    JOBS_DLQ_URL: resources.jobsDlqUrl,
  };
}

export interface LocalStack {
  url: string;
  /** The environment the handlers run with: tests use it to call services directly. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

const defaultWebDir = fileURLToPath(new URL('../../web/dist/', import.meta.url));
const handlersDir = new URL('../../functions/src/handlers/', import.meta.url);

/**
 * Local mode: the AWS stand-ins, the table/bucket/pool/queues, the route table's handlers behind one
 * HTTP server (`/backend/*`), the built SPA, a mailbox page and the SQS worker loop, in this process.
 */
export async function startLocalStack(opts: LocalStackOptions): Promise<LocalStack> {
  const services = await startLocalServices({ dataDir: opts.dataDir });
  let ready: ((req: IncomingMessage, res: ServerResponse) => Promise<void>) | undefined;
  const server = createServer((req, res) => {
    if (!ready) return send(res, 503, { error: 'Starting up, try again in a moment' });
    ready(req, res).catch((error: unknown) => {
      console.error('local server error', error);
      if (!res.headersSent) send(res, 500, { error: 'Something went wrong on our side. Please try again.' });
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', resolve);
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://localhost:${port}`;

  const resources = await provisionOnServices(services, {
    dataDir: opts.dataDir,
    appUrl: url,
    visibilityTimeoutSeconds: opts.visibilityTimeoutSeconds ?? 20,
  });
  const sqs = new SQSClient({ ...localSdk, endpoint: services.endpoints.sqs });
  const env: Record<string, string> = {
    ...localHandlerEnv(services, resources, url),
    LOG_LEVEL: opts.quiet ? 'silent' : 'info',
    ...opts.env,
  };
  // Handlers read their configuration once at module load, exactly as in Lambda: set it before loading them.
  Object.assign(process.env, env);

  // The same checks as API Gateway's Cognito JWT authorizer: signature, issuer, audience, expiry, and
  // (as the authorizer is set up for ID tokens, which carry the username and groups) token_use 'id'.
  const issuer = localTokenIssuer(services, resources.userPoolId);
  const verifier = JwtVerifier.create({
    issuer,
    audience: resources.userPoolClientId,
    jwksUri: `${issuer}/.well-known/jwks.json`,
    customJwtCheck: ({ payload }) =>
      validateCognitoJwtFields(payload, { tokenUse: 'id', clientId: resources.userPoolClientId }),
  });
  verifier.cacheJwks(services.jwks);
  const verifyToken = async (token: string) => {
    try {
      return (await verifier.verify(token)) as Record<string, unknown>;
    } catch {
      return null;
    }
  };

  const handlerCache = new Map<string, Promise<unknown>>();
  const loadModule = (entry: string) => {
    let mod = handlerCache.get(entry);
    if (!mod) {
      mod = import(new URL(`${entry}.ts`, handlersDir).href);
      handlerCache.set(entry, mod);
    }
    return mod as Promise<{ handler: unknown }>;
  };
  const api = createApiAdapter({
    routes: compileRoutes(routes),
    loadHandler: async (route: RouteDef) =>
      (await loadModule(route.handler)).handler as (e: HttpEvent, c: unknown) => Promise<HttpResult>,
    verifyToken,
  });
  const serveStatic = createStaticHandler(opts.webDir ?? defaultWebDir);

  const { Attributes } = await sqs.send(
    new GetQueueAttributesCommand({ QueueUrl: resources.jobsQueueUrl, AttributeNames: ['QueueArn'] }),
  );
  const workerHandler = (await loadModule(worker.handler)).handler as (
    e: SqsEvent,
    c: unknown,
  ) => Promise<SqsBatchResponse>;
  const workerLoop = startWorkerLoop({
    sqs,
    queueUrl: resources.jobsQueueUrl,
    queueArn: Attributes?.QueueArn ?? '',
    batchSize: worker.batchSize,
    handler: workerHandler,
    onError: (error) => {
      if (!opts.quiet) console.error('worker error', error);
    },
  });

  ready = async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://local').pathname;
    if (path === '/backend' || path.startsWith('/backend/')) return api(req, res, path.slice('/backend'.length) || '/');
    if (path === '/_local/mailbox.json') return sendMailboxJson(res, await services.listSentEmails());
    if (path === '/_local/mailbox') return sendMailboxPage(res, await services.listSentEmails());
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, { error: 'Method not allowed' });
    return serveStatic(req, res, path);
  };

  return {
    url,
    env,
    async stop() {
      await workerLoop.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await services.stop();
    },
  };
}
