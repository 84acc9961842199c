import { KEEPSAKE_BUILD_ID_PATTERN, KEEPSAKE_KINDS } from '@storyloom/shared/keepsake';
import { keepsakeText } from '@storyloom/shared/messages/keepsake';
import * as z from 'zod/mini';

/** The kind in a keepsake path: one of KEEPSAKE_KINDS (anything else is 404 by the domain's text). */
export const kindParams = z.object({ kind: z.enum(KEEPSAKE_KINDS, { error: keepsakeText.unknownKind }) });

export const buildParams = z.object({
  kind: z.enum(KEEPSAKE_KINDS, { error: keepsakeText.unknownKind }),
  id: z.string().check(z.regex(KEEPSAKE_BUILD_ID_PATTERN, { error: keepsakeText.buildNotFound })),
});
