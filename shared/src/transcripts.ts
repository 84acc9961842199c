import * as z from 'zod/mini';
import { TRANSCRIPT_MAX_CHARS } from './constants.ts';
import { transcriptText } from './messages/transcripts.ts';
import { controlCheck, hasVisibleText, isStorableText, stripBidi, textMessages } from './schemas/fields.ts';

/**
 * Transcripts of audio stories (docs/stories.md, "Transcripts"), shared by the SPA and the handlers: the
 * request schema of PUT /api/stories/{id}/transcript and the transcript as responses carry it.
 */
export { TRANSCRIPT_MAX_CHARS, transcriptText };

/** Who wrote it: the speech-to-text service (`machine`), the storyteller (`typed`), or both (`edited`). */
export const TRANSCRIPT_SOURCES = ['machine', 'typed', 'edited'] as const;
export type TranscriptSource = (typeof TRANSCRIPT_SOURCES)[number];

/**
 * The automatic transcription of a recording, for its owner: `none` (no key configured, or not asked),
 * `queued` / `transcribing` (the worker has it), `ready`, or `failed` (`problem` says why; the owner types it).
 */
export type TranscriptStatus = 'none' | 'queued' | 'transcribing' | 'ready' | 'failed';

/** The transcript as a story response carries it (lists: the first LIST_CONTENT_CHARS characters). */
export interface TranscriptDto {
  text: string;
  /** Lists only: true when `text` is the start of a longer transcript. */
  text_truncated?: boolean;
  source: TranscriptSource;
  /** True while the speech-to-text service's words stand unedited: the screens label it "Machine-made". */
  machine_made: boolean;
  /** Who wrote it, as the screens say it (transcriptText.machineMade / typed / edited). */
  label: string;
  /** Whether word timings exist (the read-along highlight under the player). */
  timed: boolean;
  /** Send it back with PUT (409 when the stored transcript has moved on). */
  version: string;
  updated_at: string;
}

/** The owner's view of the automatic transcription (GET /api/stories/{id}/transcript). */
export interface TranscriptJobDto {
  status: TranscriptStatus;
  /** When failed: why, as the owner is told it. */
  problem: string | null;
}

/** GET /api/stories/{id}/transcript: the transcript (null while there is none) and, for the owner, the job. */
export interface TranscriptResponse {
  transcript: TranscriptDto | null;
  job: TranscriptJobDto | null;
}

/** The label the screens show for a transcript's source. */
export function transcriptLabel(source: TranscriptSource): string {
  if (source === 'machine') return transcriptText.machineMade;
  return source === 'edited' ? transcriptText.edited : transcriptText.typed;
}

/** PUT /api/stories/{id}/transcript: the whole text, trimmed, line breaks kept. */
export const updateTranscriptSchema = z.object({
  text: z.pipe(
    z.string({ error: transcriptText.required }),
    z
      .string()
      .check(
        stripBidi(),
        z.trim(),
        z.minLength(1, transcriptText.required),
        z.maxLength(TRANSCRIPT_MAX_CHARS, transcriptText.tooLong),
        z.refine(isStorableText, textMessages.unsupported),
        z.refine(hasVisibleText, transcriptText.required),
        controlCheck(true),
      ),
  ),
  /** The `version` of the transcript the edit started from; null or absent when there was none. */
  version: z.optional(
    z.nullable(z.string({ error: transcriptText.version }).check(z.maxLength(64, transcriptText.version))),
  ),
});
export type UpdateTranscriptInput = z.infer<typeof updateTranscriptSchema>;
