import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { serverText } from '@storyloom/shared/messages';
import { dynamo } from '../lib/clients/dynamo.ts';
import { config } from '../lib/config.ts';
import { TooManyRequests } from '../lib/errors.ts';
import { isConditionFailure } from './items.ts';
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

/** A slot held in one window's counter; give it back with releaseRateSlot when the call must not count. */
export interface RateSlot {
  key: { pk: string; sk: string };
}

const tooMany = (opts: RateLimit) =>
  new TooManyRequests(opts.message ?? serverText.tooManyRequests, windowOf(opts).retryAfter);

/**
 * Reserves one slot of a fixed-window limit BEFORE the work it guards: one conditional UpdateItem
 * (`count < limit`), so however many requests arrive at once, at most `limit` get a slot and the rest
 * get TooManyRequests without doing the work. Nothing is read first, so there is no race to lose.
 */
export async function reserveRateSlot(opts: RateLimit): Promise<RateSlot> {
  const update = rateSlotUpdate(opts);
  try {
    await dynamo.send(new UpdateCommand(update));
  } catch (error) {
    if (isConditionFailure(error)) throw tooMany(opts);
    throw error;
  }
  return { key: update.Key };
}

/**
 * The one conditional update that takes a slot (`count < limit`), also for a transaction that takes the
 * slot together with another write (data/interactive.ts `claimQuestionAndCount`).
 */
export function rateSlotUpdate(opts: RateLimit) {
  const { key, ttl } = windowOf(opts);
  return {
    TableName: config.tableName,
    Key: key,
    UpdateExpression: 'ADD #c :one SET #ttl = if_not_exists(#ttl, :ttl)',
    ConditionExpression: 'attribute_not_exists(#c) OR #c < :limit',
    ExpressionAttributeNames: { '#c': 'count', '#ttl': 'ttl' },
    ExpressionAttributeValues: { ':one': 1, ':ttl': ttl, ':limit': opts.limit },
  };
}

/** The 429 a used-up limit answers with (its retry-after: seconds until the next window). */
export const rateLimitRefusal = tooMany;

/**
 * Reserves `units` of a fixed-window budget at once (characters narrated per day): one conditional
 * UpdateItem (`count <= limit - units`), so the budget is never overdrawn however many requests race.
 */
export async function reserveRateUnits(opts: RateLimit, units: number): Promise<RateSlot & { units: number }> {
  const { key, ttl } = windowOf(opts);
  if (units > opts.limit) throw tooMany(opts);
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: key,
        UpdateExpression: 'ADD #c :units SET #ttl = if_not_exists(#ttl, :ttl)',
        ConditionExpression: 'attribute_not_exists(#c) OR #c <= :max',
        ExpressionAttributeNames: { '#c': 'count', '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':units': units, ':ttl': ttl, ':max': opts.limit - units },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw tooMany(opts);
    throw error;
  }
  return { key, units };
}

/**
 * Reserves a slot in each limit, all or nothing: if one is used up, the slots already taken are given
 * back and its TooManyRequests is thrown.
 */
export async function reserveRateSlots(limits: readonly RateLimit[]): Promise<RateSlot[]> {
  const results = await Promise.allSettled(limits.map(reserveRateSlot));
  const refused = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (!refused) return results.map((r) => (r as PromiseFulfilledResult<RateSlot>).value);
  await releaseRateSlots(results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])));
  throw refused.reason;
}

/** Gives reserved slots (or units) back (a login that succeeded does not count as a failure). */
export async function releaseRateSlots(slots: readonly (RateSlot & { units?: number })[]): Promise<void> {
  await Promise.all(
    slots.map((slot) =>
      dynamo
        .send(
          new UpdateCommand({
            TableName: config.tableName,
            Key: slot.key,
            UpdateExpression: 'ADD #c :minus',
            ConditionExpression: 'attribute_exists(#c)',
            ExpressionAttributeNames: { '#c': 'count' },
            ExpressionAttributeValues: { ':minus': -(slot.units ?? 1) },
          }),
        )
        .catch((error: unknown) => {
          // A window that rolled over meanwhile has nothing to give back to.
          if (!isConditionFailure(error)) throw error;
        }),
    ),
  );
}

/** Counts one call against a limit before the work; throws TooManyRequests once `limit` calls used the window. */
export async function consumeRateLimit(opts: RateLimit): Promise<void> {
  await reserveRateSlot(opts);
}

/** Forgets the current window's events (e.g. a password reset lifts the failed-login lock of that account). */
export async function clearRateEvents(opts: RateLimit): Promise<void> {
  await dynamo.send(new DeleteCommand({ TableName: config.tableName, Key: windowOf(opts).key }));
}
