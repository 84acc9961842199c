import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Structured JSON logs, one line per event (CloudWatch parses them). Never log passwords, tokens or
 * codes: callers pass only the fields they mean to keep.
 *
 * Every line written inside an invocation carries `requestId`, `functionName` and `coldStart` (and,
 * in the worker, the job's `messageId`, `jobType` and `queuedBy`, the request that queued it). The
 * context lives in AsyncLocalStorage, not in module state: local mode runs every handler in one
 * process with requests in flight at once, and the worker runs a batch's jobs concurrently, so a
 * module-level "current request" would mix them up (docs/platform.md, "Logs").
 */
type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const threshold = order[(process.env.LOG_LEVEL as Level | undefined) ?? 'info'] ?? order.info;
const silent = process.env.LOG_LEVEL === 'silent';

/** The fields every line of one invocation (or one job) carries. */
export interface LogContext {
  requestId: string;
  functionName: string;
  coldStart: boolean;
  [field: string]: unknown;
}

const storage = new AsyncLocalStorage<LogContext>();
/** Functions that have run once in this process: Lambda runs one function per process, local mode all. */
const warm = new Set<string>();

/** Lambda's function name; in local mode the adapter passes the function id of the route. */
export function functionNameOf(context?: { functionName?: string }): string {
  return context?.functionName ?? process.env.AWS_LAMBDA_FUNCTION_NAME ?? 'local';
}

/** Runs one invocation with its log context; the first invocation of a function in this process is the cold start. */
export function withInvocation<T>(invocation: { requestId: string; functionName: string }, fn: () => T): T {
  const coldStart = !warm.has(invocation.functionName);
  warm.add(invocation.functionName);
  return storage.run({ ...invocation, coldStart }, fn);
}

/** Adds fields to every line written by `fn` (e.g. one job of a batch), on top of the invocation's. */
export function withLogFields<T>(fields: Record<string, unknown>, fn: () => T): T {
  const parent = storage.getStore() ?? { requestId: '', functionName: functionNameOf(), coldStart: false };
  return storage.run({ ...parent, ...fields }, fn);
}

/** The current invocation's context (undefined outside one, e.g. at module load). */
export function logContext(): LogContext | undefined {
  return storage.getStore();
}

function write(level: Level, message: string, fields?: Record<string, unknown>) {
  if (silent || order[level] < threshold) return;
  const line = JSON.stringify({ level, time: new Date().toISOString(), message, ...storage.getStore(), ...fields });
  if (level === 'error' || level === 'warn') process.stderr.write(`${line}\n`);
  else process.stdout.write(`${line}\n`);
}

export const logger = {
  debug: (message: string, fields?: Record<string, unknown>) => write('debug', message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write('info', message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write('warn', message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write('error', message, fields),
};

/** Error details for logs only (never for responses). */
export function describeError(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { errorName: error.name, errorMessage: error.message, stack: error.stack };
  return { error: String(error) };
}
