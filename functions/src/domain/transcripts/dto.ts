import { type TranscriptDto, transcriptLabel } from '@storyloom/shared/transcripts';
import type { StoryTranscriptSummary, TranscriptRecord } from '../../data/transcripts.ts';

/**
 * The transcript as responses carry it. Lists give the summary the story item holds (the first
 * LIST_CONTENT_CHARS characters); single-story views the whole text from the transcript item.
 */
export function toTranscriptDto(
  summary: StoryTranscriptSummary | undefined,
  full?: Pick<TranscriptRecord, 'text' | 'version'>,
): TranscriptDto | null {
  if (!summary) return null;
  // The item is the truth; the summary on the story trails it by one write (data/transcripts.ts).
  const whole = full?.text !== undefined && full.version === summary.version ? full.text : undefined;
  return {
    text: whole ?? summary.excerpt,
    ...(whole === undefined ? { text_truncated: summary.truncated } : {}),
    source: summary.source,
    machine_made: summary.source === 'machine',
    label: transcriptLabel(summary.source),
    timed: summary.timed,
    version: summary.version,
    updated_at: summary.updatedAt,
  };
}
