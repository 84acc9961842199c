/**
 * The five local AWS stand-ins (DynamoDB, S3, Cognito user pool, SES, SQS), started in this process on free
 * ports of 127.0.0.1, with their data under one folder. See docs/local-stand-ins.md for why each is embedded
 * the way it is.
 */
import { createHmac, generateKeyPairSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { handler as preSignUpTrigger } from '@storyloom/functions/handlers/auth/pre-sign-up';
import type { Email as SesEmail } from 'aws-ses-v2-local/dist/store.js';
import type { InvalidParameterError } from 'cognito-local/lib/errors.js';
import type { Config as CognitoConfig } from 'cognito-local/lib/server/config.js';
import type { Router as CognitoRouterFactory } from 'cognito-local/lib/server/Router.js';
import type { createServer as createCognitoServer } from 'cognito-local/lib/server/server.js';
import type { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService.js';
import type { CryptoService } from 'cognito-local/lib/services/crypto.js';
import type { StormDBDataStoreFactory } from 'cognito-local/lib/services/dataStore/stormDb.js';
import type * as CognitoServicesModule from 'cognito-local/lib/services/index.js';
import type { CognitoService, Services as CognitoServices } from 'cognito-local/lib/services/index.js';
import type { MessageDeliveryService } from 'cognito-local/lib/services/messageDelivery/messageDelivery.js';
import type { MessageSender } from 'cognito-local/lib/services/messageDelivery/messageSender.js';
import type { JwtTokenGenerator, TokenConfig } from 'cognito-local/lib/services/tokenGenerator.js';
import type { UserPool, UserPoolServiceFactoryImpl } from 'cognito-local/lib/services/userPoolService.js';
import type { Logger } from 'pino';
import { closeDynaliteIterators } from './dynalite-iterators.ts';
import { addTransactWriteItems, dynaliteWithStore } from './dynalite-transactions.ts';
import { addMultipartAbort, type S3rverApp } from './s3-multipart-abort.ts';

export interface SentEmail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers the sender set (SES v2 `Content.Simple.Headers`), e.g. `List-Unsubscribe`. */
  headers: { name: string; value: string }[];
  sentAt: string;
}

export interface LocalServices {
  endpoints: { dynamodb: string; s3: string; cognito: string; ses: string; sqs: string };
  /** What the Cognito stand-in writes in a token's `iss` before `/<userPoolId>`; see localTokenIssuer. */
  cognitoIssuerBase: string;
  /** The public keys the Cognito stand-in signs with, to seed aws-jwt-verify's `cacheJwks` (nothing to fetch). */
  jwks: { keys: LocalJwk[] };
  /** Mail the SES stand-in accepted, plus the Cognito stand-in's code mails: newest first, across restarts. */
  listSentEmails(): Promise<SentEmail[]>;
  /** The access key id SDK clients must use: `accessKey` when one was required, else 'S3RVER'. */
  accessKey: string;
  /** Its secret: `secretKey` (never the key id itself), else 'S3RVER'. */
  secretKey: string;
  stop(): Promise<void>;
}

/** cognito-local's fixed signing key (RS256, kid 'CognitoLocal'), typed so aws-jwt-verify's `cacheJwks` accepts it. */
export interface LocalJwk {
  kty: string;
  kid: string;
  alg: string;
  use: string;
  n: string;
  e: string;
  [field: string]: string;
}

export interface LocalServicesOptions {
  /** Absolute or cwd-relative folder; gets dynamodb/, s3/, cognito/ and ses/ subfolders. */
  dataDir: string;
  /**
   * Overrides the `iss` prefix of local tokens. Default: the Cognito endpoint itself (http://127.0.0.1:PORT).
   * Pass 'https://cognito-idp.us-east-1.amazonaws.com' to make local tokens verify with an unmodified
   * `CognitoJwtVerifier` (which derives the issuer from the pool id) seeded with `cacheJwks(jwks)`.
   */
  cognitoIssuerBase?: string;
  /**
   * Services already running elsewhere (the LocalStack profile, see infra/local/profile.ts): these are not
   * started here and their endpoints are passed through. Cognito always runs here (LocalStack's free tier has
   * none). With an external SES, the mailbox reads that service's own message list.
   */
  external?: Partial<Record<ExternalService, string>>;
  /**
   * This run's secret: DynamoDB, Cognito, SES and SQS then answer only requests signed with this access
   * key id (SigV4 `Credential=`), so another program or user on the machine cannot drive them without
   * it. The app's clients get it through AWS_ACCESS_KEY_ID (stack.ts). S3 too then answers only this key
   * (browsers reach media through the local server, stack.ts and media-gate.ts, never the stand-in).
   */
  accessKey?: string;
  /** The secret that goes with `accessKey` (s3rver's key pair); defaults to a random one. */
  secretKey?: string;
}

/** The services a profile may point elsewhere. */
export type ExternalService = 'dynamodb' | 's3' | 'sqs' | 'ses';

/** Region of the AWS-shaped ids the Cognito stand-in hands out. */
export const LOCAL_REGION = 'us-east-1';
const LOCAL_ACCOUNT_ID = '000000000000';
/** A CreateUserPool tag that picks the pool id, e.g. `{ [LOCAL_POOL_ID_TAG]: 'us-east-1_Local0001' }`. */
export const LOCAL_POOL_ID_TAG = 'cognito-local:UserPoolId';
const AWS_POOL_ID = /^[a-z]{2}-[a-z]+-\d_[A-Za-z0-9]+$/;

/** The `iss` claim of tokens for `userPoolId`, for aws-jwt-verify's `JwtVerifier.create({ issuer, ... })`. */
export function localTokenIssuer(services: Pick<LocalServices, 'cognitoIssuerBase'>, userPoolId: string): string {
  return `${services.cognitoIssuerBase}/${userPoolId}`;
}

const cjsRequire = createRequire(import.meta.url);

export async function startLocalServices(opts: LocalServicesOptions): Promise<LocalServices> {
  const dataDir = resolve(opts.dataDir);
  const key = opts.accessKey;
  const secret = opts.secretKey ?? (key ? randomBytes(32).toString('hex') : 'S3RVER');
  for (const sub of ['dynamodb', 's3', 'cognito', 'ses']) mkdirSync(join(dataDir, sub), { recursive: true });

  const started: Array<{ stop(): Promise<void> }> = [];
  const track = async <T extends { stop(): Promise<void> }>(p: Promise<T>): Promise<T> => {
    const s = await p;
    started.push(s);
    return s;
  };
  const external = opts.external ?? {};
  const elsewhere = (url: string) => Promise.resolve({ url, stop: async () => {} });
  // The SES stand-in owns the mailbox the Cognito stand-in delivers codes into, so it starts first.
  const ses = external.ses ? externalSes(external.ses) : await track(startSes(join(dataDir, 'ses'), key));
  const starting = [
    external.dynamodb ? elsewhere(external.dynamodb) : track(startDynalite(join(dataDir, 'dynamodb'), key)),
    external.s3 ? elsewhere(external.s3) : track(startS3rver(join(dataDir, 's3'), key, secret)),
    track(startCognito(join(dataDir, 'cognito'), opts.cognitoIssuerBase, ses.deliver, key)),
    external.sqs ? elsewhere(external.sqs) : track(startFauxqs(key)),
  ] as const;
  // Wait for every start to settle before cleaning up, so none is left listening after a failure.
  const failure = (await Promise.allSettled(starting)).find((r) => r.status === 'rejected');
  if (failure) {
    await stopAll(started).catch(() => {});
    throw failure.reason;
  }
  const [dynamodb, s3, cognito, sqs] = await Promise.all(starting);

  let stopping: Promise<void> | undefined;
  return {
    endpoints: { dynamodb: dynamodb.url, s3: s3.url, cognito: cognito.url, ses: ses.url, sqs: sqs.url },
    cognitoIssuerBase: cognito.issuerBase,
    jwks: cognito.jwks,
    listSentEmails: async () => await ses.list(),
    accessKey: opts.accessKey ?? 'S3RVER',
    secretKey: secret,
    stop() {
      stopping ??= stopAll(started);
      return stopping;
    },
  };
}

async function stopAll(services: Array<{ stop(): Promise<void> }>): Promise<void> {
  const results = await Promise.allSettled(services.map((s) => s.stop()));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}

function urlOf(server: http.Server): string {
  const { port } = server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

function listen(server: http.Server): Promise<void> {
  return new Promise((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolveListen();
    });
  });
}

