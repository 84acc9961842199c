import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SharePermission } from '@storyloom/shared/constants';
import { dynamo } from '../lib/clients/dynamo.ts';
import { config } from '../lib/config.ts';
import { conditionally, type ItemKey, queryKeys } from './items.ts';
import { keys } from './keys.ts';
import { queryAll, queryItems, type StartKey } from './query.ts';

/**
 * A story shared with one user (`STORY#<storyId>` / `SHARE#<userId>`), listed under that user too
 * (gsi1 `SHARED_WITH#<userId>`). The share id names the story (`<storyId>.<random>`), so
 * DELETE /api/shares/{shareId} finds the partition without another lookup item.
 */
export interface ShareRecord {
  id: string;
  storyId: string;
  userId: string;
  /** The recipient's username, kept here because usernames never change. */
  username: string;
  permission: SharePermission;
  createdAt: string;
  updatedAt: string;
}

const table = () => config.tableName;

export function isShareItem(item: Record<string, unknown>): boolean {
  return typeof item.sk === 'string' && item.sk.startsWith(keys.storySharePrefix());
}

export function toShareRecord(item: Record<string, unknown>): ShareRecord {
  return {
    id: String(item.shareId),
    storyId: String(item.storyId),
    userId: String(item.userId),
    username: String(item.username),
    permission: item.permission as SharePermission,
    createdAt: String(item.createdAt),
    updatedAt: String(item.updatedAt),
  };
}

/**
 * Shares a story with a user, or changes the permission of the share that exists: one item per
 * (story, user), so sharing twice updates it. `created` tells the two apart.
 */
export async function upsertShare(input: {
  storyId: string;
  userId: string;
  username: string;
  permission: SharePermission;
  newShareId: string;
  now: string;
}): Promise<{ share: ShareRecord; created: boolean }> {
  const index = keys.sharedWithIndex(input.userId, input.now, input.storyId);
  const { Attributes } = await dynamo.send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.storyShare(input.storyId, input.userId),
      UpdateExpression:
        'SET #type = :type, shareId = if_not_exists(shareId, :shareId), storyId = :storyId, userId = :userId, ' +
        'username = :username, #permission = :permission, createdAt = if_not_exists(createdAt, :now), updatedAt = :now, ' +
        'gsi1pk = :gsi1pk, gsi1sk = if_not_exists(gsi1sk, :gsi1sk)',
      ExpressionAttributeNames: { '#type': 'type', '#permission': 'permission' },
      ExpressionAttributeValues: {
        ':type': 'Share',
        ':shareId': input.newShareId,
        ':storyId': input.storyId,
        ':userId': input.userId,
        ':username': input.username,
        ':permission': input.permission,
        ':now': input.now,
        ':gsi1pk': index.gsi1pk,
        ':gsi1sk': index.gsi1sk,
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  const share = toShareRecord(Attributes ?? {});
  return { share, created: share.id === input.newShareId };
}

/** The share of a story with one user, if any (strongly consistent). */
export async function getShare(storyId: string, userId: string): Promise<ShareRecord | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: table(), Key: keys.storyShare(storyId, userId), ConsistentRead: true }),
  );
  return Item ? toShareRecord(Item) : undefined;
}

/** Shares of a story, by share id (the partition holds few shares; strongly consistent). */
export async function findShareById(storyId: string, shareId: string): Promise<ShareRecord | undefined> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    FilterExpression: 'shareId = :shareId',
    ExpressionAttributeValues: {
      ':pk': keys.storyPartition(storyId),
      ':prefix': keys.storySharePrefix(),
      ':shareId': shareId,
    },
    ConsistentRead: true,
  });
  return items[0] ? toShareRecord(items[0]) : undefined;
}

/** Removes a share, only if it is still the one with this id (a re-share in between keeps its own id). */
export function deleteShare(share: Pick<ShareRecord, 'storyId' | 'userId' | 'id'>): Promise<boolean> {
  return conditionally(
    dynamo.send(
      new DeleteCommand({
        TableName: table(),
        Key: keys.storyShare(share.storyId, share.userId),
        ConditionExpression: 'shareId = :id',
        ExpressionAttributeValues: { ':id': share.id },
      }),
    ),
  );
}

/** One page of the stories shared with a user, newest share first (gsi1; eventually consistent in AWS). */
export async function listSharesWithUser(
  userId: string,
  page: { limit: number; startKey?: StartKey },
): Promise<{ shares: ShareRecord[]; next?: StartKey }> {
  const { items, next } = await queryItems(
    {
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.sharedWithPartition(userId) },
      ScanIndexForward: false,
    },
    page,
  );
  return { shares: items.map(toShareRecord), next };
}

/** Keys of every share a user received (account deletion). */
export function listShareKeysWithUser(userId: string): Promise<ItemKey[]> {
  return queryKeys({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.sharedWithPartition(userId) },
  });
}
