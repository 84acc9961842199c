import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { LIST_CONTENT_CHARS } from '@storyloom/shared/constants';
import type { NarrationTimings, WordTiming } from '@storyloom/shared/narration';
import type { TranscriptSource } from '@storyloom/shared/transcripts';
import { dynamo } from '../lib/clients/dynamo.ts';
import { config } from '../lib/config.ts';
import { conditionally, isConditionFailure } from './items.ts';
import { keys } from './keys.ts';
import { deleteMedia, putMedia } from './media.ts';
import { buildUpdate, jobCondition } from './update.ts';
import { readMediaBytes } from './voice.ts';

/**
 * Transcripts of audio stories (docs/stories.md, "Transcripts"). One item per story in the story's own
 * partition (`STORY#<id>` / `TRANSCRIPT`: the text, who wrote it, its version, and the automatic
 * transcription's job state), the word timings as a JSON file under the story's media folder, and a short
 * summary on the story item (the first LIST_CONTENT_CHARS characters, the source, the version) so lists
 * can be searched by it without a read per story. All three go with the story and with the account.
 *
 * The access pattern other features read: `getTranscript(storyId)` (the book, the export).
 */

/** Why an automatic transcription did not happen: the owner is told, and types the transcript instead. */
export type TranscriptProblem = 'quota' | 'provider-quota' | 'too-large' | 'failed';
export type TranscriptJobStatus = 'queued' | 'transcribing' | 'ready' | 'failed';

export interface TranscriptRecord {
  storyId: string;
  ownerId: string;
  /** Absent until there is a transcript (typed, or the speech-to-text service's). */
  text?: string;
  source?: TranscriptSource;
  /** SHA-256 of the text, 16 hex characters: names the timings file, guards edits (409). */
  version?: string;
  /** Whether `timingsKey` holds word timings for this text. */
  timingsKey?: string;
  updatedAt: string;
  /** The automatic transcription, when one was asked for (a provider key is configured). */
  jobStatus?: TranscriptJobStatus;
  /** The recording the job transcribes (its media key): a redelivered message of another recording is dropped. */
  jobKey?: string;
  attempts?: number;
  /** While transcribing: when the job counts as abandoned (worker killed). */
  leaseUntil?: string;
  problem?: TranscriptProblem;
}

/** What other features read: the text, who wrote it, and word timings when the recording was transcribed. */
export interface Transcript {
  text: string;
  source: TranscriptSource;
  /** Word timings into `text` (offset/length in UTF-16 units) and into the recording (seconds). */
  words?: WordTiming[];
  /** Seconds of the recording, when timings exist. */
  duration?: number;
  version: string;
  updatedAt: string;
}

/** The summary a story item carries (lists search it; views label it). */
export interface StoryTranscriptSummary {
  excerpt: string;
  truncated: boolean;
  source: TranscriptSource;
  version: string;
  timed: boolean;
  updatedAt: string;
}

const table = () => config.tableName;

export const transcriptMedia = {
  timings: (ownerId: string, storyId: string, version: string) =>
    `${keys.storyMediaPrefix(ownerId, storyId)}transcript/${version}.timings.json`,
};

/** The version of a transcript text. */
export function transcriptVersion(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

export function isTranscriptItem(item: Record<string, unknown>): boolean {
  return item.sk === keys.transcript('').sk;
}

export function toTranscriptRecord(item: Record<string, unknown>): TranscriptRecord {
  const { pk: _pk, sk: _sk, type: _type, ...record } = item;
  return record as unknown as TranscriptRecord;
}

/** The transcript item (job state included), strongly consistent. */
export async function getTranscriptRecord(storyId: string): Promise<TranscriptRecord | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: table(), Key: keys.transcript(storyId), ConsistentRead: true }),
  );
  return Item ? toTranscriptRecord(Item) : undefined;
}

