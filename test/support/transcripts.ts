import { sttWords } from './elevenlabs-stt-fake.ts';
import { useServerEnv } from './env.ts';

/**
 * Gives an audio story the transcript the media worker stores after speech to text: Scribe's words for `text`
 * spread over `seconds` of the recording (as the fake answers), turned into timings and written by the data
 * layer's own calls, without a provider key (the run's shared server has none; the worker's own path is tested
 * against the fake in test/api/transcripts-machine.test.ts).
 */
export async function storeMachineTranscript(
  story: { ID: string; author: { id: string } },
  text: string,
  seconds: number,
): Promise<void> {
  useServerEnv();
  const [{ transcriptFromRecognition }, data] = await Promise.all([
    import('@storyloom/functions/adapters/voice/speech-to-text'),
    import('@storyloom/functions/data/transcripts'),
  ]);
  const recognition = transcriptFromRecognition({ text, durationSeconds: seconds, words: sttWords(text, seconds) });
  const record = await data.storeTranscriptText(
    { id: story.ID, authorId: story.author.id },
    { text: recognition.text, source: 'machine', timings: recognition.timings },
    { kind: 'owner' },
  );
  const summary = record && data.transcriptSummary({ ...record, source: 'machine' });
  if (!summary || !(await data.setStoryTranscriptSummary(story.ID, summary))) throw new Error('transcript not stored');
}
