import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/clients/dynamo.ts';
import { config } from '../lib/config.ts';
import { queryAll, type TableQuery } from './query.ts';

/** Key of any item of the single table. */
export interface ItemKey {
  pk: string;
  sk: string;
}

export function isConditionFailure(error: unknown): boolean {
  return (
    error instanceof ConditionalCheckFailedException ||
    (error as Error | null)?.name === 'ConditionalCheckFailedException'
  );
}

/** Runs a conditional write; false when its condition did not hold. */
export async function conditionally(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * A plain write to an item a transaction may be writing at the same moment (an interactive session while
 * a question claims it): DynamoDB refuses the write with TransactionConflictException, which the SDK does
 * not retry, so it is tried again a few times.
 */
export async function despiteTransactions<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if ((error as Error | null)?.name !== 'TransactionConflictException' || attempt >= 4) throw error;
      await new Promise((r) => setTimeout(r, 20 * attempt + Math.random() * 30));
    }
  }
}

/** Deletes items by key, 25 per batch, retrying with backoff what DynamoDB hands back unprocessed. */
export async function deleteItems(itemKeys: readonly ItemKey[]): Promise<void> {
  const table = config.tableName;
  for (let i = 0; i < itemKeys.length; i += 25) {
    let requests = itemKeys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
    for (let attempt = 1; requests.length > 0; attempt++) {
      if (attempt > 8) throw new Error('DynamoDB left deletes unprocessed after 8 attempts');
      if (attempt > 1) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
      const { UnprocessedItems } = await dynamo.send(new BatchWriteCommand({ RequestItems: { [table]: requests } }));
      requests = (UnprocessedItems?.[table] ?? []) as typeof requests;
    }
  }
}

/** Keys of every item a query matches, all pages (for deletions; reads only pk and sk). */
export async function queryKeys(
  query: Pick<TableQuery, 'IndexName' | 'KeyConditionExpression' | 'ExpressionAttributeValues' | 'ConsistentRead'>,
): Promise<ItemKey[]> {
  const items = await queryAll({ ...query, ProjectionExpression: 'pk, sk' });
  return items.map((item) => ({ pk: String(item.pk), sk: String(item.sk) }));
}
