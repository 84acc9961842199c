import { engineKind } from '../adapters/voice/engine-kind.ts';
import { elevenLabsEngine } from '../adapters/voice/provider.ts';
import { runKeepsakeBuild } from '../domain/keepsake/worker.ts';
import { processPhoto } from '../domain/photos/process.ts';
import { runTranscription } from '../domain/transcripts/transcribe-job.ts';
import { runClone } from '../domain/voice/clone-job.ts';
import type { JobDelivery } from '../domain/voice/job-context.ts';
import { runNarration } from '../domain/voice/narration-job.ts';
import { deleteUserProviderVoices, sweepProviderVoices } from '../domain/voice/provider-sweep.ts';
import { logger } from '../lib/logger.ts';
import type { MediaJob } from './media-types.ts';

/** Runs one media job; throwing sends the message back to the queue for a retry (then the DLQ). */
export async function runMediaJob(job: MediaJob, delivery: JobDelivery): Promise<void> {
  switch (job.type) {
    case 'voice.clone':
      return runClone(job, delivery);
    case 'voice.narrate':
      return runNarration(job, delivery);
    case 'voice.delete-provider-voice':
      if (engineKind() !== 'elevenlabs') {
        logger.warn('provider voice left in place: no ElevenLabs key configured', { voiceId: job.voiceId });
        return;
      }
      return (await elevenLabsEngine()).deleteVoice(job.voiceId);
    case 'voice.delete-user-voices':
      if (engineKind() !== 'elevenlabs') return;
      await deleteUserProviderVoices(await elevenLabsEngine(), job.userId, job.before);
      return;
    case 'voice.sweep-provider-voices':
      if (engineKind() !== 'elevenlabs') return;
      await sweepProviderVoices(await elevenLabsEngine());
      return;
    case 'photos.process':
      return processPhoto(job);
    case 'transcript.transcribe':
      return runTranscription(job, delivery);
    case 'keepsake.build':
      return runKeepsakeBuild(job, delivery);
  }
}
