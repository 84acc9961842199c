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
import { uploadRules } from '@storyloom/shared/media';
import { serverText } from '@storyloom/shared/messages';
import { JwtVerifier } from 'aws-jwt-verify';
import { validateCognitoJwtFields } from 'aws-jwt-verify/cognito-verifier';
import { badAddressJson, isWellFormedPath } from '../lib/edge/source.ts';
import { securityHeaders } from '../lib/security-headers.ts';
import { createApiAdapter, send } from './api-adapter.ts';
import { handleSendNow, isSendNowPath, localMailLinkSecret, startFamilyMailTimer } from './family-mail.ts';
import { startHeavyPool } from './heavy-pool.ts';
import { sendMailboxJson, sendMailboxPage } from './mailbox.ts';
import { createMediaGate } from './media-gate.ts';
import { ensureSenderIdentity } from './profile.ts';
import { type ProvisionedResources, provisionLocal } from './provision.ts';
import { compileRoutes } from './router.ts';
import { type ExternalService, type LocalServices, localTokenIssuer, startLocalServices } from './services.ts';
import { createStaticHandler, sendBadAddressPage } from './static-files.ts';
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

/**
 * SDK settings for the stand-ins. The access key id is this run's secret (a random one per start, see
 * `accessKey` in services.ts); its secret key is another random value (the stand-ins check no SigV4
 * signature, so the key id is what they guard on).
 */
const localSdk = (services: Pick<LocalServices, 'accessKey' | 'secretKey'>) => ({
  region: 'us-east-1',
  credentials: { accessKeyId: services.accessKey, secretAccessKey: services.secretKey },
});

/** Where browsers reach media in local mode (media-gate.ts): on the page's own origin. */
export const LOCAL_MEDIA_PATH = '/_media';

/** The media-only key pair: presigned URLs for browsers carry this key id, which only the media gate accepts. */
export interface LocalMediaKeys {
  accessKeyId: string;
  secretAccessKey: string;
}

