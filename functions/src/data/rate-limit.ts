import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { serverText } from '@storyloom/shared/messages';
import { dynamo } from '../lib/clients/dynamo.ts';
import { config } from '../lib/config.ts';
import { TooManyRequests } from '../lib/errors.ts';
import { keys } from './keys.ts';

export interface RateLimit {
  scope: string;
  subject: string;
  limit: number;
  windowSeconds: number;
  /** Text of the 429; the generic one by default. */
  message?: string;
  now?: number;
}

/** The fixed window `now` falls in: its counter key, when the counter expires, seconds until the next window. */
export function windowOf(opts: RateLimit) {
  const nowSeconds = Math.floor((opts.now ?? Date.now()) / 1000);
  const windowStart = nowSeconds - (nowSeconds % opts.windowSeconds);
  return {
    key: keys.rateCounter(opts.scope, opts.subject, windowStart),
    ttl: windowStart + opts.windowSeconds * 2,
    retryAfter: windowStart + opts.windowSeconds - nowSeconds,
  };
}

async function increment(opts: RateLimit): Promise<number> {
  const { key, ttl } = windowOf(opts);
  const { Attributes } = await dynamo.send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: key,
      UpdateExpression: 'ADD #c :one SET #ttl = if_not_exists(#ttl, :ttl)',
      ExpressionAttributeNames: { '#c': 'count', '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':one': 1, ':ttl': ttl },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(Attributes?.count ?? 0);
}

/**
 * Fixed-window rate limit on an atomic counter: one UpdateItem per call, no read-modify-write race.
 * Throws TooManyRequests once `limit` calls happened in the current window.
 */
export async function consumeRateLimit(opts: RateLimit): Promise<void> {
  const count = await increment(opts);
  if (count > opts.limit) {
    throw new TooManyRequests(opts.message ?? serverText.tooManyRequests, windowOf(opts).retryAfter);
  }
}

/**
 * For limits that count only some outcomes (failed logins): throws TooManyRequests when `limit` events
 * were recorded in the current window, without recording one. Pair with recordRateEvent on failure.
 * Parallel requests can each pass the check before any records, so the limit is approximate by the
 * number of requests in flight at once.
 */
export async function assertUnderRateLimit(opts: RateLimit): Promise<void> {
  const { key, retryAfter } = windowOf(opts);
  const { Item } = await dynamo.send(new GetCommand({ TableName: config.tableName, Key: key, ConsistentRead: true }));
  if (Number(Item?.count ?? 0) >= opts.limit) {
    throw new TooManyRequests(opts.message ?? serverText.tooManyRequests, retryAfter);
  }
}

/** Records one event (e.g. a failed login) in the current window of a limit checked by assertUnderRateLimit. */
export async function recordRateEvent(opts: RateLimit): Promise<void> {
  await increment(opts);
}

/** Forgets the current window's events (e.g. a password reset lifts the failed-login lock of that account). */
export async function clearRateEvents(opts: RateLimit): Promise<void> {
  await dynamo.send(new DeleteCommand({ TableName: config.tableName, Key: windowOf(opts).key }));
}
