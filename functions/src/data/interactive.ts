import { PutObjectCommand } from '@aws-sdk/client-s3';
import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { DeclineKind } from '@storyloom/shared/interactive';
import { dynamo } from '../lib/clients/dynamo.ts';
import { s3 } from '../lib/clients/s3.ts';
import { config } from '../lib/config.ts';
import { conditionally } from './items.ts';
import { keys } from './keys.ts';
import { type StoryRecord, toStoryRecord } from './stories.ts';
import { type ShareRecord, toShareRecord } from './story-shares.ts';
import { type TranscriptRecord, toTranscriptRecord } from './transcripts.ts';
import { buildUpdate } from './update.ts';
import { toUserAuthState, type UserAuthState } from './users.ts';
import { toVoiceProfile, type VoiceProfile } from './voice.ts';

/**
 * Interactive sessions and the questions a story could not answer (docs/interactive.md,
 * "Data"). Sessions expire with `ttl`; dynalite never expires items, so every read here
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
  /**
   * The story's author (a story never changes hands), kept at start so a question reads the author's voice
   * profile in the same call as the story (`readQuestionItems`). Absent on sessions started before it was kept.
   */
  authorId?: string;
  /** An audio story heard through its transcript: a question may read the transcript's text with the story. */
  transcript?: boolean;
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
  return toSession(Item);
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
 * One call per question (docs/interactive.md, "Calls per question"): counts the question against the
 * session's cap, keeps the session alive, and returns it — only if it is live, under the cap and belongs to
 * this family of listeners (`user`: that user's owner or reader session; otherwise a link or public listener). `undefined` when the
 * condition failed; `sessionState` then tells an ended session from a full one.
 */
export async function claimSessionQuestion(
  sessionId: string,
  listener: { kind: 'user'; userId: string } | { kind: 'shared' },
  max: number,
  ttl: number,
): Promise<SessionRecord | undefined> {
  // A signed-in caller's sessions are the owner's or a named reader's, always with their user id.
  const mine =
    listener.kind === 'user'
      ? '#listener.#kind IN (:owner, :reader) AND #listener.userId = :uid'
      : 'NOT #listener.#kind IN (:owner, :reader)';
  try {
    const { Attributes } = await dynamo.send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.interactiveSession(sessionId),
        UpdateExpression: 'SET #ttl = :ttl ADD questions :one',
        ConditionExpression: `attribute_exists(pk) AND #ttl > :now AND (attribute_not_exists(questions) OR questions < :max) AND ${mine}`,
        ExpressionAttributeNames: { '#ttl': 'ttl', '#listener': 'listener', '#kind': 'kind' },
        ExpressionAttributeValues: {
          ':ttl': ttl,
          ':now': nowSeconds(),
          ':one': 1,
          ':max': max,
          ':owner': 'owner',
          ':reader': 'reader',
          ...(listener.kind === 'user' ? { ':uid': listener.userId } : {}),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? toSession(Attributes) : undefined;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return undefined;
    throw error;
  }
}

function toSession(Item: Record<string, unknown>): SessionRecord {
  return {
    id: String(Item.id),
    storyId: String(Item.storyId),
    ...(typeof Item.authorId === 'string' ? { authorId: Item.authorId } : {}),
    ...(Item.transcript === true ? { transcript: true } : {}),
    listener: Item.listener as Listener,
    currentTime: Number(Item.currentTime ?? 0),
    questions: Number(Item.questions ?? 0),
    createdAt: String(Item.createdAt),
    ttl: Number(Item.ttl),
  };
}

/** What a question reads besides its session, in one call (`readQuestionItems`). */
export interface QuestionItems {
  story?: StoryRecord;
  /** A reader's share of the story (asked for with `shareOf`). */
  share?: ShareRecord;
  /** The author's voice profile (asked for with `voiceOf`): which voice answers may be spoken in. */
  voiceProfile?: VoiceProfile;
  /** The signed-in caller's auth state (asked for with `authStateOf`): lib/auth.ts `confirmAuthState`. */
  authState?: UserAuthState;
  /** An audio story's transcript (asked for with `transcript`), when the container does not keep its text. */
  transcript?: TranscriptRecord;
}

/**
 * Everything a question reads, strongly consistent, in one BatchGetItem (docs/interactive.md, "Calls per
 * question"): the story, a reader's share, the author's voice profile, the caller's user record and an audio
 * story's transcript text when this container has none. Keys
 * DynamoDB leaves unprocessed (throttling only) are read again, as getStories does.
 */
export async function readQuestionItems(
  storyId: string,
  opts: { shareOf?: string; voiceOf?: string; authStateOf?: string; transcript?: boolean },
): Promise<QuestionItems> {
  const wanted = {
    story: keys.story(storyId),
    transcript: opts.transcript ? keys.transcript(storyId) : undefined,
    share: opts.shareOf ? keys.storyShare(storyId, opts.shareOf) : undefined,
    voiceProfile: opts.voiceOf ? keys.voiceProfile(opts.voiceOf) : undefined,
    authState: opts.authStateOf ? keys.user(opts.authStateOf) : undefined,
  };
  const items: Record<string, unknown>[] = [];
  let requestKeys: Record<string, unknown>[] = Object.values(wanted).filter((k) => k !== undefined);
  for (let attempt = 1; requestKeys.length > 0; attempt++) {
    if (attempt > 8) throw new Error('DynamoDB left reads unprocessed after 8 attempts');
    if (attempt > 1) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
    const { Responses, UnprocessedKeys } = await dynamo.send(
      new BatchGetCommand({ RequestItems: { [table()]: { Keys: requestKeys, ConsistentRead: true } } }),
    );
    items.push(...(Responses?.[table()] ?? []));
    requestKeys = UnprocessedKeys?.[table()]?.Keys ?? [];
  }
  const find = (key: { pk: string; sk: string } | undefined) =>
    key && items.find((item) => item.pk === key.pk && item.sk === key.sk);
  const story = find(wanted.story);
  const share = find(wanted.share);
  const transcript = find(wanted.transcript);
  return {
    transcript: transcript ? toTranscriptRecord(transcript) : undefined,
    story: story ? toStoryRecord(story) : undefined,
    share: share ? toShareRecord(share) : undefined,
    voiceProfile: toVoiceProfile(find(wanted.voiceProfile)),
    authState: toUserAuthState(find(wanted.authState)),
  };
}

export async function deleteSession(sessionId: string): Promise<boolean> {
  const { Attributes } = await dynamo.send(
    new DeleteCommand({ TableName: table(), Key: keys.interactiveSession(sessionId), ReturnValues: 'ALL_OLD' }),
  );
  return Attributes !== undefined && Number(Attributes.ttl) > nowSeconds();
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
