import * as z from 'zod/mini';
import { validation } from './messages.ts';
import type { NarrationStatus } from './narration.ts';
import { optionalText, requiredText } from './schemas/fields.ts';

/**
 * Voice cloning and narration, shared by the SPA and the handlers (docs/voice.md): the payloads of
 * the voice calls, the sample's limits, and the texts the spec leaves open.
 */

/** The spec recommends 30 seconds to 2 minutes; the app warns gently outside that range. */
export const SAMPLE_RECOMMENDED_MIN_SECONDS = 30;
export const SAMPLE_RECOMMENDED_MAX_SECONDS = 120;
/** Shorter than this, or without voice, a sample cannot be analysed at all: refused. */
export const SAMPLE_MIN_SECONDS = 5;
export const SAMPLE_MIN_SPEECH_SECONDS = 3;
export const VOICE_NAME_MAX = 100;
export const VOICE_DESCRIPTION_MAX = 500;

/** How the local engine's voice is named wherever a voice made from a sample is shown: never "clone". */
export const LOCAL_VOICE_LABEL = 'Local voice — matches your pitch and pace';

/** A text to read aloud while recording: varied sounds, calm pace, about a minute. */
export const READ_ALOUD_TEXT =
  'When I was young, our kitchen was the warmest room in the house. My mother baked bread every Saturday, ' +
  'and the smell drifted all the way to the garden gate. We children sat at the long wooden table, ' +
  'shelling peas and telling each other stories about the people in old photographs. ' +
  'Some of those stories were true, and some we simply wished were true. ' +
  'I would like my grandchildren to hear them one day, in my own voice, exactly as I remember them.';

/** The consent asked before the first clone, in plain words (stored with its time). */
export const VOICE_CONSENT_TEXT =
  'This is my own voice, and I agree that Storyloom uses it to narrate my stories. I can delete it at any time.';

export const voiceText = {
  consentRequired:
    'Please confirm that this is your own voice and that you agree to its use for narrating your stories.',
  sampleSilent:
    'We could not hear a voice in this recording. Please record again in a quiet room, close to the microphone.',
  sampleTooShort: `This recording is too short. Please record at least ${SAMPLE_RECOMMENDED_MIN_SECONDS} seconds of speech.`,
  sampleUnreadable: 'We could not read this audio file. Please record again or choose another file.',
  sampleM4a:
    'M4A files are converted by the app before upload. Please choose the file in the app, or upload MP3, WAV, OGG or WebM.',
  sampleLengthWarning: `For the best result, use a sample of ${SAMPLE_RECOMMENDED_MIN_SECONDS} seconds to ${SAMPLE_RECOMMENDED_MAX_SECONDS / 60} minutes.`,
  noSample: 'Please upload a voice sample first.',
  cloneBusy: 'Your voice is being prepared. Please wait a moment.',
  cloneQueued: 'Your voice is being prepared. This may take a few moments.',
  cloneFailed: 'We could not prepare your voice. Please try again.',
  unknownVoice: 'That voice is not available. Please choose another voice.',
  notTextStory: 'Narration is available for text stories only.',
  narrationQueued: 'Narration is being generated. This may take a few moments.',
  narrationFailed: 'The narration could not be generated.',
  narrationStale: 'The story text has changed since this narration was made.',
  noNarration: 'This story has no narration.',
  voiceDeleted: 'Your voice has been deleted.',
  aiVoice: 'AI voice',
} as const;

export const cloneVoiceSchema = z.object({
  name: requiredText(validation.voiceName, VOICE_NAME_MAX, 'Name'),
  description: optionalText(VOICE_DESCRIPTION_MAX, 'Description'),
  /** The consent checkbox: required before the first clone (and sent again on updates). */
  consent: z.optional(z.boolean()),
});
export type CloneVoiceInput = z.infer<typeof cloneVoiceSchema>;

export const narrateSchema = z.object({
  voice_id: requiredText(validation.narrationVoice, 200, 'Voice'),
});
export type NarrateInput = z.infer<typeof narrateSchema>;

/** POST /api/voice/upload-sample with JSON: confirm a sample uploaded through POST /api/media/uploads. */
export const confirmSampleSchema = z.object({ upload_key: z.string({ error: validation.audioMissing }) });

export type CloneStatus = 'none' | 'queued' | 'cloning' | 'ready' | 'failed';

/** GET /api/voice/status: the spec's four fields, then what the three steps and their messages need. */
export interface VoiceStatusDto {
  voice_cloned: boolean;
  voice_id: string | null;
  has_voice_sample: boolean;
  voice_sample_url: string | null;
  voice_name: string | null;
  voice_description: string | null;
  /** Seconds of the stored sample. */
  sample_duration: number | null;
  clone_status: CloneStatus;
  clone_error: string | null;
  /** True when the sample on file is newer than the voice (an update waiting to be cloned). */
  sample_is_new: boolean;
  consent_given: boolean;
  consent_at: string | null;
  /** 'local' or 'elevenlabs'; the UI names a local voice honestly. */
  engine: 'local' | 'elevenlabs';
  engine_label: string;
}

export interface UploadSampleResponse {
  message: string;
  voice_sample_url: string;
  sample_duration: number;
  /** Set when the length is outside the recommended range (the sample is kept). */
  warning: string | null;
}

export interface AvailableVoiceDto {
  id: string;
  name: string;
  preview_url: string | null;
  /** The user's own voice (listed first). */
  own: boolean;
}

/** GET/POST /api/voice/narrate/{storyId}, PUT /api/stories/{id}/remove-narration. */
export interface NarrationDto {
  story_id: string;
  status: NarrationStatus | 'none';
  /** 0..1 while generating. */
  progress: number;
  voice_id: string | null;
  voice_name: string | null;
  audio_url: string | null;
  duration: number | null;
  error: string | null;
  /** The story's text changed after this narration was made. */
  stale: boolean;
  attempts: number;
  updated_at: string | null;
  message?: string;
}

export const NARRATION_FINAL: ReadonlySet<NarrationDto['status']> = new Set(['ready', 'failed', 'none']);