/**
 * The stand-ins trust every caller (no signature checks), and cognito-local even allows any CORS origin.
 * Only the app's SDK clients on this machine should reach them: a request from a web page (it carries an
 * `Origin`, a CORS preflight too) or addressed to a non-loopback name (DNS rebinding) is refused, so a
 * site open in the user's browser cannot create an admin or read the table. S3 too: browsers upload and
 * read media through the local server's media gate (media-gate.ts), which checks their signed URLs.
 * Other programs of the same user can still call them: see docs/local-mode.md, "Who can reach what".
 */
function answerOnlyThisMachine(
  server: http.Server,
  key: string | undefined,
  unsigned: (req: http.IncomingMessage) => boolean = () => false,
): void {
  const listeners = server.listeners('request') as http.RequestListener[];
  server.removeAllListeners('request');
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (!fromSdkOnThisMachine(req) || !(signedWith(req, key) || unsigned(req))) {
      res.writeHead(403, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'Local stand-ins answer only the app on this machine.' }));
      return;
    }
    for (const listener of listeners) listener.call(server, req, res);
  });
}

/**
 * With a run key required: the request's SigV4 credential (header, or a presigned URL's query) names it.
 * The Cognito stand-in's discovery and JWKS documents stay open (public keys, as in AWS).
 */
