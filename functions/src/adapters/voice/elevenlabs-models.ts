/**
 * What each ElevenLabs model accepts per text-to-speech request (docs/voice.md, "Long texts"): the
 * character limit (ElevenLabs API reference, "Models": `maximum_text_length_per_request` of GET /v1/models)
 * and whether it takes `previous_text`/`next_text` for continuity across requests (eleven_v3 does not).
 * A model missing here is looked up once on the models endpoint; if that fails, the safe default holds.
 */
export interface ModelRules {
  /** The provider's limit: a longer text is refused with a 400. */
  limit: number;
  /** Whether previous_text/next_text may be sent. */
  context: boolean;
}

export const MODEL_RULES: Readonly<Record<string, ModelRules>> = {
  eleven_v3: { limit: 3_000, context: false },
  eleven_multilingual_v2: { limit: 10_000, context: true },
  eleven_flash_v2_5: { limit: 40_000, context: true },
  eleven_turbo_v2_5: { limit: 40_000, context: true },
  eleven_flash_v2: { limit: 30_000, context: true },
  eleven_turbo_v2: { limit: 30_000, context: true },
};

/** For a model we do not know and could not look up: v3's limit, no context (both always accepted). */
export const UNKNOWN_MODEL_RULES: ModelRules = { limit: 3_000, context: false };

/**
 * Characters we put in one request (ELEVENLABS_CHUNK_CHARS; capped by the model's limit). A request cut by a
 * time-out is billed all the same and sent again, so a chunk is what one such failure costs: at 1,000
 * characters an 8,000-word story pays about 2 % more per cut request (`npm run bench -- voice`), where
 * 4,500-character chunks paid 11 %. Each finished chunk is also a checkpoint (narration-parts.ts), and the
 * previous/next text keeps the joins continuous on the models that take it.
 */
export const CHUNK_TARGET_CHARS = 1_000;

/** Characters of context sent on each side of a chunk, where the model takes it. */
export const CONTEXT_CHARS = 500;

export function chunkCharsFor(rules: ModelRules, target = CHUNK_TARGET_CHARS): number {
  return Math.max(1, Math.min(rules.limit, target));
}
