import { makeBookSchema } from '@storyloom/shared/book';
import type { KeepsakeKind } from '@storyloom/shared/keepsake';
import { bookText } from '@storyloom/shared/messages/book';
import { exportText } from '@storyloom/shared/messages/keepsake';
import { firstIssue } from '@storyloom/shared/schemas/fields';
import { ValidationFailed } from '../../lib/errors.ts';

/**
 * What the API and the mail job need to know of each keepsake kind, without its builder (builders.ts,
 * media worker only: zip and PDF libraries stay out of the route bundles). A kind is offered once it is
 * listed here and in builders.ts.
 */
export interface KeepsakeKindDef {
  /** Checks the request body of POST /api/keepsake/{kind}; returns the options stored with the build. */
  parseOptions: (body: unknown) => Record<string, unknown> | undefined;
  /** The "ready" email: subject, paragraphs and the button's label (the link and its validity are added). */
  mail: { subject: string; paragraphs: readonly string[]; action: string };
}

export const keepsakeKinds: Partial<Record<KeepsakeKind, KeepsakeKindDef>> = {
  export: {
    // The zip has no choices: everything of the owner goes in.
    parseOptions: (body) => {
      if (body === undefined || body === null) return undefined;
      if (typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0) return undefined;
      throw new ValidationFailed(exportText.noOptions);
    },
    mail: exportText.email,
  },
  book: {
    // The stories (default: all), page size, title and dedication (docs/keepsake.md, "A printed book").
    parseOptions: (body) => {
      const parsed = makeBookSchema.safeParse(body ?? {});
      if (!parsed.success) throw new ValidationFailed(firstIssue(parsed.error));
      return parsed.data;
    },
    mail: bookText.email,
  },
};