function signedWith(req: http.IncomingMessage, key: string | undefined): boolean {
  if (!key) return true;
  if (req.method === 'GET' && /\/\.well-known\//.test(req.url ?? '')) return true;
  const fromHeader = /Credential=([^/,\s]+)\//.exec(req.headers.authorization ?? '')?.[1];
  const fromQuery = new URL(req.url ?? '/', 'http://local').searchParams.get('X-Amz-Credential')?.split('/')[0];
  const given = Buffer.from(fromHeader ?? fromQuery ?? '');
  const wanted = Buffer.from(key);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

export function fromSdkOnThisMachine(req: Pick<http.IncomingMessage, 'headers'>): boolean {
  if (req.headers.origin !== undefined) return false;
  const host = (req.headers.host ?? '').toLowerCase().replace(/:\d+$/, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** Closes a server without waiting for the SDK clients' keep-alive sockets to time out. */
function closeServer(server: http.Server): Promise<void> {
  return new Promise((resolveClose, reject) => {
    server.close((err) => (err ? reject(err) : resolveClose()));
    server.closeAllConnections();
  });
}

// ---------------------------------------------------------------------------------------------- DynamoDB

/** dynalite's close() also closes the LevelDB store; TransactWriteItems is added in front of it. */
async function startDynalite(path: string, key: string | undefined) {
  closeDynaliteIterators();
  const { server, store } = dynaliteWithStore({ path, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  addTransactWriteItems(server, store);
  answerOnlyThisMachine(server, key);
  await listen(server);
  return { url: urlOf(server), stop: () => closeServer(server) };
}

// ---------------------------------------------------------------------------------------------- S3

/** s3rver ships no types; this is the part used here. */
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  httpServer?: http.Server;
}
type S3rverClass = new (options: {
  port: number;
  address: string;
  directory: string;
  silent: boolean;
}) => S3rverInstance;

async function startS3rver(directory: string, key: string | undefined, secret: string) {
  const S3rver = cjsRequire('s3rver') as S3rverClass;
  const s3rver = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true });
  // s3rver knows one key pair, S3RVER; this run's key is registered beside it (and the front check below
  // lets only this run's key through). s3rver checks no SigV4 signature, so the secret is not the guard.
  if (key) {
    const { DUMMY_ACCOUNT } = cjsRequire('s3rver/lib/models/account') as {
      DUMMY_ACCOUNT: { createKeyPair(id: string, secret: string): void };
    };
    DUMMY_ACCOUNT.createKeyPair(key, secret);
  }
  addMultipartAbort(s3rver as unknown as S3rverApp);
  const { port } = await s3rver.run();
  if (s3rver.httpServer) answerOnlyThisMachine(s3rver.httpServer, key);
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      const closing = s3rver.close();
      s3rver.httpServer?.closeAllConnections();
      await closing;
    },
  };
}

// ---------------------------------------------------------------------------------------------- Cognito

/** Stands in for the SES mailbox, so codes the Cognito stand-in would email land where tests and the app look. */
type DeliverEmail = (email: { to: string; from: string; subject: string; text: string }) => void;

/**
 * cognito-local's own entry point (createDefaultServer) fixes port 9229, a cwd-relative `.cognito/` folder and an
 * issuer of http://localhost:9229, loads aws-sdk v2 (which prints an end-of-support notice) and prints codes to the
 * console. So it is assembled here from its parts, the same way, minus those.
 */
async function startCognito(
  dataDirectory: string,
  issuerOverride: string | undefined,
  deliver: DeliverEmail,
  key: string | undefined,
) {
  const pkgRequire = createRequire(cjsRequire.resolve('cognito-local/package.json'));
  const pino = pkgRequire('pino') as (options: { level: string }) => Logger;
  const services = pkgRequire('./lib/services/index.js') as typeof CognitoServicesModule;
  const { CognitoServiceFactoryImpl: CognitoFactory } = pkgRequire('./lib/services/cognitoService.js') as {
    CognitoServiceFactoryImpl: typeof CognitoServiceFactoryImpl;
  };
  const { StormDBDataStoreFactory: DataStoreFactory } = pkgRequire('./lib/services/dataStore/stormDb.js') as {
    StormDBDataStoreFactory: typeof StormDBDataStoreFactory;
  };
  const { UserPoolServiceFactoryImpl: UserPoolFactory } = pkgRequire('./lib/services/userPoolService.js') as {
    UserPoolServiceFactoryImpl: typeof UserPoolServiceFactoryImpl;
  };
  const { MessageDeliveryService: Delivery } = pkgRequire('./lib/services/messageDelivery/messageDelivery.js') as {
    MessageDeliveryService: typeof MessageDeliveryService;
  };
  const { JwtTokenGenerator: TokenGenerator } = pkgRequire('./lib/services/tokenGenerator.js') as {
    JwtTokenGenerator: typeof JwtTokenGenerator;
  };
  const { otp } = pkgRequire('./lib/services/otp.js') as { otp: () => string };
  const { Router } = pkgRequire('./lib/server/Router.js') as { Router: typeof CognitoRouterFactory };
  const { createServer } = pkgRequire('./lib/server/server.js') as { createServer: typeof createCognitoServer };
  const { InvalidParameterError: InvalidParameter } = pkgRequire('./lib/errors.js') as {
    InvalidParameterError: typeof InvalidParameterError;
  };
  const { UserNotFoundError: UserNotFound } = pkgRequire('./lib/errors.js') as {
    UserNotFoundError: new () => Error;
  };
  // The package signs with a key pair published inside it, so anyone could mint an admin's token for
  // it. Both modules are read at each signing and each JWKS request: point them at this folder's pair.
  const signingKey = loadOrCreateSigningKey(dataDirectory);
  const privateKey = pkgRequire('./lib/keys/cognitoLocal.private.json') as { jwk: unknown; pem: string };
  const publicKey = pkgRequire('./lib/keys/cognitoLocal.public.json') as { jwk: LocalJwk };
  privateKey.pem = signingKey.pem;
  publicKey.jwk = signingKey.jwk;

  const logger = pino({ level: 'silent' });
  const ctx = { logger };
  // Read by the token generator on every sign-in, so it can be pointed at the real port once bound.
  const tokenConfig: TokenConfig = { IssuerDomain: issuerOverride };
  const config: CognitoConfig = {
    LambdaClient: {},
    // The pool's pre-sign-up trigger, as in AWS (infra/lib/constructs/user-directory.ts): see inProcessLambda.
    TriggerFunctions: { PreSignUp: PRE_SIGN_UP_FUNCTION },
    // cognito-local defaults every pool to email-as-username; AWS does not, and the app's pool says what it wants.
    UserPoolDefaults: {},
    TokenConfig: tokenConfig,
    ServerConfig: { port: 0, hostname: '127.0.0.1', development: false, https: false },
  };

  const clock = new services.DateClock();
  const dataStoreFactory = new DataStoreFactory(dataDirectory);
  const cognito = await new CognitoFactory(
    dataDirectory,
    dataStoreFactory,
    new UserPoolFactory(clock, dataStoreFactory),
  ).create(ctx, config.UserPoolDefaults);
  giveAwsShapedPoolIds(cognito, (message) => new InvalidParameter(message));

  // The one trigger runs the app's own handler in this process; no KMS trigger: stubs keep aws-sdk v2 unloaded.
  const noKms = {} as CryptoService;
  const triggers = new services.TriggersService(
    clock,
    cognito,
    new services.LambdaService(config.TriggerFunctions, inProcessLambda),
    noKms,
  );
  const sender: MessageSender = {
    // Without a CustomMessage trigger cognito-local passes only the code; word it like Cognito's default messages.
    async sendEmail(_ctx, user, destination, message) {
      const code = message.__code ?? '';
      const invitation = user.UserStatus === 'FORCE_CHANGE_PASSWORD';
      deliver({
        to: destination,
        from: 'no-reply@verificationemail.com',
        subject: message.emailSubject ?? (invitation ? 'Your temporary password' : 'Your verification code'),
        text:
          message.emailMessage ??
          (invitation
            ? `Your username is ${user.Username} and temporary password is ${code}.`
            : `Your verification code is ${code}.`),
      });
    },
    async sendSms() {},
  };
  const cognitoServices: CognitoServices = {
    clock,
    cognito,
    config,
    messages: new services.MessagesService(triggers, new Delivery(sender)),
    otp,
    tokenGenerator: new TokenGenerator(clock, triggers, tokenConfig),
    triggers,
  };
  const route = Router(cognitoServices);
  const { NotAuthorizedError: NotAuthorized } = pkgRequire('./lib/errors.js') as {
    NotAuthorizedError: new () => Error;
  };
  /** AWS refuses a confidential client's call without the right secret; cognito-local checks none. */
  const checkSecret = async (
    ctx: Parameters<CognitoService['getAppClient']>[0],
    clientId: string,
    given: string | undefined,
    username?: string,
  ) => {
    const client = await cognito.getAppClient(ctx, clientId);
    const secret = client?.ClientSecret;
    if (!secret) return;
    const wanted =
      username === undefined
        ? secret
        : createHmac('sha256', secret)
            .update(username + clientId)
            .digest('base64');
    const [a, b] = [Buffer.from(given ?? ''), Buffer.from(wanted)];
    if (a.length !== b.length || !timingSafeEqual(a, b)) throw new NotAuthorized();
  };
  type SecretRequest = {
    ClientId: string;
    SecretHash?: string;
    Username?: string;
    AuthFlow?: string;
    AuthParameters?: Record<string, string>;
    ClientSecret?: string;
    RefreshToken?: string;
  };
  const router: typeof route = (target) => {
    // cognito-local has no global sign-out; AWS's AdminUserGlobalSignOut revokes the user's refresh tokens,
    // which here are the list kept on the user.
    if (target === 'AdminUserGlobalSignOut') {
      return async (ctx, req: { UserPoolId: string; Username: string }) => {
        const userPool = await cognito.getUserPool(ctx, req.UserPoolId);
        const user = await userPool.getUserByUsername(ctx, req.Username);
        if (!user) throw new UserNotFound();
        await userPool.saveUser(ctx, { ...user, RefreshTokens: [] });
        return {};
      };
    }
    // Nor GetTokensFromRefreshToken: it is REFRESH_TOKEN_AUTH with the client secret instead of a SECRET_HASH
    // (a revoked refresh token is no longer in the user's list, so it fails the same way).
    if (target === 'GetTokensFromRefreshToken') {
      const initiate = route('InitiateAuth');
      return async (ctx, req: SecretRequest) => {
        await checkSecret(ctx, req.ClientId, req.ClientSecret);
        const answer = (await initiate(ctx, {
          ClientId: req.ClientId,
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          AuthParameters: { REFRESH_TOKEN: req.RefreshToken ?? '' },
        } as never)) as { AuthenticationResult?: unknown };
        return { AuthenticationResult: answer.AuthenticationResult };
      };
    }
    if (target === 'SignUp' || target === 'InitiateAuth') {
      const inner = route(target);
      return async (ctx, req: SecretRequest) => {
        const refresh = req.AuthFlow === 'REFRESH_TOKEN_AUTH' || req.AuthFlow === 'REFRESH_TOKEN';
        if (!refresh) {
          const username = target === 'SignUp' ? req.Username : req.AuthParameters?.USERNAME;
          const given = target === 'SignUp' ? req.SecretHash : req.AuthParameters?.SECRET_HASH;
          await checkSecret(ctx, req.ClientId, given, username ?? '');
        } else {
          // AWS wants the SECRET_HASH of the token owner's username on a refresh too (the app's
          // fallback refresh, adapters/user-pool.ts); an unknown token fails below as NotAuthorized.
          const client = await cognito.getAppClient(ctx, req.ClientId);
          const pool = client ? await cognito.getUserPool(ctx, client.UserPoolId) : undefined;
          const owner = pool && (await pool.getUserByRefreshToken(ctx, req.AuthParameters?.REFRESH_TOKEN ?? ''));
          if (owner) await checkSecret(ctx, req.ClientId, req.AuthParameters?.SECRET_HASH, owner.Username);
        }
        return inner(ctx, req as never);
      };
    }
    return route(target);
  };
  const app = createServer(router, logger, config.ServerConfig, cognitoServices).application as http.RequestListener;

  let url = '';
  const issuerBase = () => tokenConfig.IssuerDomain ?? url;
  const server = http.createServer((req, res) => {
    // cognito-local answers discovery with a hard-coded http://localhost:9229; answer with the real addresses.
    const discovery = /^\/([^/?]+)\/\.well-known\/openid-configuration(?:\?|$)/.exec(req.url ?? '');
    if (req.method === 'GET' && discovery) {
      const poolId = discovery[1];
      res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      res.end(
        JSON.stringify({
          issuer: `${issuerBase()}/${poolId}`,
          jwks_uri: `${url}/${poolId}/.well-known/jwks.json`,
          id_token_signing_alg_values_supported: ['RS256'],
        }),
      );
      return;
    }
    app(req, res);
  });
  // The SDK signs no request of the client's own operations (AWS authorizes them by the client secret,
  // checked above): those few pass unsigned, as the pool's WAF lets them pass in AWS.
  answerOnlyThisMachine(server, key, (req) => UNSIGNED_COGNITO_TARGETS.has(String(req.headers['x-amz-target'])));
  await listen(server);
  url = urlOf(server);
  tokenConfig.IssuerDomain ??= url;

  return {
    url,
    issuerBase: issuerBase(),
    jwks: { keys: [publicKey.jwk] },
    stop: () => closeServer(server),
  };
}

/** The public operations the app calls (infra/lib/constructs/edge-firewall.ts, USER_POOL_PUBLIC_OPERATIONS). */
const UNSIGNED_COGNITO_TARGETS = new Set(
  ['SignUp', 'InitiateAuth', 'GetTokensFromRefreshToken'].map((op) => `AWSCognitoIdentityProviderService.${op}`),
);

/** The function name the local pool's PreSignUp trigger is configured with. */
const PRE_SIGN_UP_FUNCTION = 'storyloom-pre-sign-up';

/**
 * Stands in for the Lambda client cognito-local invokes triggers with (aws-sdk v2's `invoke().promise()`):
 * the pre-sign-up trigger is the app's own handler (functions/src/handlers/auth/pre-sign-up.ts), run here.
 */
const inProcessLambda = {
  invoke(params: { FunctionName: string; Payload: string }) {
    return {
      promise: async () => {
        if (params.FunctionName !== PRE_SIGN_UP_FUNCTION) {
          return { StatusCode: 200, FunctionError: 'Unhandled', Payload: '{"errorMessage":"no such function"}' };
        }
        const result = await preSignUpTrigger(JSON.parse(params.Payload));
        return { StatusCode: 200, Payload: JSON.stringify(result) };
      },
    };
  },
} as unknown as ConstructorParameters<typeof CognitoServicesModule.LambdaService>[1];

/**
 * The Cognito stand-in's RS256 key pair, made once per data folder (`cognito/signing-key.json`, readable
 * only by its owner) and kept across restarts, so tokens stay valid over a restart and no two folders
 * (or machines) share a key. kid stays 'CognitoLocal', the one cognito-local writes into its tokens.
 */
function loadOrCreateSigningKey(dataDirectory: string): { pem: string; jwk: LocalJwk } {
  const file = join(dataDirectory, 'signing-key.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as { pem: string; jwk: LocalJwk };
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const { n, e, kty } = publicKey.export({ format: 'jwk' }) as { n: string; e: string; kty: string };
  const key = {
    pem: privateKey.export({ format: 'pem', type: 'pkcs1' }).toString(),
    jwk: { kty, e, n, use: 'sig', kid: 'CognitoLocal', alg: 'RS256' },
  };
  writeFileSync(file, JSON.stringify(key), { mode: 0o600 });
  return key;
}

/**
 * cognito-local names pools `local_XXXXXXXX`, which aws-jwt-verify rejects and AWS never produces. Rename them
 * to `us-east-1_XXXXXXXX`, or to the id asked for with the LOCAL_POOL_ID_TAG tag, so a local pool can keep a
 * fixed id across fresh data folders.
 */
function giveAwsShapedPoolIds(cognito: CognitoService, invalid: (message: string) => Error): void {
  const create = cognito.createUserPool.bind(cognito);
  cognito.createUserPool = async (ctx, pool: UserPool) => {
    const requested = pool.UserPoolTags?.[LOCAL_POOL_ID_TAG];
    if (requested !== undefined && !AWS_POOL_ID.test(requested)) {
      throw invalid(`${LOCAL_POOL_ID_TAG} must look like ${LOCAL_REGION}_Abc123, got ${requested}`);
    }
    const id = requested ?? `${LOCAL_REGION}_${pool.Id.replace(/^[^_]*_/, '')}`;
    const existing = await cognito.listUserPools(ctx);
    if (existing.some((p) => p.Id === id)) throw invalid(`User pool ${id} already exists`);
    const region = id.slice(0, id.indexOf('_'));
    return create(ctx, { ...pool, Id: id, Arn: `arn:aws:cognito-idp:${region}:${LOCAL_ACCOUNT_ID}:userpool/${id}` });
  };
}

// ---------------------------------------------------------------------------------------------- SES

interface SesStoreModule {
  saveEmail(email: SesEmail): void;
  clearStore(): void;
  getStoreReadonly(): { emails: SesEmail[] };
}
type SesServer = (config: { host: string; port: number }) => Promise<http.Server>;

/** aws-ses-v2-local keeps its mailbox in one module-level array, so only one instance per process can own it. */
let sesJournal: string | undefined;
let sesPatched = false;

/**
 * aws-ses-v2-local keeps mail in memory only. Every accepted mail is also appended to ses/emails.jsonl (synchronously,
 * before the SendEmail response), and the file is loaded back into its store at start, so its GET /store and
 * listSentEmails both show mail sent before a restart.
 */
async function startSes(directory: string, key: string | undefined) {
  if (sesJournal !== undefined) throw new Error('The SES stand-in is already running in this process');
  const store = cjsRequire('aws-ses-v2-local/dist/store.js') as SesStoreModule;
  const { default: sesServer } = cjsRequire('aws-ses-v2-local') as { default: SesServer };
  const journal = join(directory, 'emails.jsonl');

  if (!sesPatched) {
    // The route handlers look saveEmail and clearStore up on this exports object at call time.
    const { saveEmail, clearStore } = store;
    store.saveEmail = (email) => {
      saveEmail(email);
      if (sesJournal) appendFileSync(sesJournal, `${JSON.stringify(email)}\n`);
    };
    store.clearStore = () => {
      clearStore();
      if (sesJournal) writeFileSync(sesJournal, '');
    };
    sesPatched = true;
  }

  store.clearStore();
  const emails = store.getStoreReadonly().emails;
  if (existsSync(journal)) {
    for (const line of readFileSync(journal, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      try {
        emails.push(JSON.parse(line) as SesEmail);
      } catch {
        // A line cut short by a crash mid-write loses that one mail, not the mailbox.
      }
    }
  }
  sesJournal = journal;

  let server: http.Server;
  try {
    server = await sesServer({ host: '127.0.0.1', port: 0 });
    answerOnlyThisMachine(server, key);
  } catch (err) {
    sesJournal = undefined;
    throw err;
  }

  return {
    url: urlOf(server),
    list(): SentEmail[] {
      return store
        .getStoreReadonly()
        .emails.map((e) => ({
          to: e.destination.to,
          from: e.from,
          subject: e.subject,
          text: e.body.text ?? '',
          html: e.body.html ?? '',
          headers: e.headers ?? [],
          sentAt: new Date(e.at * 1000).toISOString(),
        }))
        .reverse();
    },
    deliver: ((mail) => {
      store.saveEmail({
        messageId: `cognito-${randomBytes(12).toString('hex')}`,
        from: mail.from,
        replyTo: [],
        destination: { to: [mail.to], cc: [], bcc: [] },
        subject: mail.subject,
        body: { text: mail.text },
        attachments: [],
        at: Math.floor(Date.now() / 1000),
      });
    }) satisfies DeliverEmail,
    stop: async () => {
      try {
        await closeServer(server);
      } finally {
        sesJournal = undefined;
      }
    },
  };
}

/**
 * An SES running elsewhere (LocalStack, or a stand-in in a test): its accepted mail is listed from LocalStack's
 * `GET /_aws/ses` or aws-ses-v2-local's `GET /store`, whichever answers. The Cognito stand-in's code mails (the
 * app sends none: it creates users with MessageAction SUPPRESS) are kept in memory here.
 */
function externalSes(url: string) {
  const own: SentEmail[] = [];
  const get = async (path: string) => {
    const res = await fetch(new URL(path, url), { signal: AbortSignal.timeout(3000) });
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return (await res.json()) as Record<string, unknown>;
  };
  type LocalStackMessage = {
    Source: string;
    Destination?: { ToAddresses?: string[] };
    Subject?: string;
    Body?: { text_part?: string; html_part?: string };
    Timestamp?: string;
  };
  return {
    url,
    async list(): Promise<SentEmail[]> {
      const fromStandIn = await get('/store').catch(() => undefined);
      let mail: SentEmail[];
      if (fromStandIn && Array.isArray(fromStandIn.emails)) {
        mail = (fromStandIn.emails as SesEmail[]).map((e) => ({
          to: e.destination.to,
          from: e.from,
          subject: e.subject,
          text: e.body.text ?? '',
          html: e.body.html ?? '',
          headers: e.headers ?? [],
          sentAt: new Date(e.at * 1000).toISOString(),
        }));
      } else {
        const fromLocalStack = await get('/_aws/ses');
        mail = ((fromLocalStack.messages ?? []) as LocalStackMessage[]).map((m) => ({
          to: m.Destination?.ToAddresses ?? [],
          from: m.Source,
          subject: m.Subject ?? '',
          text: m.Body?.text_part ?? '',
          html: m.Body?.html_part ?? '',
          headers: [],
          sentAt: m.Timestamp ? new Date(m.Timestamp).toISOString() : new Date(0).toISOString(),
        }));
      }
      return [...own, ...mail].sort((a, b) => b.sentAt.localeCompare(a.sentAt));
    },
    deliver: ((mail) => {
      own.push({
        to: [mail.to],
        from: mail.from,
        subject: mail.subject,
        text: mail.text,
        html: '',
        headers: [],
        sentAt: new Date().toISOString(),
      });
    }) satisfies DeliverEmail,
    stop: async () => {},
  };
}

// ---------------------------------------------------------------------------------------------- SQS

/**
 * fauxqs's startFauxqs() binds 0.0.0.0 (its SQLite persistence is only wired there), so its Fastify app is
 * listened on 127.0.0.1 here instead: memory only. Queue URLs come out AWS-shaped,
 * http://sqs.us-east-1.localhost:PORT/000000000000/<name>; that host need not resolve, because an SQSClient
 * given an `endpoint` sends there and fauxqs finds the queue by the URL's region and name.
 */
async function startFauxqs(key: string | undefined) {
  const { buildApp } = await withoutSqliteWarning(() => import('fauxqs'));
  const app = buildApp({ logger: false, defaultRegion: LOCAL_REGION });
  await app.listen({ port: 0, host: '127.0.0.1' });
  answerOnlyThisMachine(app.server, key);
  return { url: urlOf(app.server), stop: () => app.close() };
}

/**
 * fauxqs imports node:sqlite (for the persistence this setup does not use), and Node 22 prints an
 * ExperimentalWarning to stderr when it loads. Drop that one warning; every other warning still goes through.
 */
async function withoutSqliteWarning<T>(load: () => Promise<T>): Promise<T> {
  const emitWarning = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const message = typeof warning === 'string' ? warning : warning.message;
    if (message.startsWith('SQLite is an experimental feature')) return;
    (emitWarning as (w: string | Error, ...r: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    return await load();
  } finally {
    process.emitWarning = emitWarning;
  }
}
