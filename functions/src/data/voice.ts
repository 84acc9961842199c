import { GetObjectCommand } from '@aws-sdk/client-s3';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { NarrationStatus } from '@storyloom/shared/narration';
import type { CloneStatus, VoiceProviderProblem } from '@storyloom/shared/voice';
import { dynamo } from '../lib/clients/dynamo.ts';
import { s3 } from '../lib/clients/s3.ts';
import { config } from '../lib/config.ts';
import { conditionally, isConditionFailure } from './items.ts';
import { keys } from './keys.ts';
import { mediaKeys } from './media.ts';
import { queryAll, queryItems } from './query.ts';
import { buildUpdate, jobCondition } from './update.ts';

/**
 * Voice profiles and narration records (docs/voice.md, "Data"). The profile lives in the user's
 * partition (`USER#<id>` / `VOICE`); a narration in its story's partition (`STORY#<id>` / `NARRATION`),
 * so deleting a story deletes its narration record with it.
 */
const table = () => config.tableName;

export type VoiceEngineKind = 'local' | 'elevenlabs';

export interface VoiceProfile {
  userId: string;
  /** The sample on file (media key) and what we measured of it. */
  sampleKey?: string;
  sampleContentType?: string;
  sampleDuration?: number;
  sampleUploadedAt?: string;
  /** The voice made from a sample, at the engine that made it. */
  voiceId?: string;
  engine?: VoiceEngineKind;
  name?: string;
  description?: string;
  /** The sample the voice was made from (a newer sample means an update is pending). */
  clonedFromSampleKey?: string;
  clonedAt?: string;
  previewKey?: string;
  /** Previews of the engine's own voices made for this user (local engine), by voice id. */
  presetPreviews?: Record<string, string>;
  cloneStatus: CloneStatus;
  cloneError?: string;
  /** Idempotency of the clone job: a redelivered message with another id is ignored. */
  cloneRequestId?: string;
  /** While queued or cloning: when the request counts as abandoned (queued again on a status read). */
  cloneLeaseUntil?: string;
  cloneAttempts?: number;
  consentAt?: string;
  consentText?: string;
  /**
   * The provider's voice (ElevenLabs) is a cache of the sample and consent: `voiceId` is the owner's stable
   * handle, `providerVoiceId` the voice at the provider now (absent once evicted; made again on demand).
   */
  providerVoiceId?: string;
  /** A voice made at the provider and not yet in use: stored right after creation, reused by a redelivery. */
  pendingProviderVoiceId?: string;
  /** The request (clone or re-creation) the pending voice belongs to, and how long it may take. */
  pendingRequestId?: string;
  pendingLeaseUntil?: string;
  /** Last narration or spoken answer with the provider voice (least recently used is evicted first). */
  voiceLastUsedAt?: string;
  /** While a narration speaks with the provider voice it is not evicted. */
  voiceInUseUntil?: string;
  voiceEvictedAt?: string;
  /** Why the provider would not make or speak the voice (its own state and message). */
  providerProblem?: ProviderProblem;
  /** Sparse index keys (keys.providerVoicesIndex) while the voice lives at the provider. */
  gsi1pk?: string;
  gsi1sk?: string;
  updatedAt: string;
}

/** The provider states with their own message, metric and alarm (docs/voice.md, "Slots as a cache"). */
export type ProviderProblem = VoiceProviderProblem;

export interface NarrationRecord {
  storyId: string;
  ownerId: string;
  voiceId: string;
  voiceName?: string;
  /** Made with the story owner's own voice (not a premade one): readers are told "the storyteller's voice". */
  ownVoice?: boolean;
  /** The owner's voice is being made again at the provider (evicted from its slot) before speaking. */
  preparingVoice?: boolean;
  problem?: VoiceProviderProblem;
  status: NarrationStatus;
  /** 0..1 */
  progress: number;
  /** Hash of the story text this narration speaks (out of date when the story's differs). */
  textVersion: string;
  /** story + text version + voice: a job whose key differs from the record's is outdated and skipped. */
  jobKey: string;
  attempts: number;
  /** Chunks finished and checkpointed under the job (narration-parts.ts): a redelivery resumes after them. */
  partsDone?: number;
  error?: string;
  audioKey?: string;
  timingsKey?: string;
  duration?: number;
  requestedAt: string;
  startedAt?: string;
  /** While queued or generating: when the record counts as abandoned (worker killed, message lost). */
  leaseUntil?: string;
  finishedAt?: string;
  updatedAt: string;
}

