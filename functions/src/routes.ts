/**
 * The route table: every spec path once. CDK builds one Lambda + HTTP API route per entry from it,
 * and local mode mounts the same entries on its HTTP server.
 */
import { accountFunctions, accountRoutes } from './routes/accounts.ts';
import { bookRoutes } from './routes/book.ts';
import { contactRoutes } from './routes/contact.ts';
import { familyMailFunctions, familyMailRoutes } from './routes/family-mail.ts';
import { interactiveRoutes } from './routes/interactive.ts';
import { keepsakeRoutes } from './routes/keepsake.ts';
import { mediaRoutes } from './routes/media.ts';
import { photoRoutes } from './routes/photos.ts';
import { promptRoutes } from './routes/prompts.ts';
import { adminStoryRoutes, publicStoryRoutes, storyRoutes } from './routes/stories.ts';
import { transcriptRoutes } from './routes/transcripts.ts';
import { voiceRoutes } from './routes/voice.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** `public`: anyone; `user`: a valid Cognito token; `admin`: a token whose user has the admin role (checked again in the handler against the user record). */
export type RouteAuth = 'public' | 'user' | 'admin';

export interface RouteDef {
  method: HttpMethod;
  /** The spec's path, in API Gateway syntax (`/api/stories/{id}`). */
  path: string;
  /** Entry file below `functions/src/handlers/`, without extension; it exports `handler`. */
  handler: string;
  auth: RouteAuth;
  timeoutSeconds?: number;
  memoryMb?: number;
  /**
   * What the handler may touch in AWS; the CDK app grants exactly this to the route's own role, and
   * `infra/lib/grants.ts` fails synth and tests when the handler's bundle uses an SDK command it
   * does not cover (docs/infrastructure.md, "Grants per route"). Declare nothing you do not call.
   */
  grants: RouteGrants;
  /** API Gateway throttle for this route (requests per second, burst); default by `auth`, see infra. */
  throttle?: { rate: number; burst: number };
}

/** The queues a function may send to: the jobs queue (mail, purges) and the media-jobs queue (voice, narration). */
export type QueueName = 'jobs' | 'media-jobs';
/**
 * Secrets in Secrets Manager, read at cold start by functions/src/lib/secrets.ts: the provider keys, and
 * `cognito-client`, the user pool web client's secret (the public Cognito calls prove the API with it).
 */
export type SecretName = 'elevenlabs' | 'openai' | 'cognito-client' | 'mail-links';
/** Cognito admin calls on the app's own pool (without the `cognito-idp:` prefix). */
export type CognitoAction =
  | 'AdminCreateUser'
  | 'AdminSetUserPassword'
  | 'AdminInitiateAuth'
  | 'AdminGetUser'
  | 'AdminUpdateUserAttributes'
  | 'AdminDeleteUser'
  | 'AdminAddUserToGroup'
  | 'AdminRemoveUserFromGroup'
  | 'AdminListGroupsForUser'
  | 'AdminUserGlobalSignOut'
  | 'AdminDisableUser'
  | 'AdminEnableUser'
  | 'ListUsers';

export interface RouteGrants {
  /** The one table: `read` = get/query; `readwrite` adds put/update/delete (and transactions of them). */
  table?: 'read' | 'readwrite';
  /** The media bucket, objects under `users/`: `read` = get/head/list; `readwrite` adds put/copy/delete and presigned uploads. */
  media?: 'read' | 'readwrite';
  /** Cognito admin actions on the pool; never on a route that does not call them. */
  cognito?: readonly CognitoAction[];
  /** `ses:SendEmail` from the configured sender only. */
  mail?: true;
  /** `sqs:SendMessage` on these queues. */
  queue?: QueueName | readonly QueueName[];
  /** `secretsmanager:GetSecretValue` on these provider secrets. */
  secrets?: readonly SecretName[];
  /** `lambda:InvokeFunction` on these private functions (their names reach the handler as environment). */
  invoke?: readonly PrivateFunctionId[];
}

/** Functions no route exposes: the account keeper (password reset) and the user pool's trigger. */
export type PrivateFunctionId = 'account-keeper' | 'pre-sign-up' | 'ses-feedback';

