import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/clients/dynamo.ts';
import { config } from '../lib/config.ts';
import { conditionally, type ItemKey, queryKeys } from './items.ts';
import { keys } from './keys.ts';
import { queryAll } from './query.ts';

/**
 * A printed book's listening link (docs/keepsake.md, "A printed book"): one per book, keyed by the
 * SHA-256 of its token, naming the book, its owner and the stories printed in it. Revoking keeps the
 * item with `revokedAt`, so the listen page can say the link was turned off rather than "not found".
 */
export interface BookLinkRecord {
  tokenHash: string;
  bookId: string;
  ownerId: string;
  /** The stories printed with a QR code: only these play through the link. */
  storyIds: string[];
  bookTitle: string;
  createdAt: string;
  revokedAt?: string;
}

const table = () => config.tableName;

function toRecord(item: Record<string, unknown> | undefined): BookLinkRecord | undefined {
  if (!item || typeof item.tokenHash !== 'string' || typeof item.bookId !== 'string') return undefined;
  return {
    tokenHash: item.tokenHash,
    bookId: item.bookId,
    ownerId: String(item.ownerId),
    storyIds: Array.isArray(item.storyIds) ? item.storyIds.map(String) : [],
    bookTitle: String(item.bookTitle ?? ''),
    createdAt: String(item.createdAt),
    ...(typeof item.revokedAt === 'string' ? { revokedAt: item.revokedAt } : {}),
  };
}

/** Stores a new link; false when one with this token hash exists (a retried build keeps the first). */
export function putBookLink(record: BookLinkRecord): Promise<boolean> {
  return conditionally(
    dynamo.send(
      new PutCommand({
        TableName: table(),
        Item: {
          ...keys.bookLink(record.tokenHash),
          ...keys.bookLinksOfUserIndex(record.ownerId, record.bookId),
          type: 'BookLink',
          ...record,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}

export async function getBookLink(tokenHash: string): Promise<BookLinkRecord | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: table(), Key: keys.bookLink(tokenHash), ConsistentRead: true }),
  );
  return toRecord(Item);
}

/** The links of a user's books, by book id (one each). */
export async function listBookLinksOfUser(ownerId: string): Promise<BookLinkRecord[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.bookLinksOfUserPartition(ownerId) },
  });
  return items.map(toRecord).filter((r): r is BookLinkRecord => r !== undefined);
}

/** Marks the link revoked (idempotent: an earlier revocation time is kept). */
export async function revokeBookLink(tokenHash: string, at: string): Promise<void> {
  await conditionally(
    dynamo.send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.bookLink(tokenHash),
        UpdateExpression: 'SET revokedAt = :at',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(revokedAt)',
        ExpressionAttributeValues: { ':at': at },
      }),
    ),
  );
}

/** Keys of every link of a user (account deletion). */
export function listBookLinkKeysOfUser(ownerId: string): Promise<ItemKey[]> {
  return queryKeys({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.bookLinksOfUserPartition(ownerId) },
  });
}
