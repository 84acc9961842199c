import { createHash } from 'node:crypto';
import { success } from '@storyloom/shared/messages';
import type { NarrationTimings } from '@storyloom/shared/narration';
import { type NarrateInput, type NarrationDto, voiceText } from '@storyloom/shared/voice';
import { deleteMediaUnder } from '../../data/media.ts';
import type { StoryRecord } from '../../data/stories.ts';
import {
  deleteNarration,
  getNarration,
  type NarrationRecord,
  putNarrationRequest,
  readMediaBytes,
  setStoryNarration,
  updateNarration,
  voiceMedia,
} from '../../data/voice.ts';
import { enqueueMediaJob } from '../../jobs/media-queue.ts';
import { intEnv } from '../../lib/env.ts';
import { NotFound, ValidationFailed } from '../../lib/errors.ts';
import { logger } from '../../lib/logger.ts';
import { loadOwnedStory } from '../stories/access.ts';
import { releaseNarrationQuota, reserveNarrationQuota } from './narration-quota.ts';
import { usableVoice } from './voices.ts';

/**
 * A generating narration holds a lease it renews while it makes progress; a record whose lease ran
 * out (the worker was killed, the local server stopped mid-job) is queued again on the next read, or
 * failed once it has used its attempts: never "generating" forever (docs/voice.md, "Recovery").
 */
export const LEASE_SECONDS = intEnv('NARRATION_LEASE_SECONDS', 120);
/** How long a queued request may wait before a read treats its message as lost. */
export const QUEUED_LEASE_SECONDS = intEnv('NARRATION_QUEUED_LEASE_SECONDS', 20 * 60);
/** Attempts before a narration is failed for good (the queue's maxReceiveCount counts deliveries too). */
export const MAX_NARRATION_ATTEMPTS = intEnv('NARRATION_MAX_ATTEMPTS', 3);

export const seconds = (n: number) => new Date(Date.now() + n * 1000).toISOString();

/** A short hash of a story's text: the narration's text version. */
export function textVersion(content: string): string {
  return createHash('sha256').update(content).digest('hex').slice(0, 16);
}

export function toNarrationDto(
  storyId: string,
  record: NarrationRecord | undefined,
  story?: StoryRecord,
): NarrationDto {
  if (!record) {
    return {
      story_id: storyId,
      status: 'none',
      progress: 0,
      voice_id: null,
      voice_name: null,
      audio_url: null,
      duration: null,
      error: null,
      stale: false,
      preparing_voice: false,
      problem: null,
      attempts: 0,
      updated_at: null,
    };
  }
  return {
    story_id: storyId,
    status: record.status,
    progress: record.status === 'ready' ? 1 : record.progress,
    voice_id: record.voiceId,
    voice_name: record.voiceName ?? null,
    audio_url: record.status === 'ready' ? (record.audioKey ?? null) : (story?.audioKey ?? null),
    duration: record.duration ?? null,
    error: record.status === 'failed' ? (record.error ?? voiceText.narrationFailed) : null,
    stale: Boolean(story && record.status === 'ready' && textVersion(story.content) !== record.textVersion),
    preparing_voice: record.status === 'generating' && Boolean(record.preparingVoice),
    problem: record.status === 'failed' ? (record.problem ?? null) : null,
    attempts: record.attempts,
    updated_at: record.updatedAt,
  };
}

/** A text story the caller owns (404 for strangers, 403 for readers, 400 for an audio story). */
async function ownedTextStory(storyId: string, userId: string): Promise<StoryRecord> {
  const story = await loadOwnedStory(storyId, userId);
  if (story.storyType !== 'text') throw new ValidationFailed(voiceText.notTextStory);
  return story;
}

/**
 * POST /api/voice/narrate/{storyId}: queue a narration of the story's current text in the voice.
 * The same request again (same text, same voice) while it is queued, generating or ready changes
 * nothing and queues nothing: a redelivery or a double click never pays twice.
 */
