import { createHash } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/clients/dynamo.ts';
import { config } from '../lib/config.ts';
import { keys } from './keys.ts';

/**
 * The suppression list: addresses SES reported as hard-bounced or complaining (domain/family-mail/
 * feedback.ts). The key is the SHA-256 of the lower-cased address, so the list holds no addresses.
 */
const addressKey = (email: string) =>
  keys.suppressedAddress(createHash('sha256').update(email.trim().toLowerCase()).digest('hex'));

/** The bare address of `Name <a@b.c>` or `a@b.c`. */
const bare = (address: string) => /<([^>]+)>/.exec(address)?.[1] ?? address;

export async function isSuppressed(email: string): Promise<boolean> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: config.tableName, Key: addressKey(bare(email)), ProjectionExpression: 'pk' }),
  );
  return Boolean(Item);
}

export async function suppressAddress(email: string, reason: 'bounce' | 'complaint', at: string): Promise<void> {
  await dynamo.send(
    new PutCommand({
      TableName: config.tableName,
      Item: { ...addressKey(bare(email)), type: 'SuppressedAddress', reason, at },
    }),
  );
}
