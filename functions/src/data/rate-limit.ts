import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { serverText } from '@storyloom/shared/messages';
import { dynamo } from '../lib/aws.ts';
import { config } from '../lib/config.ts';
import { TooManyRequests } from '../lib/errors.ts';
import { keys } from './keys.ts';

/**
 * Fixed-window rate limit on an atomic counter: one UpdateItem per call, no read-modify-write race.
 * Throws TooManyRequests once `limit` calls happened in the current window.
 */
export async function consumeRateLimit(opts: {
  scope: string;
  subject: string;
  limit: number;
  windowSeconds: number;
  now?: number;
}): Promise<void> {
  const nowSeconds = Math.floor((opts.now ?? Date.now()) / 1000);
  const windowStart = nowSeconds - (nowSeconds % opts.windowSeconds);
  const { Attributes } = await dynamo.send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: keys.rateCounter(opts.scope, opts.subject, windowStart),
      UpdateExpression: 'ADD #c :one SET #ttl = if_not_exists(#ttl, :ttl)',
      ExpressionAttributeNames: { '#c': 'count', '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':one': 1, ':ttl': windowStart + opts.windowSeconds * 2 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const count = Number(Attributes?.count ?? 0);
  if (count > opts.limit) {
    throw new TooManyRequests(serverText.tooManyRequests, windowStart + opts.windowSeconds - nowSeconds);
  }
}
