/**
 * The route table: every spec path once. CDK builds one Lambda + HTTP API route per entry from it,
 * and local mode mounts the same entries on its HTTP server.
 */
import { accountRoutes } from './routes/accounts.ts';
import { contactRoutes } from './routes/contact.ts';
import { mediaRoutes } from './routes/media.ts';
import { adminStoryRoutes, publicStoryRoutes, storyRoutes } from './routes/stories.ts';

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
  ...mediaRoutes,
];

/** The SQS worker that clones voices and narrates stories; a handler like the routes. */
export const worker = {
  handler: 'worker/process-jobs',
  timeoutSeconds: 300,
  memoryMb: 1024,
  batchSize: 5,
  maxReceiveCount: 3,
} as const;

/** The Lambda function name suffix for a route: `POST /api/stories/{id}` -> `post-api-stories-id`. */
export function routeId(route: Pick<RouteDef, 'method' | 'path'>): string {
  const slug = route.path.replace(/[{}+]/g, '').split('/').filter(Boolean).join('-');
  return `${route.method.toLowerCase()}-${slug || 'root'}`;
}
