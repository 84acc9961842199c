import { BatchGetCommand, DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { StoryType } from '@storyloom/shared/constants';
import { dynamo } from '../lib/clients/dynamo.ts';
import { config } from '../lib/config.ts';
import { logger } from '../lib/logger.ts';
import { conditionally, type ItemKey, isConditionFailure, queryKeys } from './items.ts';
import { keys } from './keys.ts';
import { changePublicPages, markPublicPagesIncomplete, publicStartKey, rebuildPublicPages } from './public-pages.ts';
import { queryAll, queryItems, type StartKey, type TableQuery } from './query.ts';
import type { StoryTranscriptSummary } from './transcripts.ts';
import { buildUpdate } from './update.ts';

/**
 * Story items and their access patterns (docs/stories.md, "Data model"). A story lives at
 * `STORY#<id>` / `STORY`; its shares and comments share that partition (data/story-shares.ts,
 * data/story-comments.ts), so the story view is read from that one partition (getStoryView).
 */
export interface StoryRecord {
  id: string;
  authorId: string;
  /** Usernames never change (the profile shows them read-only), so lists need no user lookups. */
  authorUsername: string;
  title: string;
  content: string;
  storyType: StoryType;
  location?: string;
  startDate?: string;
  endDate?: string;
  createdAt: string;
  updatedAt: string;
  /** Media key of an audio story or its narration (later issues); absent for plain text stories. */
  audioKey?: string;
  narrationVoiceId?: string;
  /** How readers are told who speaks it: the storyteller's own voice, or a premade voice's name. */
  narrationVoiceOwn?: boolean;
  narrationVoiceName?: string;
  isPublic: boolean;
  allowComments: boolean;
  /** 1 when written, +1 on each content edit: an edit based on an older version is a conflict. Absent on old items (= 1). */
  version?: number;
  /** The live share-link token, if any (also the key of the link item). */
  shareToken?: string;
  /** The first ready photo's thumbnail key and alt text, for cards (data/story-photos.ts keeps it). */
  coverPhoto?: { key: string; alt: string };
  /** Audio stories: the start of the transcript and who wrote it (data/transcripts.ts), so lists can search it. */
  transcript?: StoryTranscriptSummary;
}

/** The fields an owner edits (PUT /api/stories/{id}); `null` clears an optional field. */
export interface StoryEdit {
  title: string;
  content: string;
  location: string | null;
  startDate: string | null;
  endDate: string | null;
}

const table = () => config.tableName;

const STORY_FIELDS = [
  'id',
  'authorId',
  'authorUsername',
  'title',
  'content',
  'storyType',
  'location',
  'startDate',
  'endDate',
  'createdAt',
  'updatedAt',
  'audioKey',
  'narrationVoiceId',
  'narrationVoiceOwn',
  'narrationVoiceName',
  'isPublic',
  'allowComments',
  'shareToken',
  'version',
  'coverPhoto',
  'transcript',
] as const satisfies readonly (keyof StoryRecord)[];

/** The story's own fields from a stored item (drops keys and index attributes). */
export function toStoryRecord(item: Record<string, unknown>): StoryRecord {
  const record: Record<string, unknown> = {};
  for (const field of STORY_FIELDS) if (item[field] !== undefined && item[field] !== null) record[field] = item[field];
  return record as unknown as StoryRecord;
}

export function isStoryItem(item: Record<string, unknown>): boolean {
  return item.sk === keys.story('').sk;
}

/** Writes a new story. A story created public (seeding, imports) counts towards the public total. */
export async function putNewStory(story: StoryRecord): Promise<void> {
  await dynamo.send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...keys.story(story.id),
        ...keys.storiesByAuthorIndex(story.authorId, story.createdAt, story.id),
        ...keys.allStoriesIndex(story.createdAt, story.id),
        ...(story.isPublic ? keys.publicStoriesIndex(story.createdAt, story.id) : {}),
        ...(story.isPublic ? keys.publicByAuthorIndex(story.authorId, story.createdAt, story.id) : {}),
        type: 'Story',
        ...story,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  if (story.isPublic) await publicListChanged(1, story);
}

/** Story by id, strongly consistent (every management call reads through here). */
export async function getStory(storyId: string): Promise<StoryRecord | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: table(), Key: keys.story(storyId), ConsistentRead: true }),
  );
  return Item ? toStoryRecord(Item) : undefined;
}