/** A function outside the route table and the queues, invoked by a route or by Cognito; it declares its grants too. */
export interface PrivateFunctionDef {
  id: PrivateFunctionId;
  handler: string;
  description: string;
  grants: RouteGrants;
  /**
   * What invokes it: the user pool's pre-sign-up trigger (Cognito), or SES's bounce and complaint
   * events through SNS (`sesFeedback`); none: a route that declares `grants.invoke`.
   */
  trigger?: 'preSignUp' | 'sesFeedback';
  timeoutSeconds?: number;
}

export const DEFAULT_TIMEOUT_SECONDS = 10;
export const DEFAULT_MEMORY_MB = 512;

/** The whole table, assembled from one list per feature so features can grow without touching each other. */
export const routes: readonly RouteDef[] = [
  ...contactRoutes,
  ...accountRoutes,
  ...storyRoutes,
  ...publicStoryRoutes,
  ...adminStoryRoutes,
  ...interactiveRoutes,
  ...mediaRoutes,
  ...voiceRoutes,
  ...familyMailRoutes,
  ...promptRoutes,
  ...photoRoutes,
  ...transcriptRoutes,
  ...keepsakeRoutes,
  ...bookRoutes,
];

/** The private functions (functions/src/routes/accounts.ts). */
export const privateFunctions: readonly PrivateFunctionDef[] = [...accountFunctions, ...familyMailFunctions];

/** The SQS worker that clones voices and narrates stories; a handler like the routes. */
export const worker = {
  handler: 'worker/process-jobs',
  timeoutSeconds: 300,
  memoryMb: 1024,
  batchSize: 5,
  /** AWS advises at least 5 for Lambda consumers (a throttled poll counts as a receive). */
  maxReceiveCount: 5,
  /** The queue it drains and what its jobs touch (account mail and purges, contact notifications). */
  queue: 'jobs',
  // media-jobs: an account purge queues the deletion of the user's provider voice.
  // AdminUpdateUserAttributes: mirrors a verified email to the pool (the public verify route calls no Cognito).
  // jobs + mail-links: the hourly family-mail run queues one job per recipient, whose mail carries signed links.
  grants: {
    table: 'readwrite',
    media: 'readwrite',
    cognito: ['AdminDeleteUser', 'AdminUpdateUserAttributes'],
    mail: true,
    queue: ['jobs', 'media-jobs'],
    secrets: ['mail-links'],
  },
} as const satisfies WorkerDef;

/**
 * The media-jobs worker: voice cloning and narration (docs/voice.md), on a queue of its own so account
 * mail never waits behind a narration. One message at a time, a long time-out, memory for the local
 * engine, and few at once (`maxConcurrency`) so a provider's rate limit holds. maxReceiveCount stays low:
 * concurrency is capped at the event source, so throttled polls do not use up receives.
 */
export const mediaWorker = {
  handler: 'worker/process-media-jobs',
  timeoutSeconds: 900,
  memoryMb: 2048,
  batchSize: 1,
  /** At least 5, as for every Lambda consumer (infra JobQueue refuses less): a throttled poll counts as a receive. */
  maxReceiveCount: 5,
  maxConcurrency: 2,
  queue: 'media-jobs',
  // jobs: a finished keepsake build queues its "ready" email (mail stays with the jobs worker).
  grants: { table: 'readwrite', media: 'readwrite', queue: ['media-jobs', 'jobs'], secrets: ['elevenlabs'] },
  // sharp (photo variants, the book's photos) decodes on libvips threads; glibc gives each thread its own
  // malloc arena, which kept about 70 MB more resident in the keepsake bench. Two arenas, as sharp advises.
  environment: { MALLOC_ARENA_MAX: '2' },
} as const satisfies WorkerDef;

/** An SQS worker: one Lambda fed by one queue in batches; like a route, it declares its grants. */
export interface WorkerDef {
  handler: string;
  timeoutSeconds: number;
  memoryMb: number;
  batchSize: number;
  maxReceiveCount: number;
  queue: QueueName;
  grants: RouteGrants;
  /** Event-source cap on concurrent invocations (Lambda's minimum is 2); unset: as many as SQS feeds. */
  maxConcurrency?: number;
  /** Process settings the runtime reads at start (not app configuration: that comes from the bindings). */
  environment?: Readonly<Record<string, string>>;
}

/** The Lambda function name suffix for a route: `POST /api/stories/{id}` -> `post-api-stories-id`. */
export function routeId(route: Pick<RouteDef, 'method' | 'path'>): string {
  const slug = route.path.replace(/[{}+]/g, '').split('/').filter(Boolean).join('-');
  return `${route.method.toLowerCase()}-${slug || 'root'}`;
}
