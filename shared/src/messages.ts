/**
 * Every user-facing text, kept once, in one folder: `messages/<area>.ts` (docs/platform.md, "Messages").
 * The spec's texts (sections 5, 8 and 9) are word for word; the SPA shows them and handlers return the
 * validation ones as `{ error }`. This module gathers them: `validation`, `fallback` and `success` as
 * the spec groups them, and each area's own texts.
 *
 * The SPA's shell imports `@storyloom/shared/messages/common` directly, never this module: the
 * gathered objects need every area's file, and whatever the shell imports is in every page's
 * initial JavaScript.
 */
import { accountFallback, accountSuccess, accountValidation } from './messages/accounts.ts';
import { adminFallback } from './messages/admin.ts';
import { commonFallback } from './messages/common.ts';
import { contactFallback, contactSuccess, contactValidation } from './messages/contact.ts';
import { interactiveFallback } from './messages/interactive.ts';
import { mediaFallback, mediaSuccess, mediaValidation } from './messages/media.ts';
import { storyFallback, storySuccess, storyValidation } from './messages/stories.ts';
import { voiceFallback, voiceSuccess, voiceValidation } from './messages/voice.ts';

export * from './messages/accounts.ts';
export * from './messages/admin.ts';
export * from './messages/common.ts';
export * from './messages/contact.ts';
export * from './messages/family-mail.ts';
export * from './messages/fields.ts';
export * from './messages/interactive.ts';
export * from './messages/keepsake.ts';
export * from './messages/media.ts';
export * from './messages/prompts.ts';
export * from './messages/reading.ts';
export * from './messages/server.ts';
export * from './messages/shared-view.ts';
export * from './messages/stories.ts';
export * from './messages/voice.ts';

/** The spec's validation texts, every area's. */
export const validation = {
  ...accountValidation,
  ...storyValidation,
  ...mediaValidation,
  ...voiceValidation,
  ...contactValidation,
} as const;

/** The spec's failure texts (shown when the server gives none), every area's. */
export const fallback = {
  ...commonFallback,
  ...accountFallback,
  ...storyFallback,
  ...mediaFallback,
  ...voiceFallback,
  ...interactiveFallback,
  ...contactFallback,
  ...adminFallback,
} as const;

/** The spec's success texts, every area's. */
export const success = {
  ...accountSuccess,
  ...storySuccess,
  ...mediaSuccess,
  ...voiceSuccess,
  ...contactSuccess,
} as const;