/** How many of a story's newest comments its view carries; older ones come a page at a time. */
export const STORY_VIEW_COMMENTS = 100;

/**
 * The story view's reads, strongly consistent and in parallel: every item of the partition except the
 * comments (the story, its shares, what other features keep there: sort keys before and after the
 * `COMMENT#` range), and one page of its newest comments. So a story with many comments costs the
 * same to open as one with a hundred. Callers split the items with isStoryItem / isShareItem.
 */
export async function getStoryView(
  storyId: string,
): Promise<{ items: Record<string, unknown>[]; comments: Record<string, unknown>[]; commentsNext?: StartKey }> {
  const pk = keys.storyPartition(storyId);
  const prefix = keys.storyCommentPrefix();
  const [before, after, comments] = await Promise.all([
    queryAll({
      KeyConditionExpression: 'pk = :pk AND sk < :first',
      ExpressionAttributeValues: { ':pk': pk, ':first': prefix },
      ConsistentRead: true,
    }),
    queryAll({
      // '$' follows '#': every COMMENT#… sort key is below `COMMENT$`.
      KeyConditionExpression: 'pk = :pk AND sk > :last',
      ExpressionAttributeValues: { ':pk': pk, ':last': `${prefix.slice(0, -1)}$` },
      ConsistentRead: true,
    }),
    listStoryComments(storyId, { limit: STORY_VIEW_COMMENTS }),
  ]);
  return { items: [...before, ...after], comments: comments.items, commentsNext: comments.next };
}

/**
 * A page of a story's comments going back in time: the newest first from `startKey` (a previous page's
 * `next`), returned oldest first, as screens show them.
 */
export async function listStoryComments(
  storyId: string,
  page: { limit: number; startKey?: StartKey },
): Promise<{ items: Record<string, unknown>[]; next?: StartKey }> {
  const { items, next } = await queryItems(
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.storyPartition(storyId), ':prefix': keys.storyCommentPrefix() },
      ScanIndexForward: false,
      ConsistentRead: true,
    },
    page,
  );
  return { items: items.reverse(), next };
}

/** Keys of every item of a story's partition (deletion). */
export function listStoryPartitionKeys(storyId: string): Promise<ItemKey[]> {
  return queryKeys({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.storyPartition(storyId) },
    ConsistentRead: true,
  });
}

/** Many stories by id (BatchGet, 100 per request); missing ones are left out, order is the ids' order. */
export async function getStories(storyIds: readonly string[]): Promise<StoryRecord[]> {
  const found = new Map<string, StoryRecord>();
  const unique = [...new Set(storyIds)];
  for (let i = 0; i < unique.length; i += 100) {
    let requestKeys: Record<string, unknown>[] = unique.slice(i, i + 100).map((id) => keys.story(id));
    for (let attempt = 1; requestKeys.length > 0; attempt++) {
      if (attempt > 8) throw new Error('DynamoDB left reads unprocessed after 8 attempts');
      if (attempt > 1) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
      const { Responses, UnprocessedKeys } = await dynamo.send(
        new BatchGetCommand({ RequestItems: { [table()]: { Keys: requestKeys, ConsistentRead: true } } }),
      );
      for (const item of Responses?.[table()] ?? []) found.set(String(item.id), toStoryRecord(item));
      requestKeys = UnprocessedKeys?.[table()]?.Keys ?? [];
    }
  }
  return storyIds.map((id) => found.get(id)).filter((s): s is StoryRecord => s !== undefined);
}

/**
 * Replaces the editable fields of a story. `authorId` makes the write conditional on ownership and
 * `version` on the version the edit was based on (`from` undefined: an old item without one), so of two
 * edits of one version only the first is written. The result is undefined when the story is gone,
 * belongs to someone else, or has moved past `version.from` (the caller re-reads to tell which).
 */
