import { KEEPSAKE_KINDS } from '@storyloom/shared/keepsake';
import * as z from 'zod/mini';

/**
 * Jobs of the media-jobs queue (docs/voice.md, "Jobs"): long, paid, rate-limited work that must never
 * make account mail wait. Each carries ids and an idempotency key; the worker reads current state and
 * skips a job whose key no longer matches (a newer request replaced it, or it is done).
 */
export const mediaJobSchema = z.discriminatedUnion('type', [
  /** Make (or remake) the user's voice from the sample on file. */
  z.object({ type: z.literal('voice.clone'), userId: z.string(), requestId: z.string() }),
  /** Narrate a story: `jobKey` = story + text version + voice. */
  z.object({ type: z.literal('voice.narrate'), storyId: z.string(), jobKey: z.string() }),
  /** Remove a voice at its provider (account or voice deleted; the API functions never hold the key). */
  z.object({ type: z.literal('voice.delete-provider-voice'), voiceId: z.string() }),
  /** Remove every provider voice named for a user and made before `before` (account or voice deleted). */
  z.object({ type: z.literal('voice.delete-user-voices'), userId: z.string(), before: z.string() }),
  /** The periodic sweep of provider voices nothing points at (hourly: EventBridge in AWS, a timer locally). */
  z.object({ type: z.literal('voice.sweep-provider-voices') }),
  /** Make a story photo's display and thumbnail variants (docs/media.md, "Photos"). */
  z.object({ type: z.literal('photos.process'), storyId: z.string(), photoId: z.string() }),
  /** Transcribe an audio story's recording (speech to text): `jobKey` = the recording's media key. */
  z.object({ type: z.literal('transcript.transcribe'), storyId: z.string(), jobKey: z.string() }),
  /** Make a keepsake (zip of everything, book) for its owner (docs/keepsake.md); the build record is its state. */
  z.object({
    type: z.literal('keepsake.build'),
    ownerId: z.string(),
    kind: z.enum(KEEPSAKE_KINDS),
    buildId: z.string(),
  }),
]);
export type MediaJob = z.infer<typeof mediaJobSchema>;