/** The word timings of a transcript, when it has any. */
export async function readTranscriptTimings(record: TranscriptRecord): Promise<NarrationTimings | undefined> {
  if (!record.timingsKey) return undefined;
  const bytes = await readMediaBytes(record.timingsKey);
  return bytes ? (JSON.parse(Buffer.from(bytes).toString('utf8')) as NarrationTimings) : undefined;
}

/**
 * getTranscript(storyId): the story's transcript, or undefined when it has none (yet). Callers check that the
 * reader may read the story first: a transcript follows its story's privacy exactly.
 */
export async function getTranscript(storyId: string): Promise<Transcript | undefined> {
  const record = await getTranscriptRecord(storyId);
  if (!record?.text || !record.source || !record.version) return undefined;
  const timings = await readTranscriptTimings(record);
  return {
    text: record.text,
    source: record.source,
    ...(timings ? { words: timings.words, duration: timings.duration } : {}),
    version: record.version,
    updatedAt: record.updatedAt,
  };
}

/** Asks for an automatic transcription of the recording `jobKey`; false when one exists already. */
export function putTranscriptionRequest(storyId: string, ownerId: string, jobKey: string): Promise<boolean> {
  return conditionally(
    dynamo.send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.transcript(storyId),
        ...buildUpdate({
          set: {
            type: 'Transcript',
            storyId,
            ownerId,
            jobKey,
            jobStatus: 'queued',
            updatedAt: new Date().toISOString(),
          },
          condition: 'attribute_not_exists(pk)',
        }),
      }),
    ),
  );
}

/**
 * Forgets a transcription request no worker will serve (no speech-to-text key): the item goes when it holds no
 * text, else only its job fields. Only while it is still that recording's request.
 */
export async function clearTranscriptionRequest(storyId: string, jobKey: string): Promise<void> {
  const deleted = await conditionally(
    dynamo.send(
      new DeleteCommand({
        TableName: table(),
        Key: keys.transcript(storyId),
        ConditionExpression: 'jobKey = :jobKey AND attribute_not_exists(#text)',
        ExpressionAttributeNames: { '#text': 'text' },
        ExpressionAttributeValues: { ':jobKey': jobKey },
      }),
    ),
  );
  if (!deleted) {
    await updateTranscriptionJob(storyId, jobKey, { jobStatus: undefined, leaseUntil: undefined, problem: undefined });
  }
}

/**
 * Updates the job state while the item is still this job's (same recording) and, when given, only from one
 * of `fromStatus` (and with a lease that ran out). The record after the update, or undefined.
 */