export async function updateStoryFields(
  storyId: string,
  edit: StoryEdit,
  opts: { authorId?: string; updatedAt: string; version?: { from: number | undefined } },
): Promise<StoryRecord | undefined> {
  const conditions = ['attribute_exists(pk)'];
  const values: Record<string, unknown> = {};
  if (opts.authorId) {
    conditions.push('authorId = :authorId');
    values[':authorId'] = opts.authorId;
  }
  if (opts.version) {
    if (opts.version.from === undefined) conditions.push('attribute_not_exists(#version)');
    else {
      conditions.push('#version = :fromVersion');
      values[':fromVersion'] = opts.version.from;
    }
  }
  // buildUpdate puts every name behind a #placeholder: `location` is one of DynamoDB's reserved words.
  const update = buildUpdate({
    set: {
      title: edit.title,
      content: edit.content,
      updatedAt: opts.updatedAt,
      location: edit.location,
      startDate: edit.startDate,
      endDate: edit.endDate,
      ...(opts.version ? { version: (opts.version.from ?? 1) + 1 } : {}),
    },
    condition: conditions.join(' AND '),
    values: Object.keys(values).length ? values : undefined,
  });
  try {
    const { Attributes } = await dynamo.send(
      new UpdateCommand({ TableName: table(), Key: keys.story(storyId), ...update, ReturnValues: 'ALL_NEW' }),
    );
    return Attributes ? toStoryRecord(Attributes) : undefined;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/**
 * Sets a story public or private (and allow_comments). The write is conditional on the visibility the
 * caller read, and only a write that changed it moves the public counter, so concurrent toggles cannot
 * make the counter drift: the loser re-reads and finds nothing left to change. Undefined when the story is gone.
 */
export async function setStoryVisibility(
  storyId: string,
  change: { isPublic: boolean; allowComments?: boolean },
): Promise<StoryRecord | undefined> {
  for (let attempt = 0; attempt < 10; attempt++) {
    // Back off with jitter after a lost race, so racing writers spread out instead of colliding again.
    if (attempt > 0) await new Promise((r) => setTimeout(r, Math.random() * 10 * attempt));
    const current = await getStory(storyId);
    if (!current) return undefined;
    const flips = current.isPublic !== change.isPublic;
    const index = keys.publicStoriesIndex(current.createdAt, current.id);
    const byAuthor = keys.publicByAuthorIndex(current.authorId, current.createdAt, current.id);
    const update = buildUpdate({
      set: {
        isPublic: change.isPublic,
        ...(change.allowComments !== undefined ? { allowComments: change.allowComments } : {}),
        // Joining or leaving the sparse public index (null removes the attributes).
        ...(flips
          ? {
              gsi2pk: change.isPublic ? index.gsi2pk : null,
              gsi2sk: change.isPublic ? index.gsi2sk : null,
              gsi4pk: change.isPublic ? byAuthor.gsi4pk : null,
              gsi4sk: change.isPublic ? byAuthor.gsi4sk : null,
            }
          : {}),
      },
      condition: 'attribute_exists(pk) AND isPublic = :was',
      values: { ':was': current.isPublic },
    });
    try {
      const { Attributes } = await dynamo.send(
        new UpdateCommand({ TableName: table(), Key: keys.story(storyId), ...update, ReturnValues: 'ALL_NEW' }),
      );
      if (flips) await publicListChanged(change.isPublic ? 1 : -1, current);
      return Attributes ? toStoryRecord(Attributes) : undefined;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      // Someone else changed the visibility (or deleted the story) since we read it: read again.
    }
  }
  // Other requests kept flipping it: theirs is the last word. Answer with the story as it stands (the
  // screen shows the real state) rather than a 500.
  return getStory(storyId);
}

/** The counters on the story item that cap what it holds (comments, photos). */
export type StorySlotCounter = 'commentCount' | 'photoCount';

/**
 * Counts one more comment or photo on the story, only while it holds fewer than `max` (a conditional ADD
 * on the story item, before the comment or photo is written, so two at once cannot pass the cap). False
 * when the story is full or gone.
 */
export function reserveStorySlot(storyId: string, counter: StorySlotCounter, max: number): Promise<boolean> {
  return conditionally(
    dynamo.send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.story(storyId),
        ...buildUpdate({
          add: { [counter]: 1 },
          condition: `attribute_exists(pk) AND (attribute_not_exists(#${counter}) OR #${counter} < :max)`,
          values: { ':max': max },
        }),
      }),
    ),
  );
}

