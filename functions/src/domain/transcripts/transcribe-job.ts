import { TRANSCRIPT_MAX_CHARS } from '@storyloom/shared/constants';
import type { NarrationTimings } from '@storyloom/shared/narration';
import { VoiceEngineError } from '../../adapters/voice/engine.ts';
import { elevenLabsTranscriber, transcriptFromRecognition } from '../../adapters/voice/speech-to-text.ts';
import { reserveRateSlot } from '../../data/rate-limit.ts';
import { getStory } from '../../data/stories.ts';
import {
  clearTranscriptionRequest,
  deleteTranscript,
  getTranscriptRecord,
  setStoryTranscriptSummary,
  storeTranscriptText,
  type TranscriptProblem,
  type TranscriptRecord,
  transcriptSummary,
  updateTranscriptionJob,
} from '../../data/transcripts.ts';
import { readMediaBytes } from '../../data/voice.ts';
import { TooManyRequests } from '../../lib/errors.ts';
import { logger } from '../../lib/logger.ts';
import { providerConfigured } from '../../lib/secrets.ts';
import { isLastDelivery, type JobDelivery } from '../voice/job-context.ts';
import { providerProblemOf, reportProblem } from '../voice/provider-voices.ts';
import { TRANSCRIPTION_DAILY_LIMIT, TRANSCRIPTION_LEASE_SECONDS } from './request.ts';

/**
 * The media worker's side of the automatic transcription (docs/stories.md, "Transcripts"): the only module
 * that reaches the provider SDK, kept apart from request.ts so the API functions never bundle it.
 */

const seconds = (n: number) => new Date(Date.now() + n * 1000).toISOString();

/** Claims the record for this delivery: queued, or transcribing with a lease that ran out. */
async function claim(storyId: string, jobKey: string): Promise<TranscriptRecord | undefined> {
  const fields = {
    jobStatus: 'transcribing' as const,
    leaseUntil: seconds(TRANSCRIPTION_LEASE_SECONDS),
    problem: undefined,
  };
  return (
    (await updateTranscriptionJob(storyId, jobKey, fields, { fromStatus: ['queued'], addAttempt: true })) ??
    (await updateTranscriptionJob(storyId, jobKey, fields, {
      fromStatus: ['transcribing'],
      addAttempt: true,
      leaseExpiredBefore: new Date().toISOString(),
    }))
  );
}

const CONTENT_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  mp4: 'audio/mp4',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  webm: 'audio/webm',
};

/** The media worker's `transcript.transcribe`: one paid request per recording, whatever the deliveries. */
export async function runTranscription(job: { storyId: string; jobKey: string }, delivery: JobDelivery): Promise<void> {
  const current = await getTranscriptRecord(job.storyId);
  // Gone, another recording's, or already written (typed by the owner, or a finished delivery): nothing to pay.
  if (!current || current.jobKey !== job.jobKey || current.text !== undefined) return;
  if (!providerConfigured('elevenlabs')) {
    // No speech-to-text key in this deployment: the owner types the transcript (the page says so).
    await clearTranscriptionRequest(job.storyId, job.jobKey);
    return;
  }
  const record = await claim(job.storyId, job.jobKey);
  if (!record) return; // another delivery holds a live lease, or the job has ended
  if (record.attempts === 1 && !(await withinDailyQuota(record.ownerId))) return fail(job, 'quota', 'daily quota');
  const story = await getStory(job.storyId);
  if (!story || story.audioKey !== job.jobKey) return;
  const audio = await readMediaBytes(job.jobKey);
  if (!audio) return fail(job, 'failed', 'the recording is not in the bucket');
  const ext = job.jobKey.split('.').pop() ?? '';
  const stopLease = keepLease(job);
  try {
    const recognition = await (await elevenLabsTranscriber()).transcribe(audio, {
      fileName: `recording.${ext}`,
      contentType: CONTENT_TYPES[ext] ?? 'application/octet-stream',
    });
    const { text, timings } = capped(transcriptFromRecognition(recognition));
    if (!text) return fail(job, 'failed', 'no speech recognised');
    const stored = await storeTranscriptText(
      story,
      { text, source: 'machine', timings },
      { kind: 'machine', jobKey: job.jobKey },
    );
    // The owner typed one meanwhile (theirs wins), or the recording changed: this one is dropped.
    if (!stored) return;
    const summary = transcriptSummary(stored);
    if (summary && !(await setStoryTranscriptSummary(story.id, summary))) await deleteTranscript(story.id);
    logger.info('transcript made', { storyId: story.id, words: timings?.words.length ?? 0 });
  } catch (error) {
    const failure = error instanceof VoiceEngineError ? error : undefined;
    if (failure?.retryable && !isLastDelivery(delivery)) {
      // Back in the queue's hands: the next delivery claims it again.
      await updateTranscriptionJob(
        job.storyId,
        job.jobKey,
        { jobStatus: 'queued', leaseUntil: undefined },
        { fromStatus: ['transcribing'] },
      );
      throw error;
    }
    // The account's quota (or its key) is the operator's to fix: the same alarmed metric as narrations.
    const accountProblem = providerProblemOf(error);
    if (accountProblem) reportProblem(accountProblem, { storyId: job.storyId, call: 'speech-to-text' });
    await fail(job, problemOf(failure), (error as Error).message);
  } finally {
    stopLease();
  }
}

