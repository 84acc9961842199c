import type { StoryRecord } from '../../data/stories.ts';
import { putTranscriptionRequest, type TranscriptRecord, updateTranscriptionJob } from '../../data/transcripts.ts';
import { enqueueMediaJob } from '../../jobs/media-queue.ts';
import { intEnv } from '../../lib/env.ts';

/**
 * The automatic transcription of an audio story (docs/stories.md, "Transcripts"): asked for when the story is
 * saved, run by the media worker (`transcript.transcribe`), idempotent by the recording's media key.
 */

/** A transcription holds its job this long; a status read after that queues it again (worker killed). */
export const TRANSCRIPTION_LEASE_SECONDS = 300;
/** Deliveries (and lease re-queues) before a transcription counts as failed. */
export const TRANSCRIPTION_MAX_ATTEMPTS = 3;
/** Automatic transcriptions per user per day: each is paid by the recording's length. */
export const TRANSCRIPTION_DAILY_LIMIT = () => intEnv('TRANSCRIPTION_DAILY_LIMIT', 20);

/**
 * After an audio story is written: queue its transcription. Whether a speech-to-text key is configured is the
 * media worker's to know (it alone holds the secret); without one it clears the request at once and the owner
 * types the transcript. The owner's daily quota is counted there too, only for recordings really sent.
 */
export async function requestMachineTranscript(
  story: Pick<StoryRecord, 'id' | 'authorId' | 'audioKey'>,
): Promise<void> {
  if (!story.audioKey) return;
  if (await putTranscriptionRequest(story.id, story.authorId, story.audioKey)) {
    await enqueueMediaJob({ type: 'transcript.transcribe', storyId: story.id, jobKey: story.audioKey });
  }
}

/**
 * A transcription whose worker died (lease run out) is queued again when its owner looks, or failed after
 * TRANSCRIPTION_MAX_ATTEMPTS. Returns the record as it now stands.
 */
export async function recoverTranscription(record: TranscriptRecord): Promise<TranscriptRecord> {
  if (record.jobStatus !== 'transcribing' || !record.jobKey) return record;
  if (!record.leaseUntil || record.leaseUntil > new Date().toISOString()) return record;
  const now = new Date().toISOString();
  if ((record.attempts ?? 0) >= TRANSCRIPTION_MAX_ATTEMPTS) {
    return (
      (await updateTranscriptionJob(
        record.storyId,
        record.jobKey,
        { jobStatus: 'failed', problem: 'failed', leaseUntil: undefined },
        { fromStatus: ['transcribing'], leaseExpiredBefore: now },
      )) ?? record
    );
  }
  const queued = await updateTranscriptionJob(
    record.storyId,
    record.jobKey,
    { jobStatus: 'queued', leaseUntil: undefined },
    { fromStatus: ['transcribing'], leaseExpiredBefore: now },
  );
  if (!queued) return record;
  await enqueueMediaJob({ type: 'transcript.transcribe', storyId: record.storyId, jobKey: record.jobKey });
  return queued;
}
