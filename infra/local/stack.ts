import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { HttpEvent, HttpResult, SqsBatchResponse, SqsEvent } from '@storyloom/functions/lib/http-types';
import { mediaWorker, type RouteDef, routes, worker } from '@storyloom/functions/routes';
import { serverText } from '@storyloom/shared/messages';
import { JwtVerifier } from 'aws-jwt-verify';
import { validateCognitoJwtFields } from 'aws-jwt-verify/cognito-verifier';
import { securityHeaders } from '../lib/security-headers.ts';
import { createApiAdapter, send } from './api-adapter.ts';
import { sendMailboxJson, sendMailboxPage } from './mailbox.ts';
import { ensureSenderIdentity } from './profile.ts';
import { type ProvisionedResources, provisionLocal } from './provision.ts';
import { compileRoutes } from './router.ts';
import { type ExternalService, type LocalServices, localTokenIssuer, startLocalServices } from './services.ts';
import { createStaticHandler } from './static-files.ts';
import { startWorkerLoop } from './worker-loop.ts';

export interface LocalStackOptions {
  dataDir: string;
  /** 0 picks a free port. */
  port: number;
  /**
   * Address to listen on: 127.0.0.1 unless told otherwise (`LISTEN_HOST` for `npm start`). Local mode is for
   * one person on one machine: its stand-ins trust every caller and its mailbox shows reset links.
   */
  host?: string;
  /** Host names (besides loopback names and `host`) the server answers to, e.g. a LAN name. */
  allowedHosts?: readonly string[];
  /** Directory of the built SPA. */
  webDir?: string;
  quiet?: boolean;
  /** Extra environment for the handlers (e.g. test limits). */
  env?: Record<string, string>;
  /** Seconds before a failed job is retried; short locally. */
  visibilityTimeoutSeconds?: number;
  /** The same for the media-jobs queue (voice, narration): longer than a job runs (default 30). */
  mediaVisibilityTimeoutSeconds?: number;
  /**
   * Services running elsewhere (the LocalStack profile, or endpoints the user set): not started here, and the
   * table, bucket and queues are provisioned there (infra/local/profile.ts).
   */
  external?: Partial<Record<ExternalService, string>>;
}

/** s3rver accepts only its own key; the other stand-ins accept any. */
/**
 * SDK settings for the stand-ins. The access key id is this run's secret (a random one per start, see
 * `accessKey` in services.ts); s3rver accepts it besides its own, and nothing checks the secret key.
 */
const localSdk = (services: Pick<LocalServices, 'accessKey'>) => ({
  region: 'us-east-1',
  credentials: { accessKeyId: services.accessKey, secretAccessKey: services.accessKey },
});