export async function requestNarration(
  storyId: string,
  userId: string,
  input: NarrateInput,
): Promise<{ created: boolean; narration: NarrationDto }> {
  const story = await ownedTextStory(storyId, userId);
  // Another user's voice gets the answer of a voice that does not exist: 404, the same text.
  const voice = await usableVoice(userId, input.voice_id);
  if (!voice) throw new NotFound(voiceText.unknownVoice);
  const previous = await getNarration(storyId);
  const version = textVersion(story.content);
  const jobKey = `${storyId}:${version}:${input.voice_id}`;
  const now = new Date().toISOString();
  const record: NarrationRecord = {
    storyId,
    ownerId: story.authorId,
    voiceId: voice.id,
    voiceName: voice.name,
    ownVoice: voice.own,
    status: 'queued',
    progress: 0,
    textVersion: version,
    jobKey,
    attempts: 0,
    requestedAt: now,
    leaseUntil: seconds(QUEUED_LEASE_SECONDS),
    updatedAt: now,
  };
  // The same text in the same voice, queued, running or done: nothing to pay for, nothing counted.
  if (previous?.jobKey === jobKey && previous.status !== 'failed') {
    const narration = toNarrationDto(storyId, previous, story);
    return { created: false, narration: { ...narration, message: success.narrationRegenerating } };
  }
  const quota = await reserveNarrationQuota(userId, story.content.length);
  const created = await putNarrationRequest(record, voice.own ? userId : undefined);
  if (created) await enqueueMediaJob({ type: 'voice.narrate', storyId, jobKey });
  else await releaseNarrationQuota(quota);
  const current = created ? record : await getNarration(storyId);
  const message = previous ? success.narrationRegenerating : voiceText.narrationQueued;
  return { created, narration: { ...toNarrationDto(storyId, current, story), message } };
}

/**
 * GET /api/voice/narrate/{storyId}: the owner's view of the narration, polled while it is not final.
 * An abandoned record (lease run out) is queued again here, or failed after its last attempt.
 */
export async function getNarrationState(storyId: string, userId: string): Promise<NarrationDto> {
  const story = await loadOwnedStory(storyId, userId);
  const record = await getNarration(storyId);
  return toNarrationDto(storyId, record && (await recoverAbandoned(record)), story);
}

async function recoverAbandoned(record: NarrationRecord): Promise<NarrationRecord> {
  if (record.status !== 'queued' && record.status !== 'generating') return record;
  const now = new Date().toISOString();
  if (record.leaseUntil && record.leaseUntil > now) return record;
  const opts = { fromStatus: [record.status], leaseExpiredBefore: now };
  if (record.attempts >= MAX_NARRATION_ATTEMPTS) {
    const failed = await updateNarration(
      record.storyId,
      record.jobKey,
      { status: 'failed', error: voiceText.narrationFailed, leaseUntil: undefined, finishedAt: now },
      opts,
    );
    return failed ?? (await getNarration(record.storyId)) ?? record;
  }
  const requeued = await updateNarration(
    record.storyId,
    record.jobKey,
    { status: 'queued', progress: 0, leaseUntil: seconds(QUEUED_LEASE_SECONDS) },
    opts,
  );
  if (!requeued) return (await getNarration(record.storyId)) ?? record;
  logger.warn('narration abandoned, queued again', { storyId: record.storyId, attempts: record.attempts });
  await enqueueMediaJob({ type: 'voice.narrate', storyId: record.storyId, jobKey: record.jobKey });
  return requeued;
}

/** PUT /api/stories/{id}/remove-narration: the record, the story's pointer and every narration file. */
export async function removeNarration(storyId: string, userId: string): Promise<NarrationDto> {
  const story = await ownedTextStory(storyId, userId);
  await removeNarrationOf(story);
  return { ...toNarrationDto(storyId, undefined), message: success.narrationRemoved };
}

export async function removeNarrationOf(story: Pick<StoryRecord, 'id' | 'authorId'>): Promise<void> {
  await deleteNarration(story.id);
  await setStoryNarration(story.id, undefined);
  await deleteMediaUnder(voiceMedia.narrationPrefix(story.authorId, story.id));
}

/**
 * The narration's word timings (for the read-along and the interactive player), or undefined when the
 * story has no ready narration. Offsets index the story text the narration was made from.
 */
export async function getNarrationTimings(
  storyId: string,
): Promise<(NarrationTimings & { textVersion: string }) | undefined> {
  const record = await getNarration(storyId);
  if (record?.status !== 'ready' || !record.timingsKey) return undefined;
  const bytes = await readMediaBytes(record.timingsKey);
  if (!bytes) return undefined;
  const timings = JSON.parse(Buffer.from(bytes).toString('utf8')) as NarrationTimings;
  return { ...timings, textVersion: record.textVersion };
}