/** Media keys of the voice feature: the sample and preview under users/<id>/voice/, narrations under the story. */
export const voiceMedia = {
  sample: (userId: string, id: string, ext: string) => `${mediaKeys.voicePrefix(userId)}sample-${id}.${ext}`,
  preview: (userId: string, id: string) => `${mediaKeys.voicePrefix(userId)}preview-${id}.mp3`,
  /** A preview of one of the engine's voices for this user (ids may hold ':', keys may not). */
  presetPreview: (userId: string, voiceId: string) =>
    `${mediaKeys.voicePrefix(userId)}preset-${voiceId.replace(/[^A-Za-z0-9_-]/g, '-')}.mp3`,
  narrationPrefix: (ownerId: string, storyId: string) => `${keys.storyMediaPrefix(ownerId, storyId)}narration/`,
  narrationAudio: (ownerId: string, storyId: string, id: string) =>
    `${keys.storyMediaPrefix(ownerId, storyId)}narration/${id}.mp3`,
  narrationTimings: (ownerId: string, storyId: string, id: string) =>
    `${keys.storyMediaPrefix(ownerId, storyId)}narration/${id}.timings.json`,
  /** Finished chunks of one narration job (checkpoints), removed when the job ends. */
  narrationPartsPrefix: (ownerId: string, storyId: string, jobId: string) =>
    `${keys.storyMediaPrefix(ownerId, storyId)}narration/parts/${jobId}/`,
  narrationPart: (ownerId: string, storyId: string, jobId: string, index: number, ext: 'mp3' | 'json') =>
    `${keys.storyMediaPrefix(ownerId, storyId)}narration/parts/${jobId}/${String(index).padStart(4, '0')}.${ext}`,
};

export async function getVoiceProfile(userId: string): Promise<VoiceProfile | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: table(), Key: keys.voiceProfile(userId), ConsistentRead: true }),
  );
  return toVoiceProfile(Item);
}

/** A voice profile item read elsewhere (a batch read: data/interactive.ts `readQuestionItems`). */
export function toVoiceProfile(Item: Record<string, unknown> | undefined): VoiceProfile | undefined {
  if (!Item) return undefined;
  const { pk: _pk, sk: _sk, type: _type, ...profile } = Item;
  return profile as unknown as VoiceProfile;
}

/** Profiles with a voice at the provider, least recently used first (eviction candidates). */
export async function listProviderVoiceProfiles(limit: number): Promise<VoiceProfile[]> {
  const { items } = await queryItems(
    {
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.providerVoicesPartition() },
      ScanIndexForward: true,
    },
    { limit },
  );
  return items.map(({ pk: _pk, sk: _sk, type: _type, ...profile }) => profile as unknown as VoiceProfile);
}

/** Sets fields of the profile (creating it), removing those given as undefined. Returns the new profile. */
export async function updateVoiceProfile(
  userId: string,
  fields: Partial<Omit<VoiceProfile, 'userId'>>,
  condition?: { expression: string; values: Record<string, unknown> },
): Promise<VoiceProfile | undefined> {
  try {
    const { Attributes } = await dynamo.send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.voiceProfile(userId),
        ...buildUpdate({
          // A field given as undefined is removed (buildUpdate REMOVEs null/undefined).
          set: { type: 'VoiceProfile', userId, updatedAt: new Date().toISOString(), ...fields },
          condition: condition?.expression,
          values: condition?.values,
        }),
        ReturnValues: 'ALL_NEW',
      }),
    );
    if (!Attributes) return undefined;
    const { pk: _pk, sk: _sk, type: _type, ...profile } = Attributes;
    return profile as VoiceProfile;
  } catch (error) {
    if (condition && isConditionFailure(error)) return undefined;
    throw error;
  }
}

export async function deleteVoiceProfile(userId: string): Promise<VoiceProfile | undefined> {
  const { Attributes } = await dynamo.send(
    new DeleteCommand({ TableName: table(), Key: keys.voiceProfile(userId), ReturnValues: 'ALL_OLD' }),
  );
  return Attributes as VoiceProfile | undefined;
}

export async function getNarration(storyId: string): Promise<NarrationRecord | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: table(), Key: keys.narration(storyId), ConsistentRead: true }),
  );
  if (!Item) return undefined;
  const { pk: _pk, sk: _sk, type: _type, gsi1pk: _g, gsi1sk: _s, ...record } = Item;
  return record as NarrationRecord;
}