/** Gives a slot back (a comment or photo removed, or one that was not written after all). */
export async function releaseStorySlot(storyId: string, counter: StorySlotCounter): Promise<void> {
  await conditionally(
    dynamo.send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.story(storyId),
        ...buildUpdate({
          add: { [counter]: -1 },
          condition: `attribute_exists(pk) AND #${counter} > :zero`,
          values: { ':zero': 0 },
        }),
      }),
    ),
  );
}

export const reserveCommentSlot = (storyId: string, max: number) => reserveStorySlot(storyId, 'commentCount', max);
export const releaseCommentSlot = (storyId: string) => releaseStorySlot(storyId, 'commentCount');

/** Sets the share-link token, only if the story has none (two "generate" clicks cannot both win). */
export function setShareToken(storyId: string, token: string): Promise<boolean> {
  return conditionally(
    dynamo.send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.story(storyId),
        UpdateExpression: 'SET shareToken = :t',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(shareToken)',
        ExpressionAttributeValues: { ':t': token },
      }),
    ),
  );
}

/** Clears the share-link token and returns the one it cleared. */
export async function clearShareToken(storyId: string): Promise<string | undefined> {
  try {
    const { Attributes } = await dynamo.send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.story(storyId),
        UpdateExpression: 'REMOVE shareToken',
        ConditionExpression: 'attribute_exists(pk)',
        ReturnValues: 'UPDATED_OLD',
      }),
    );
    return Attributes?.shareToken as string | undefined;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/**
 * Deletes the story item itself and, if it was public, takes it off the public count. Only the one call
 * that actually deleted it gets the old record back, so the counter moves once.
 */
export async function deleteStoryItem(storyId: string): Promise<StoryRecord | undefined> {
  try {
    const { Attributes } = await dynamo.send(
      new DeleteCommand({
        TableName: table(),
        Key: keys.story(storyId),
        ConditionExpression: 'attribute_exists(pk)',
        ReturnValues: 'ALL_OLD',
      }),
    );
    if (!Attributes) return undefined;
    const old = toStoryRecord(Attributes);
    if (old.isPublic) await publicListChanged(-1, old);
    return old;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/**
 * One page of an author's stories, newest first: all of them (gsi1, the owner's dashboard) or only the
 * public ones (`publicOnly`: the sparse gsi4, so the author page never reads a private story).
 */
export async function listStoriesByAuthor(
  authorId: string,
  opts: { publicOnly?: boolean; limit: number; startKey?: StartKey },
): Promise<StoriesPage> {
  const query: TableQuery = opts.publicOnly
    ? {
        IndexName: 'gsi4',
        KeyConditionExpression: 'gsi4pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.publicByAuthorPartition(authorId) },
        ScanIndexForward: false,
      }
    : {
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.storiesByAuthorPartition(authorId) },
        ScanIndexForward: false,
      };
  const { items, next } = await queryItems(query, { limit: opts.limit, startKey: opts.startKey });
  return { stories: items.map(toStoryRecord), next };
}

/**
 * Maintenance, once after gsi4 was added to a table with public stories (AWS: run with the stack's
 * environment): gives every public story its gsi4 keys. Reads the public index, never a request path.
 */
export async function backfillPublicByAuthorIndex(): Promise<number> {
  const items = await queryAll({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.publicStoriesPartition() },
  });
  let updated = 0;
  for (const item of items) {
    if (item.gsi4pk) continue;
    const story = toStoryRecord(item);
    const ok = await conditionally(
      dynamo.send(
        new UpdateCommand({
          TableName: table(),
          Key: keys.story(story.id),
          ...buildUpdate({
            set: keys.publicByAuthorIndex(story.authorId, story.createdAt, story.id),
            condition: 'attribute_exists(pk) AND isPublic = :true',
            values: { ':true': true },
          }),
        }),
      ),
    );
    if (ok) updated++;
  }
  return updated;
}

