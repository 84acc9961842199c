import * as z from 'zod/mini';
import {
  LOCAL_VOICE_LABEL,
  narrationQuotaText,
  READ_ALOUD_TEXT,
  VOICE_CONSENT_TEXT,
  voiceText,
} from './messages/voice.ts';
import { validation } from './messages.ts';
import type { NarrationStatus } from './narration.ts';
import { optionalText, requiredText } from './schemas/fields.ts';

/**
 * Voice cloning and narration, shared by the SPA and the handlers (docs/voice.md): the payloads of
 * the voice calls, the sample's limits, and the texts the spec leaves open.
 */

export { SAMPLE_MIN_SECONDS, SAMPLE_RECOMMENDED_MAX_SECONDS, SAMPLE_RECOMMENDED_MIN_SECONDS } from './constants.ts';
/** A sample with less speech than this (however long) cannot be analysed: refused as silent. */
export const SAMPLE_MIN_SPEECH_SECONDS = 3;
/** The longest sample taken at all (the analysis needs two minutes; longer is refused before decoding). */
export { SAMPLE_MAX_SECONDS } from './constants.ts';
export const VOICE_NAME_MAX = 100;
export const VOICE_DESCRIPTION_MAX = 500;

export { LOCAL_VOICE_LABEL, narrationQuotaText, READ_ALOUD_TEXT, VOICE_CONSENT_TEXT, voiceText };

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

/** Voice-service states with their own message (voiceText) and operator alarm. */
export type VoiceProviderProblem = 'voice_limit_reached' | 'quota_exceeded' | 'requires_verification';

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
  /** Why the voice service would not make the voice, when it is one of its known states. */
  clone_problem: VoiceProviderProblem | null;
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
  /** The owner's voice is being made again at the voice service before this narration (voiceText.preparingVoice). */
  preparing_voice: boolean;
  problem: VoiceProviderProblem | null;
  attempts: number;
  updated_at: string | null;
  message?: string;
}

export const NARRATION_FINAL: ReadonlySet<NarrationDto['status']> = new Set(['ready', 'failed', 'none']);
