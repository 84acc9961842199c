import { transcriptText } from '@storyloom/shared/transcripts';
import { describe, expect, it } from 'vitest';
import { transcriptSummary } from '../../data/transcripts.ts';
import { toTranscriptDto } from './dto.ts';

const record = (text: string, source: 'machine' | 'typed' | 'edited' = 'machine') => ({
  storyId: 's',
  ownerId: 'o',
  text,
  source,
  version: `v-${text.length}`,
  timingsKey: source === 'typed' ? undefined : 'users/o/stories/s/transcript/v.timings.json',
  updatedAt: '2026-11-26T10:00:00.000Z',
});

describe('toTranscriptDto', () => {
  it('lists carry the start of a long transcript, single views the whole text', () => {
    const long = record('word '.repeat(400).trim());
    const summary = transcriptSummary(long)!;
    const listed = toTranscriptDto(summary)!;
    expect(listed.text).toHaveLength(1000);
    expect(listed.text_truncated).toBe(true);
    const whole = toTranscriptDto(summary, long)!;
    expect(whole.text).toBe(long.text);
    expect(whole.text_truncated).toBeUndefined();
  });

  it('labels machine-made only while unedited, and says whether timings exist', () => {
    expect(toTranscriptDto(transcriptSummary(record('Hello there.'))!)).toMatchObject({
      machine_made: true,
      label: transcriptText.machineMade,
      timed: true,
    });
    expect(toTranscriptDto(transcriptSummary(record('Hello there.', 'edited'))!)).toMatchObject({
      machine_made: false,
      label: transcriptText.edited,
    });
    expect(toTranscriptDto(transcriptSummary(record('Hello there.', 'typed'))!)).toMatchObject({
      machine_made: false,
      label: transcriptText.typed,
      timed: false,
    });
  });

  it('never pairs a summary with the text of another version, and is null without a transcript', () => {
    const summary = transcriptSummary(record('Old words.'))!;
    const dto = toTranscriptDto(summary, { text: 'Newer words, not yet in the summary.', version: 'other' })!;
    expect(dto.text).toBe('Old words.');
    expect(toTranscriptDto(undefined)).toBeNull();
    expect(transcriptSummary({ storyId: 's', ownerId: 'o', updatedAt: 'x' })).toBeUndefined();
  });
});