/** Ids of a user's stories (account deletion). */
export async function listStoryIdsByAuthor(authorId: string): Promise<string[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.storiesByAuthorPartition(authorId) },
    ProjectionExpression: 'id',
  });
  return items.map((item) => String(item.id));
}

/**
 * One page of public stories, newest first, from the sparse gsi2. Pages are numbered (the spec's
 * `?page&limit`): page N starts after the key the page directory names (data/public-pages.ts, three
 * calls for any N). Without a complete directory (a table from before it), the first `(page-1)*limit`
 * index entries are skipped with a keys-only projection instead, whose cost grows with N (docs/stories.md).
 */
export async function listPublicStoriesPage(page: number, limit: number): Promise<StoryRecord[]> {
  const base: TableQuery = {
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.publicStoriesPartition() },
    ScanIndexForward: false,
  };
  let startKey: StartKey | undefined;
  if (page > 1) {
    const anchored = await publicStartKey((page - 1) * limit);
    if (anchored === null) return [];
    if (anchored) startKey = anchored;
    else {
      const skipped = await queryItems(
        { ...base, ProjectionExpression: 'pk, sk, gsi2pk, gsi2sk' },
        { limit: (page - 1) * limit },
      );
      if (!skipped.next) return [];
      startKey = skipped.next;
    }
  }
  const { items } = await queryItems(base, { limit, startKey });
  return items.map(toStoryRecord);
}

/**
 * One story joined (+1) or left (-1) the public list: the page directory first (it may start only on a
 * table with no public story yet, which the counter still says), then the counter.
 */
async function publicListChanged(delta: 1 | -1, story: Pick<StoryRecord, 'createdAt' | 'id'>): Promise<void> {
  const { gsi2sk } = keys.publicStoriesIndex(story.createdAt, story.id);
  try {
    await changePublicPages(delta, gsi2sk, countPublicStories);
  } catch (error) {
    // The story has changed already: pages stay right by the slower way until the directory is rebuilt.
    logger.error('public page directory not updated; reads skip entries until it is rebuilt', { error });
    await markPublicPagesIncomplete();
  }
  await addToPublicCount(delta);
}

/** The public-story counter (one GetItem). Never below zero, even if a crash ever left it off by one. */
export async function countPublicStories(): Promise<number> {
  const { Item } = await dynamo.send(new GetCommand({ TableName: table(), Key: keys.publicStoryCounter() }));
  return Math.max(0, Number(Item?.count ?? 0));
}

async function addToPublicCount(delta: number): Promise<void> {
  await dynamo.send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.publicStoryCounter(),
      UpdateExpression: 'ADD #count :delta SET #type = :type',
      ExpressionAttributeNames: { '#count': 'count', '#type': 'type' },
      ExpressionAttributeValues: { ':delta': delta, ':type': 'Counter' },
    }),
  );
}

/**
 * Maintenance: counts the sparse public index (Select COUNT, every page) and stores the result, and
 * rebuilds the page directory from it (data/public-pages.ts). Reads
 * every public story's index entry, so it is an operator's repair tool, never on a request path.
 */
export async function recountPublicStories(): Promise<number> {
  const { count } = await queryItems({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.publicStoriesPartition() },
    Select: 'COUNT',
  });
  await dynamo.send(
    new PutCommand({ TableName: table(), Item: { ...keys.publicStoryCounter(), type: 'Counter', count } }),
  );
  await rebuildPublicPages();
  return count;
}

export interface StoriesPage {
  stories: StoryRecord[];
  /** LastEvaluatedKey when more stories follow. */
  next?: Record<string, unknown>;
}

/** Every story, newest first (gsi3), one page of up to `limit` for the admin panel. */
export async function listAllStories(limit: number, startKey?: StartKey): Promise<StoriesPage> {
  const { items, next } = await queryItems(
    {
      IndexName: 'gsi3',
      KeyConditionExpression: 'gsi3pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.allStoriesPartition() },
      ScanIndexForward: false,
    },
    { limit, startKey },
  );
  return { stories: items.map(toStoryRecord), next };
}