/** Creates the table, bucket, pool and queues on running stand-ins (see provision.ts). */
export function provisionOnServices(
  services: LocalServices,
  opts: { dataDir: string; visibilityTimeoutSeconds: number; mediaVisibilityTimeoutSeconds?: number },
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
  /** Given by `startLocalStack`: handlers then sign browsers' media URLs for the media gate. */
  media?: LocalMediaKeys,
): Record<string, string> {
  return {
    ...(media && {
      LOCAL_MEDIA_PATH,
      LOCAL_MEDIA_KEY_ID: media.accessKeyId,
      LOCAL_MEDIA_SECRET: media.secretAccessKey,
    }),
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
  // A key pair per start for browsers' media URLs only: a URL seen by anyone names this key id, which no
  // stand-in accepts; only the media gate below does, for the media bucket alone.
  const mediaKeys: LocalMediaKeys = {
    accessKeyId: `media${randomBytes(16).toString('hex')}`,
    secretAccessKey: randomBytes(32).toString('hex'),
  };
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
    visibilityTimeoutSeconds: opts.visibilityTimeoutSeconds ?? 20,
    mediaVisibilityTimeoutSeconds: opts.mediaVisibilityTimeoutSeconds,
  });
  const sqs = new SQSClient({ ...localSdk(services), endpoint: services.endpoints.sqs });
  const env: Record<string, string> = {
    ...localHandlerEnv(services, resources, url, mediaKeys),
    LOG_LEVEL: opts.quiet ? 'silent' : 'info',
    // The family-loop email's link key (a Secrets Manager secret in AWS), kept with the data.
    MAIL_LINK_SECRET: localMailLinkSecret(opts.dataDir),
    ...opts.env,
  };
  // Handlers read their configuration once at module load, exactly as in Lambda: set it before loading them.
  Object.assign(process.env, env);
  // LocalStack's SES refuses unverified senders: verify ours there (best effort; the embedded one needs none).
  if (opts.external?.ses) await ensureSenderIdentity(opts.external.ses, env.SES_FROM_ADDRESS ?? '');
  // The browser headers CloudFront adds in AWS (infra/lib/security-headers.ts): the SPA runs under the same
  // CSP locally; media comes from the page's own origin (the media gate), so no other origin is named.
  const browserHeaders = securityHeaders({ mediaOrigins: [] });
  const serveMedia = createMediaGate({
    path: LOCAL_MEDIA_PATH,
    bucket: resources.mediaBucket,
    region: localSdk(services).region,
    credentials: mediaKeys,
    s3: new S3Client({
      region: env.AWS_REGION,
      endpoint: env.S3_ENDPOINT,
      forcePathStyle: true,
      credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID ?? '', secretAccessKey: env.AWS_SECRET_ACCESS_KEY ?? '' },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }),
    // The largest upload kind, plus room for the form's fields.
    maxPostBytes: Math.max(...Object.values(uploadRules).map((r) => r.maxBytes)) + 64 * 1024,
  });
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
  // Sample analysis, synthesis and MP3 encoding in worker threads: this process also serves the API.
  const { registerHeavyWork } = await import('@storyloom/functions/adapters/voice/offload');
  const heavy = startHeavyPool();
  registerHeavyWork(heavy.work);
  // The first spoken answer would otherwise pay the engine's start (eSpeak-NG load and pitch calibration,
  // 1–2 s): `npm start` warms it in the background for both voice families (docs/interactive.md).
  if (!opts.quiet) void warmLocalSpeech();
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
    pollers: mediaWorker.maxConcurrency,
    handler: (await loadModule(mediaWorker.handler)).handler as (e: SqsEvent, c: unknown) => Promise<SqsBatchResponse>,
    onError: (error) => {
      if (!opts.quiet) console.error('media worker error', error);
    },
  });

  // Data from before the public page directory (data/public-pages.ts): build it once, as an operator
  // would in AWS; until then deep public pages are read the slower way, so nothing waits for it.
  const { publicPagesReady } = await import('@storyloom/functions/data/public-pages');
  const { countPublicStories, recountPublicStories } = await import('@storyloom/functions/data/stories');
  if (!(await publicPagesReady()) && (await countPublicStories()) > 0) {
    await recountPublicStories().catch((error: unknown) => {
      if (!opts.quiet) console.error('public page directory rebuild failed', error);
    });
  }

  // Local stand-in for the media bucket's lifecycle rule: abandoned pending uploads go after a day.
  const { sweepAbandonedUploads } = await import('@storyloom/functions/domain/media/sweep');
  // …and spoken answers of the interactive player after a day (docs/interactive.md).
  const { sweepExpiredAnswers } = await import('@storyloom/functions/domain/interactive/sweep');
  // …and DynamoDB's TTL, which dynalite lacks: expired sessions, cached answers, counters and links go.
  const { sweepExpiredItems } = await import('./ttl-sweep.ts');
  const sweep = () =>
    Promise.all([sweepAbandonedUploads(), sweepExpiredAnswers(), sweepExpiredItems()]).catch((error: unknown) => {
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
  // The family-loop email's hourly run (AWS: an EventBridge rule), docs/family-loop.md.
  const familyMailTimer = startFamilyMailTimer((error) => {
    if (!opts.quiet) console.error('family mail run not queued', error);
  });

  ready = async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://local').pathname;
    const backend = path === '/backend' || path.startsWith('/backend/');
    // A broken %-escape gets the edge functions' 400 (infra/lib/edge): the API's {error}, or the app's page.
    if (!isWellFormedPath(path)) {
      withBrowserHeaders(res);
      return backend ? send(res, 400, JSON.parse(badAddressJson())) : sendBadAddressPage(res);
    }
    if (backend) {
      withBrowserHeaders(res);
      return api(req, res, path.slice('/backend'.length) || '/');
    }
    if (path.startsWith(`${LOCAL_MEDIA_PATH}/`)) return serveMedia(req, res);
    // The mailbox holds reset links: it answers only on this machine, whatever address the server listens on.
    const mailbox = path === '/_local/mailbox.json' || path === '/_local/mailbox';
    if (mailbox && !isLoopbackAddress(req.socket.remoteAddress ?? '')) return send(res, 404, { error: 'Not found' });
    const sendNow = isSendNowPath(path);
    if (sendNow && !isLoopbackAddress(req.socket.remoteAddress ?? '')) return send(res, 404, { error: 'Not found' });
    if (path === '/_local/mailbox.json') return sendMailboxJson(res, await services.listSentEmails());
    if (path === '/_local/mailbox') return sendMailboxPage(res, await services.listSentEmails(), req.url);
    if (sendNow) return handleSendNow(req, res);
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, { error: 'Method not allowed' });
    withBrowserHeaders(res);
    return serveStatic(req, res, path);
  };

  return {
    url,
    env,
    async stop() {
      clearInterval(sweepTimer);
      familyMailTimer.stop();
      await Promise.all([workerLoop.stop(), mediaWorkerLoop.stop()]);
      registerHeavyWork(undefined);
      await heavy.close();
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

async function warmLocalSpeech(): Promise<void> {
  try {
    const { speechEngine } = await import('@storyloom/functions/adapters/voice/speech');
    const { LOCAL_PRESETS } = await import('@storyloom/functions/adapters/voice/local-voices');
    const engine = await speechEngine();
    for (const voice of LOCAL_PRESETS) await engine.synthesize(voice.id, 'Yes.');
  } catch {
    // Warming is an optimisation: the first answer pays the start instead.
  }
}