/** Creates the table, bucket, pool and queues on running stand-ins (see provision.ts). */
export function provisionOnServices(
  services: LocalServices,
  opts: { dataDir: string; appUrl: string; visibilityTimeoutSeconds: number; mediaVisibilityTimeoutSeconds?: number },
): Promise<ProvisionedResources> {
  return provisionLocal(
    {
      dynamodb: new DynamoDBClient({ ...localSdk(services), endpoint: services.endpoints.dynamodb }),
      s3: new S3Client({ ...localSdk(services), endpoint: services.endpoints.s3, forcePathStyle: true }),
      cognito: new CognitoIdentityProviderClient({ ...localSdk(services), endpoint: services.endpoints.cognito }),
      sqs: new SQSClient({ ...localSdk(services), endpoint: services.endpoints.sqs }),
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
    AWS_REGION: localSdk(services).region,
    AWS_ACCESS_KEY_ID: localSdk(services).credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: localSdk(services).credentials.secretAccessKey,
    STAGE: 'local',
    TABLE_NAME: resources.tableName,
    MEDIA_BUCKET: resources.mediaBucket,
    JOBS_QUEUE_URL: resources.jobsQueueUrl,
    MEDIA_JOBS_QUEUE_URL: resources.mediaJobsQueueUrl,
    USER_POOL_ID: resources.userPoolId,
    USER_POOL_CLIENT_ID: resources.userPoolClientId,
    // In AWS a Secrets Manager secret (USER_POOL_CLIENT_SECRET_ID); here the value, like a provider key (lib/secrets.ts).
    USER_POOL_CLIENT_SECRET: resources.userPoolClientSecret,
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
    MEDIA_JOBS_DLQ_URL: resources.mediaJobsDlqUrl,
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
  const services = await startLocalServices({
    dataDir: opts.dataDir,
    external: opts.external,
    // A secret per start: the stand-ins answer only clients that carry it (docs/local-mode.md). Not
    // with services elsewhere (the LocalStack profile), which know their own credentials.
    accessKey:
      opts.external && Object.keys(opts.external).length > 0 ? undefined : `local${randomBytes(16).toString('hex')}`,
  });
  let ready: ((req: IncomingMessage, res: ServerResponse) => Promise<void>) | undefined;
  const host = opts.host ?? '127.0.0.1';
  const acceptsHost = hostCheck(host, opts.allowedHosts ?? []);
  const server = createServer((req, res) => {
    // A page on another site may point its own name at 127.0.0.1 (DNS rebinding) to read this server
    // as same-origin: answer only requests addressed to a loopback name (or a name allowed on purpose).
    if (!acceptsHost(req.headers.host))
      return send(res, 421, { error: 'This local server answers only on localhost.' });
    if (!ready) return send(res, 503, { error: serverText.startingUp });
    ready(req, res).catch((error: unknown) => {
      console.error('local server error', error);
      if (!res.headersSent) send(res, 500, { error: serverText.internal });
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, host, resolve);
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${isLoopbackAddress(host) || isAnyAddress(host) ? 'localhost' : host}:${port}`;

  const resources = await provisionOnServices(services, {
    dataDir: opts.dataDir,
    appUrl: url,
    visibilityTimeoutSeconds: opts.visibilityTimeoutSeconds ?? 20,
    mediaVisibilityTimeoutSeconds: opts.mediaVisibilityTimeoutSeconds,
  });
  const sqs = new SQSClient({ ...localSdk(services), endpoint: services.endpoints.sqs });
  const env: Record<string, string> = {
    ...localHandlerEnv(services, resources, url),
    LOG_LEVEL: opts.quiet ? 'silent' : 'info',
    ...opts.env,
  };
  // Handlers read their configuration once at module load, exactly as in Lambda: set it before loading them.
  Object.assign(process.env, env);
  // LocalStack's SES refuses unverified senders: verify ours there (best effort; the embedded one needs none).
  if (opts.external?.ses) await ensureSenderIdentity(opts.external.ses, env.SES_FROM_ADDRESS ?? '');
  // The browser headers CloudFront adds in AWS (infra/lib/security-headers.ts): the SPA runs under the same
  // CSP locally, with the local media origin (the S3 stand-in or LocalStack) where AWS names the bucket.
  const browserHeaders = securityHeaders({ mediaOrigins: [new URL(env.S3_ENDPOINT ?? services.endpoints.s3).origin] });
  const withBrowserHeaders = (res: ServerResponse) => {
    for (const [name, value] of Object.entries(browserHeaders)) res.setHeader(name, value);
  };

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
      withLambdaResponseCap(
        (await loadModule(route.handler)).handler as (e: HttpEvent, c: unknown) => Promise<HttpResult>,
      ),
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
  // POST /reset-password invokes the private account keeper; here its handler runs in this process.
  const { registerLocalAccountKeeper } = await import('@storyloom/functions/adapters/account-keeper');
  const keeper = (await loadModule('auth/account-keeper')).handler as Parameters<typeof registerLocalAccountKeeper>[0];
  registerLocalAccountKeeper((request) => keeper(request));
  // API functions speak short texts (spoken answers) with the local engine here; in AWS only the media worker carries it.
  const { registerLocalSpeechEngine } = await import('@storyloom/functions/adapters/voice/speech');
  registerLocalSpeechEngine(async () => {
    const { LocalVoiceEngine } = await import('@storyloom/functions/adapters/voice/local-engine');
    return new LocalVoiceEngine();
  });
  // The media-jobs worker (voice cloning, narration): a second loop on its own queue, one message at a time.
  const mediaQueueArn = (
    await sqs.send(
      new GetQueueAttributesCommand({ QueueUrl: resources.mediaJobsQueueUrl, AttributeNames: ['QueueArn'] }),
    )
  ).Attributes?.QueueArn;
  const mediaWorkerLoop = startWorkerLoop({
    sqs,
    queueUrl: resources.mediaJobsQueueUrl,
    queueArn: mediaQueueArn ?? '',
    batchSize: mediaWorker.batchSize,
    handler: (await loadModule(mediaWorker.handler)).handler as (e: SqsEvent, c: unknown) => Promise<SqsBatchResponse>,
    onError: (error) => {
      if (!opts.quiet) console.error('media worker error', error);
    },
  });

  // Local stand-in for the media bucket's lifecycle rule: abandoned pending uploads go after a day.
  const { sweepAbandonedUploads } = await import('@storyloom/functions/domain/media/sweep');
  // …and spoken answers of the interactive player after a day (docs/interactive.md).
  const { sweepExpiredAnswers } = await import('@storyloom/functions/domain/interactive/sweep');
  const sweep = () =>
    Promise.all([sweepAbandonedUploads(), sweepExpiredAnswers()]).catch((error: unknown) => {
      if (!opts.quiet) console.error('upload sweep failed', error);
    });
  void sweep();
  // The hourly sweep of orphaned provider voices (AWS: an EventBridge rule), a job on the media queue.
  const { enqueueMediaJob } = await import('@storyloom/functions/jobs/media-queue');
  const sweepProviderVoices = () =>
    process.env.ELEVENLABS_API_KEY
      ? enqueueMediaJob({ type: 'voice.sweep-provider-voices' }).catch((error: unknown) => {
          if (!opts.quiet) console.error('provider voice sweep not queued', error);
        })
      : undefined;
  const sweepTimer = setInterval(
    () => {
      void sweep();
      void sweepProviderVoices();
    },
    60 * 60 * 1000,
  );
  sweepTimer.unref();

  ready = async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://local').pathname;
    if (path === '/backend' || path.startsWith('/backend/')) {
      withBrowserHeaders(res);
      return api(req, res, path.slice('/backend'.length) || '/');
    }
    // The mailbox holds reset links: it answers only on this machine, whatever address the server listens on.
    const mailbox = path === '/_local/mailbox.json' || path === '/_local/mailbox';
    if (mailbox && !isLoopbackAddress(req.socket.remoteAddress ?? '')) return send(res, 404, { error: 'Not found' });
    if (path === '/_local/mailbox.json') return sendMailboxJson(res, await services.listSentEmails());
    if (path === '/_local/mailbox') return sendMailboxPage(res, await services.listSentEmails());
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, { error: 'Method not allowed' });
    withBrowserHeaders(res);
    return serveStatic(req, res, path);
  };

  return {
    url,
    env,
    async stop() {
      clearInterval(sweepTimer);
      await Promise.all([workerLoop.stop(), mediaWorkerLoop.stop()]);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await services.stop();
    },
  };
}

/** Lambda's cap on a synchronous response payload. */
export const MAX_LAMBDA_RESPONSE_BYTES = 6 * 1024 * 1024;

/**
 * A Lambda whose response passes 6 MB fails the invocation, and API Gateway answers 500
 * `{"message":"Internal Server Error"}`: local mode does the same, so tests see what AWS does.
 */
export function withLambdaResponseCap(
  handler: (e: HttpEvent, c: unknown) => Promise<HttpResult>,
): (e: HttpEvent, c: unknown) => Promise<HttpResult> {
  return async (event, context) => {
    const result = await handler(event, context);
    if (Buffer.byteLength(result.body ?? '') <= MAX_LAMBDA_RESPONSE_BYTES) return result;
    console.error(`${event.routeKey}: response over Lambda's 6 MB payload limit, refused as in AWS`);
    return {
      statusCode: 500,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Internal Server Error' }),
    };
  };
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function isLoopbackAddress(address: string): boolean {
  const a = address.replace(/^::ffff:/, '');
  return a === '::1' || a.startsWith('127.') || a === 'localhost';
}

function isAnyAddress(address: string): boolean {
  return address === '0.0.0.0' || address === '::';
}

/**
 * Which `Host` headers the server answers: loopback names (`localhost`, `*.localhost`, 127.x, [::1]),
 * the address it was told to listen on, and names allowed on purpose. Anything else, such as
 * `Host: evil.example`, is refused.
 */
export function hostCheck(listenHost: string, allowed: readonly string[]): (header: string | undefined) => boolean {
  const extra = new Set([listenHost, ...allowed].map((h) => h.toLowerCase()).filter((h) => !isAnyAddress(h)));
  return (header) => {
    if (!header) return false;
    const name = header.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
    return (
      LOOPBACK_NAMES.has(name) ||
      name.endsWith('.localhost') ||
      /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name) ||
      extra.has(name) ||
      extra.has(name.replace(/^\[|\]$/g, ''))
    );
  };
}