/**
 * Renews the lease on a timer while the provider works (a three-hour recording takes minutes), so an owner's
 * status read never takes a busy job for a dead one and pays for the recording twice.
 */
function keepLease(job: { storyId: string; jobKey: string }): () => void {
  const timer = setInterval(
    () => {
      updateTranscriptionJob(
        job.storyId,
        job.jobKey,
        { leaseUntil: seconds(TRANSCRIPTION_LEASE_SECONDS) },
        { fromStatus: ['transcribing'] },
      ).catch((error: unknown) => logger.warn('transcription lease not renewed', { reason: (error as Error).name }));
    },
    (TRANSCRIPTION_LEASE_SECONDS * 1000) / 4,
  );
  timer.unref?.();
  return () => clearInterval(timer);
}

/** Reserves one of the owner's daily transcriptions (TRANSCRIPTION_DAILY_LIMIT); false when none is left. */
async function withinDailyQuota(ownerId: string): Promise<boolean> {
  try {
    await reserveRateSlot({
      scope: 'transcribe',
      subject: ownerId,
      limit: TRANSCRIPTION_DAILY_LIMIT(),
      windowSeconds: 86_400,
    });
    return true;
  } catch (error) {
    if (error instanceof TooManyRequests) return false;
    throw error;
  }
}

/** What the owner is told about a provider failure that will not get better by trying again. */
function problemOf(failure: VoiceEngineError | undefined): TranscriptProblem {
  if (failure?.code === 'quota_exceeded') return 'provider-quota';
  if (failure?.status === 413 || failure?.code === 'file_too_large') return 'too-large';
  return 'failed';
}

async function fail(
  job: { storyId: string; jobKey: string },
  problem: TranscriptProblem,
  reason: string,
): Promise<void> {
  logger.warn('transcription failed; the owner can type the transcript', { storyId: job.storyId, problem, reason });
  await updateTranscriptionJob(
    job.storyId,
    job.jobKey,
    { jobStatus: 'failed', problem, leaseUntil: undefined },
    { fromStatus: ['transcribing'] },
  );
}

/** A recognition longer than a transcript may be is cut at the last whole word (and its timings with it). */
function capped(result: { text: string; timings?: NarrationTimings }): { text: string; timings?: NarrationTimings } {
  if (result.text.length <= TRANSCRIPT_MAX_CHARS) return result;
  const cut = result.text.slice(0, TRANSCRIPT_MAX_CHARS);
  const text = cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).trim();
  const words = result.timings?.words.filter((w) => w.offset + w.length <= text.length) ?? [];
  return { text, timings: result.timings && words.length ? { duration: result.timings.duration, words } : undefined };
}
