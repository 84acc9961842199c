import { createHash } from 'node:crypto';
import type { WordTiming } from '@storyloom/shared/narration';
import type { PartStore, SynthesizedPart } from '../../adapters/voice/engine.ts';
import { deleteMediaUnder, putMedia } from '../../data/media.ts';
import { readMediaBytes, updateNarration, voiceMedia } from '../../data/voice.ts';
import { logger } from '../../lib/logger.ts';
import { LEASE_SECONDS, seconds } from './narration.ts';

/** A job's folder name: its key holds ':' and voice ids, so a hash of it. */
export const jobIdOf = (jobKey: string) => sha256(jobKey).slice(0, 16);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

interface PartMeta {
  index: number;
  offset: number;
  length: number;
  /** SHA-256 of the chunk's text (the story may have been edited between attempts). */
  textHash: string;
  duration: number;
  words: WordTiming[];
}

export interface NarrationJobRef {
  storyId: string;
  ownerId: string;
  jobKey: string;
  /** Parts the record says are finished when this delivery claimed it. */
  partsDone: number;
}

/**
 * Checkpoints of one narration job (docs/voice.md, "Long narrations"): each finished chunk's audio and word
 * timings go to S3 under the job, then the record's `partsDone` moves on (conditional on the job still
 * being this one). A redelivered job loads the parts below `partsDone` instead of paying for them again.
 * `onReplaced` is called when the record no longer belongs to the job (removed or regenerated).
 */
export function narrationPartStore(job: NarrationJobRef, onReplaced: () => void): PartStore {
  const jobId = jobIdOf(job.jobKey);
  const key = (index: number, ext: 'mp3' | 'json') =>
    voiceMedia.narrationPart(job.ownerId, job.storyId, jobId, index, ext);
  return {
    async load(index, span) {
      if (index >= job.partsDone) return undefined;
      const [meta, mp3] = await Promise.all([readMediaBytes(key(index, 'json')), readMediaBytes(key(index, 'mp3'))]);
      if (!meta || !mp3) return undefined;
      const parsed = JSON.parse(Buffer.from(meta).toString('utf8')) as PartMeta;
      // Chunking changed (another model or chunk size): the saved part speaks other text.
      if (parsed.offset !== span.offset || parsed.length !== span.length || parsed.textHash !== sha256(span.text)) {
        return undefined;
      }
      logger.debug('narration part resumed', { storyId: job.storyId, index });
      const { textHash: _hash, ...part } = parsed;
      return { ...part, text: span.text, mp3 };
    },
    async save(part: SynthesizedPart) {
      const meta: PartMeta = {
        index: part.index,
        offset: part.offset,
        length: part.length,
        textHash: sha256(part.text),
        duration: part.duration,
        words: part.words,
      };
      await putMedia(key(part.index, 'mp3'), part.mp3, 'audio/mpeg');
      await putMedia(key(part.index, 'json'), new TextEncoder().encode(JSON.stringify(meta)), 'application/json');
      const still = await updateNarration(
        job.storyId,
        job.jobKey,
        { partsDone: part.index + 1, leaseUntil: seconds(LEASE_SECONDS) },
        { fromStatus: ['generating'] },
      );
      if (!still) onReplaced();
    },
  };
}

/** Removes a job's checkpoints (the job finished, failed for good, or was replaced). */
export async function deleteNarrationParts(job: Pick<NarrationJobRef, 'ownerId' | 'storyId' | 'jobKey'>) {
  await deleteMediaUnder(voiceMedia.narrationPartsPrefix(job.ownerId, job.storyId, jobIdOf(job.jobKey)));
}
