import { PutObjectCommand } from '@aws-sdk/client-s3';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DeclineKind } from '@storyloom/shared/interactive';
import { dynamo } from '../lib/clients/dynamo.ts';
import { s3 } from '../lib/clients/s3.ts';
import { config } from '../lib/config.ts';
import { conditionally } from './items.ts';
import { keys } from './keys.ts';
import { buildUpdate } from './update.ts';

/**
 * Interactive sessions, cached answers and the questions a story could not answer (docs/interactive.md,
 * "Data"). Sessions and cached answers expire with `ttl`; dynalite never expires items, so every read here
 * checks `ttl` itself.
 */
const table = () => config.tableName;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Who listens: the story's owner, a person it is shared with by name (`reader`, signed in), whoever holds a
 * share link, or anyone on a public story.
 */
export type Listener =
  | { kind: 'owner'; userId: string }
  | { kind: 'reader'; userId: string }
  | { kind: 'link'; token: string }
  | { kind: 'public' };

export interface SessionRecord {
  id: string;
  storyId: string;
  listener: Listener;
  /** Seconds into the narration, from the last time report. */
  currentTime: number;
  questions: number;
  createdAt: string;
  /** Epoch seconds after which the session has expired (idle). */
  ttl: number;
}

export async function putSession(session: SessionRecord): Promise<void> {
  await dynamo.send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...keys.interactiveSession(session.id),
        ...keys.sessionsOfStoryIndex(session.storyId, session.id),
        ...('userId' in session.listener ? keys.sessionsOfUserIndex(session.listener.userId, session.id) : {}),
        type: 'InteractiveSession',
        ...session,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** A live session (undefined when missing or expired). */
export async function getSession(sessionId: string): Promise<SessionRecord | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: table(), Key: keys.interactiveSession(sessionId), ConsistentRead: true }),
  );
  if (!Item || Number(Item.ttl) <= nowSeconds()) return undefined;
  return {
    id: String(Item.id),
    storyId: String(Item.storyId),
    listener: Item.listener as Listener,
    currentTime: Number(Item.currentTime ?? 0),
    questions: Number(Item.questions ?? 0),
    createdAt: String(Item.createdAt),
    ttl: Number(Item.ttl),
  };
}

/** Records a time report and keeps the session alive; false when it has ended meanwhile. */
export function touchSession(sessionId: string, update: { currentTime?: number; ttl: number }): Promise<boolean> {
  return conditionally(
    dynamo.send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.interactiveSession(sessionId),
        ...buildUpdate({
          // An absent currentTime is left as it was (a report without a position only keeps the session alive).
          set: { ttl: update.ttl, ...(update.currentTime !== undefined ? { currentTime: update.currentTime } : {}) },
          condition: 'attribute_exists(pk) AND #ttl > :now',
          values: { ':now': nowSeconds() },
        }),
      }),
    ),
  );
}

/**
 * Counts one question against the session's cap, atomically: false when the session already asked `max`
 * (or has ended).
 */
export function countQuestion(sessionId: string, max: number, ttl: number): Promise<boolean> {
  return conditionally(
    dynamo.send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.interactiveSession(sessionId),
        UpdateExpression: 'SET #ttl = :ttl ADD questions :one',
        ConditionExpression:
          'attribute_exists(pk) AND #ttl > :now AND (attribute_not_exists(questions) OR questions < :max)',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':ttl': ttl, ':now': nowSeconds(), ':one': 1, ':max': max },
      }),
    ),
  );
}

export async function deleteSession(sessionId: string): Promise<boolean> {
  const { Attributes } = await dynamo.send(
    new DeleteCommand({ TableName: table(), Key: keys.interactiveSession(sessionId), ReturnValues: 'ALL_OLD' }),
  );
  return Attributes !== undefined && Number(Attributes.ttl) > nowSeconds();
}

export interface CachedAnswer {
  answer: string;
  declined: false | DeclineKind;
  citedSentenceIds: number[];
  /** Media key of the spoken answer, when one was made (it outlives the cache entry: see ANSWER_AUDIO_DAYS). */
  audioKey?: string;
}

export async function getCachedAnswer(storyId: string, cacheKey: string): Promise<CachedAnswer | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: table(), Key: keys.interactiveAnswer(storyId, cacheKey) }),
  );
  if (!Item || Number(Item.ttl) <= nowSeconds()) return undefined;
  return {
    answer: String(Item.answer),
    declined: (Item.declined as CachedAnswer['declined']) ?? false,
    citedSentenceIds: (Item.citedSentenceIds as number[]) ?? [],
    audioKey: typeof Item.audioKey === 'string' ? Item.audioKey : undefined,
  };
}

export async function putCachedAnswer(
  storyId: string,
  cacheKey: string,
  answer: CachedAnswer,
  ttl: number,
): Promise<void> {
  await dynamo.send(
    new PutCommand({
      TableName: table(),
      Item: { ...keys.interactiveAnswer(storyId, cacheKey), type: 'InteractiveAnswer', ...answer, ttl },
    }),
  );
}

export interface AskedQuestionRecord {
  id: string;
  question: string;
  kind: DeclineKind;
  times: number;
  lastAskedAt: string;
}

/** Records an unanswered question for the storyteller; the same question again counts up. */
export async function recordAskedQuestion(
  storyId: string,
  id: string,
  question: string,
  kind: DeclineKind,
  at: string,
): Promise<void> {
  await dynamo.send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.askedQuestion(storyId, id),
      UpdateExpression: 'SET #type = :type, question = :q, kind = :kind, lastAskedAt = :at ADD times :one',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':type': 'AskedQuestion', ':q': question, ':kind': kind, ':at': at, ':one': 1 },
    }),
  );
}

/** Unanswered questions of a story, most asked first (a story keeps at most a few hundred: see MAX_ASKED). */
export async function listAskedQuestions(storyId: string): Promise<AskedQuestionRecord[]> {
  const { Items = [] } = await dynamo.send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.story(storyId).pk, ':prefix': keys.askedQuestionPrefix() },
      ConsistentRead: true,
    }),
  );
  return Items.map((item) => ({
    id: String(item.sk).slice(keys.askedQuestionPrefix().length),
    question: String(item.question),
    kind: item.kind as DeclineKind,
    times: Number(item.times ?? 1),
    lastAskedAt: String(item.lastAskedAt),
  })).sort((a, b) => b.times - a.times || b.lastAskedAt.localeCompare(a.lastAskedAt));
}

export async function deleteAskedQuestion(storyId: string, id: string): Promise<void> {
  await dynamo.send(new DeleteCommand({ TableName: table(), Key: keys.askedQuestion(storyId, id) }));
}

/** The tag the bucket's lifecycle rule expires spoken answers by (infra/lib/constructs/data-store.ts). */
export const ANSWER_AUDIO_TAG = { key: 'storyloom-expires', value: 'answer' } as const;

/** Stores a spoken answer, tagged so the bucket deletes it after a day. */
export async function putAnswerAudio(key: string, mp3: Uint8Array): Promise<void> {
  await s3.send(
    new PutObjectCommand({
      Bucket: config.mediaBucket,
      Key: key,
      Body: mp3,
      ContentType: 'audio/mpeg',
      Tagging: `${ANSWER_AUDIO_TAG.key}=${ANSWER_AUDIO_TAG.value}`,
    }),
  );
}