/**
 * Writes a new narration request over whatever was there (Regenerate replaces the old one), unless
 * the same job (story + text + voice) is already queued, generating or ready: then nothing changes and
 * false is returned, so a double click never pays twice.
 */
export async function putNarrationRequest(record: NarrationRecord, ownVoiceOf?: string): Promise<boolean> {
  return conditionally(
    dynamo.send(
      new PutCommand({
        TableName: table(),
        Item: {
          ...keys.narration(record.storyId),
          ...(ownVoiceOf ? keys.narrationsByVoiceOwnerIndex(ownVoiceOf, record.storyId) : {}),
          type: 'Narration',
          ...record,
        },
        ConditionExpression: 'attribute_not_exists(pk) OR jobKey <> :job OR #status = :failed',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':job': record.jobKey, ':failed': 'failed' },
      }),
    ),
  );
}

/**
 * Updates a narration only while it still belongs to `jobKey` (a newer request replaced it otherwise)
 * and, when given, only from one of `fromStatus`. Returns the record after the update, or undefined
 * when the condition did not hold.
 */
export async function updateNarration(
  storyId: string,
  jobKey: string,
  fields: Partial<Omit<NarrationRecord, 'storyId' | 'jobKey'>>,
  opts: { fromStatus?: readonly NarrationStatus[]; addAttempt?: boolean; leaseExpiredBefore?: string } = {},
): Promise<NarrationRecord | undefined> {
  const guard = jobCondition(
    { condition: '#jobKey = :jobKey', names: { '#jobKey': 'jobKey' }, values: { ':jobKey': jobKey } },
    'status',
    opts,
  );
  try {
    const { Attributes } = await dynamo.send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.narration(storyId),
        ...buildUpdate({
          set: { updatedAt: new Date().toISOString(), ...fields },
          // ADD starts a missing counter at 0, as if_not_exists(attempts, 0) + 1 did.
          add: opts.addAttempt ? { attempts: 1 } : undefined,
          ...guard,
        }),
        ReturnValues: 'ALL_NEW',
      }),
    );
    if (!Attributes) return undefined;
    const { pk: _pk, sk: _sk, type: _type, gsi1pk: _g, gsi1sk: _s, ...record } = Attributes;
    return record as NarrationRecord;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

export async function deleteNarration(storyId: string): Promise<NarrationRecord | undefined> {
  const { Attributes } = await dynamo.send(
    new DeleteCommand({ TableName: table(), Key: keys.narration(storyId), ReturnValues: 'ALL_OLD' }),
  );
  return Attributes as NarrationRecord | undefined;
}

/** Story ids narrated with a user's own voice (gsi1). */
export async function listStoriesNarratedWithVoiceOf(userId: string): Promise<string[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.narrationsByVoiceOwnerPartition(userId) },
    ProjectionExpression: 'storyId',
  });
  return items.map((item) => String(item.storyId));
}

/**
 * Points a text story at its narration audio (the story's `audio_url` and `narration_voice_id`), or
 * clears both (`audioKey` undefined). Only text stories: an audio story's own audio is never touched.
 */
export async function setStoryNarration(
  storyId: string,
  narration: { audioKey: string; voiceId: string; ownVoice?: boolean; voiceName?: string } | undefined,
): Promise<boolean> {
  return conditionally(
    dynamo.send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.story(storyId),
        // Undefined values REMOVE the attributes: no narration clears both.
        ...buildUpdate({
          set: {
            audioKey: narration?.audioKey,
            narrationVoiceId: narration?.voiceId,
            narrationVoiceOwn: narration ? Boolean(narration.ownVoice) : undefined,
            narrationVoiceName: narration?.ownVoice ? undefined : narration?.voiceName,
          },
          condition: 'attribute_exists(pk) AND storyType = :text',
          values: { ':text': 'text' },
        }),
      }),
    ),
  );
}

/** A whole media object (a voice sample, narration timings): undefined when it is not there. */
export async function readMediaBytes(key: string): Promise<Uint8Array | undefined> {
  try {
    const { Body } = await s3.send(new GetObjectCommand({ Bucket: config.mediaBucket, Key: key }));
    return Body ? await Body.transformToByteArray() : undefined;
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'NoSuchKey' || name === 'NotFound') return undefined;
    throw error;
  }
}
