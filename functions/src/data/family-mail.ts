import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Weekday } from '@storyloom/shared/schemas/family-mail';
import { dynamo } from '../lib/clients/dynamo.ts';
import { config } from '../lib/config.ts';
import { conditionally, deleteItems, type ItemKey, queryKeys } from './items.ts';
import { keys } from './keys.ts';
import { queryAll } from './query.ts';

/**
 * The family-loop email's items (docs/family-loop.md, "Family-loop email"), all in the user's own
 * partition except the two sparse gsi2 lists that the daily run reads: users by chosen weekday, and
 * pending digest entries by day.
 */
const table = () => config.tableName;

export interface FamilyMailSettingsRecord {
  weeklyDay: Weekday | null;
  /** Opt-out: absent means yes. */
  digest: boolean;
}

export async function getFamilyMailSettings(userId: string): Promise<FamilyMailSettingsRecord> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: table(), Key: keys.familyMailSettings(userId), ConsistentRead: true }),
  );
  return {
    weeklyDay: (Item?.weeklyDay as Weekday | undefined) ?? null,
    digest: Item?.digest !== false,
  };
}

/** Writes the settings; the weekday index entry comes and goes with `weeklyDay`. */
export async function putFamilyMailSettings(userId: string, settings: FamilyMailSettingsRecord): Promise<void> {
  await dynamo.send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...keys.familyMailSettings(userId),
        ...(settings.weeklyDay ? keys.weeklyDayIndex(settings.weeklyDay, userId) : {}),
        type: 'FamilyMailSettings',
        userId,
        weeklyDay: settings.weeklyDay,
        digest: settings.digest,
        updatedAt: new Date().toISOString(),
      },
    }),
  );
}

/** Ids of users whose weekly question comes on this ISO weekday (eventually consistent, as any GSI). */
export async function listWeeklySubscribers(weekday: Weekday): Promise<string[]> {
  const items = await queryAll({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.weeklyDayPartition(weekday) },
    ProjectionExpression: 'userId',
  });
  return items.map((item) => String(item.userId));
}

/** Claims a once-only marker (a week's question, a day's digest); false when it was claimed before. */
export function claimMarker(key: ItemKey, ttlSeconds: number): Promise<boolean> {
  return conditionally(
    dynamo.send(
      new PutCommand({
        TableName: table(),
        Item: { ...key, type: 'FamilyMailMarker', at: new Date().toISOString(), ttl: nowSeconds() + ttlSeconds },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}

/** The prompt a week's marker says was mailed that week, if any. */
export async function getMarkedPrompt(key: ItemKey): Promise<string | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: table(), Key: key, ProjectionExpression: 'promptId' }),
  );
  return typeof Item?.promptId === 'string' ? Item.promptId : undefined;
}

/** Notes on a claimed week marker which prompt that week's email carries (next week's skips it). */
export async function markPrompt(key: ItemKey, promptId: string): Promise<void> {
  await dynamo.send(
    new UpdateCommand({
      TableName: table(),
      Key: key,
      UpdateExpression: 'SET promptId = :p',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':p': promptId },
    }),
  );
}

/** Gives a marker back when the send it guarded failed, so the queue's retry can send. */
export async function releaseMarker(key: ItemKey): Promise<void> {
  await dynamo.send(new DeleteCommand({ TableName: table(), Key: key }));
}

export type DigestReason = 'shared' | 'narrated';

export interface DigestEntry {
  storyId: string;
  recipientId: string;
  reason: DigestReason;
  day: string;
}

/**
 * Queues a story for a recipient's next digest. One item per (recipient, story): a story both shared
 * and narrated before the digest goes is one line, and 'shared' (the news) wins over 'narrated'.
 */
export async function putDigestEntry(entry: DigestEntry): Promise<void> {
  const index = keys.pendingDigestIndex(entry.day, entry.recipientId, entry.storyId);
  await dynamo.send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.digestEntry(entry.recipientId, entry.storyId),
      UpdateExpression:
        'SET #type = :type, storyId = :story, recipientId = :recipient, #day = if_not_exists(#day, :day), ' +
        'gsi2pk = if_not_exists(gsi2pk, :gpk), gsi2sk = if_not_exists(gsi2sk, :gsk), ' +
        'reason = if_not_exists(reason, :reason)' +
        (entry.reason === 'shared' ? ', #shared = :t' : ''),
      ExpressionAttributeNames: {
        '#type': 'type',
        '#day': 'day',
        ...(entry.reason === 'shared' && { '#shared': 'wasShared' }),
      },
      ExpressionAttributeValues: {
        ':type': 'FamilyMailDigestEntry',
        ':story': entry.storyId,
        ':recipient': entry.recipientId,
        ':day': entry.day,
        ':gpk': index.gsi2pk,
        ':gsk': index.gsi2sk,
        ':reason': entry.reason,
        ...(entry.reason === 'shared' && { ':t': true }),
      },
    }),
  );
}

/** Recipients with entries queued before `beforeDay` (inclusive when `inclusive`), from the pending list. */
export async function listRecipientsWithPendingDigest(beforeDay: string, inclusive = false): Promise<string[]> {
  const items = await queryAll({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk < :end',
    ExpressionAttributeValues: {
      ':pk': keys.pendingDigestPartition(),
      // '#' sorts before every character of a day's successor: `<day>$` ends the day inclusively.
      ':end': inclusive ? `${beforeDay}$` : beforeDay,
    },
    ProjectionExpression: 'recipientId',
  });
  return [...new Set(items.map((item) => String(item.recipientId)))];
}

/** A recipient's queued digest entries (strongly consistent: the user's own partition). */
export async function listDigestEntries(recipientId: string): Promise<DigestEntry[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.userPartition(recipientId), ':prefix': keys.digestEntryPrefix() },
    ConsistentRead: true,
  });
  return items.map((item) => ({
    storyId: String(item.storyId),
    recipientId: String(item.recipientId),
    reason: item.wasShared === true ? 'shared' : (item.reason as DigestReason),
    day: String(item.day),
  }));
}

export function deleteDigestEntries(entries: readonly Pick<DigestEntry, 'recipientId' | 'storyId'>[]): Promise<void> {
  return deleteItems(entries.map((e) => keys.digestEntry(e.recipientId, e.storyId)));
}

/**
 * A deleted story's traces in its readers' partitions: the digest entry waiting for them and the marker of
 * the "answered your question" email (stories/deletion.ts).
 */
export function deleteStoryNews(recipientIds: readonly string[], storyId: string): Promise<void> {
  return deleteItems(
    recipientIds.flatMap((recipientId) => [
      keys.digestEntry(recipientId, storyId),
      keys.answeredSent(recipientId, storyId),
    ]),
  );
}

/** Every family-mail item of a user (settings, markers, queued digest entries): account deletion. */
export async function deleteFamilyMailOf(userId: string): Promise<void> {
  await deleteItems(
    await queryKeys({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.familyMailPrefix() },
      ConsistentRead: true,
    }),
  );
}

/** User ids a story is shared with by name (its share items, in the story's partition). */
export async function listShareRecipients(storyId: string): Promise<string[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.storyPartition(storyId), ':prefix': keys.storySharePrefix() },
    ProjectionExpression: 'userId',
    ConsistentRead: true,
  });
  return items.map((item) => String(item.userId));
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