export async function updateTranscriptionJob(
  storyId: string,
  jobKey: string,
  fields: Partial<Pick<TranscriptRecord, 'jobStatus' | 'leaseUntil' | 'problem'>>,
  opts: { fromStatus?: readonly TranscriptJobStatus[]; addAttempt?: boolean; leaseExpiredBefore?: string } = {},
): Promise<TranscriptRecord | undefined> {
  const guard = jobCondition(
    { condition: '#jobKey = :jobKey', names: { '#jobKey': 'jobKey' }, values: { ':jobKey': jobKey } },
    'jobStatus',
    opts,
  );
  try {
    const { Attributes } = await dynamo.send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.transcript(storyId),
        ...buildUpdate({
          set: fields,
          add: opts.addAttempt ? { attempts: 1 } : undefined,
          ...guard,
        }),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? toTranscriptRecord(Attributes) : undefined;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/**
 * Who may write a text over what is stored: the job that made it (only while nobody has written a text:
 * the owner's typing wins over a late machine result), or the owner editing from `fromVersion` (null: there
 * was none; undefined: overwrite whatever is there).
 */
export type TranscriptWriter = { kind: 'machine'; jobKey: string } | { kind: 'owner'; fromVersion?: string | null };

/**
 * Stores a transcript text (and its timings file) under its writer's condition. False when the condition
 * failed; the timings file written for it is deleted again. The previous timings file is deleted after.
 */
export async function storeTranscriptText(
  story: { id: string; authorId: string },
  input: { text: string; source: TranscriptSource; timings?: NarrationTimings },
  writer: TranscriptWriter,
): Promise<TranscriptRecord | undefined> {
  const version = transcriptVersion(input.text);
  const now = new Date().toISOString();
  const timingsKey = input.timings ? transcriptMedia.timings(story.authorId, story.id, version) : undefined;
  if (timingsKey) {
    await putMedia(timingsKey, new TextEncoder().encode(JSON.stringify(input.timings)), 'application/json');
  }
  const values: Record<string, unknown> = {};
  let condition: string | undefined;
  if (writer.kind === 'machine') {
    condition = 'jobKey = :jobKey AND attribute_not_exists(#text)';
    values[':jobKey'] = writer.jobKey;
  } else if (writer.fromVersion === null) {
    condition = 'attribute_not_exists(#version)';
  } else if (writer.fromVersion !== undefined) {
    condition = '#version = :fromVersion';
    values[':fromVersion'] = writer.fromVersion;
  }
  try {
    const { Attributes } = await dynamo.send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.transcript(story.id),
        ...buildUpdate({
          set: {
            type: 'Transcript',
            storyId: story.id,
            ownerId: story.authorId,
            text: input.text,
            source: input.source,
            version,
            timingsKey,
            updatedAt: now,
            // The owner's text ends any automatic transcription still to come: theirs wins.
            jobStatus: writer.kind === 'machine' ? 'ready' : undefined,
            leaseUntil: undefined,
            problem: undefined,
          },
          condition,
          names: { '#text': 'text', '#version': 'version' },
          values: Object.keys(values).length ? values : undefined,
        }),
        ReturnValues: 'ALL_OLD',
      }),
    );
    const old = Attributes ? toTranscriptRecord(Attributes) : undefined;
    if (old?.timingsKey && old.timingsKey !== timingsKey) await deleteMedia(old.timingsKey);
    const {
      jobStatus: _status,
      leaseUntil: _lease,
      problem: _problem,
      ...kept
    } = old ?? {
      storyId: story.id,
      ownerId: story.authorId,
    };
    return {
      ...kept,
      ...(writer.kind === 'machine' ? { jobStatus: 'ready' as const } : {}),
      text: input.text,
      source: input.source,
      version,
      timingsKey,
      updatedAt: now,
    };
  } catch (error) {
    if (timingsKey) await deleteMedia(timingsKey);
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/** The summary the story item carries for a transcript record with text. */
export function transcriptSummary(record: TranscriptRecord): StoryTranscriptSummary | undefined {
  if (!record.text || !record.source || !record.version) return undefined;
  return {
    excerpt: record.text.slice(0, LIST_CONTENT_CHARS),
    truncated: record.text.length > LIST_CONTENT_CHARS,
    source: record.source,
    version: record.version,
    timed: Boolean(record.timingsKey),
    updatedAt: record.updatedAt,
  };
}

/**
 * Writes the summary onto the story item (only while the story exists and is an audio story). False when the
 * story has gone: the caller removes what it wrote.
 */
export function setStoryTranscriptSummary(storyId: string, summary: StoryTranscriptSummary): Promise<boolean> {
  return conditionally(
    dynamo.send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.story(storyId),
        ...buildUpdate({
          set: { transcript: summary },
          condition: 'attribute_exists(pk) AND storyType = :audio',
          values: { ':audio': 'audio' },
        }),
      }),
    ),
  );
}

/** Removes the transcript item and its timings (its story went while it was being written). */
export async function deleteTranscript(storyId: string): Promise<void> {
  const { Attributes } = await dynamo.send(
    new DeleteCommand({ TableName: table(), Key: keys.transcript(storyId), ReturnValues: 'ALL_OLD' }),
  );
  const timingsKey = (Attributes as TranscriptRecord | undefined)?.timingsKey;
  if (timingsKey) await deleteMedia(timingsKey);
}
