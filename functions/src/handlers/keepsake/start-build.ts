import * as z from 'zod/mini';
import { startBuild } from '../../domain/keepsake/builds.ts';
import { route, withStatus } from '../../lib/http.ts';
import { kindParams } from './params.ts';

/** The kind's options as an object (`{}` for none); each kind checks its own (domain/keepsake/kinds.ts). */
const body = z.record(z.string(), z.unknown());

/** POST /api/keepsake/{kind} {options}: 202 with the queued build (409 while one runs, 429 past the day's cap). */
export const handler = route({ auth: 'user', params: kindParams, body }, async ({ user, params, body }) =>
  withStatus(202, await startBuild(user.id, params.kind, body)),
);
