import { linkBase } from '../../lib/link-base.ts';

/** The addresses the family-loop email links to (kept apart from the templates: route bundles read them too). */

/** The SPA page an unsubscribe link shows (a confirmation with a button, no login). */
export const unsubscribePageUrl = (token: string) => `${linkBase()}/unsubscribe?token=${encodeURIComponent(token)}`;
/**
 * The `List-Unsubscribe` target: the API route itself, which a mail provider POSTs
 * `List-Unsubscribe=One-Click` to (RFC 8058); a GET there shows the SPA's confirmation page.
 */
export const oneClickUrl = (token: string) =>
  `${linkBase()}/backend/api/family-mail/unsubscribe?token=${encodeURIComponent(token)}`;
/** Where the weekly email's button goes: the SPA checks the link, then opens the answer screen. */
export const answerPageUrl = (token: string) => `${linkBase()}/mail/answer?token=${encodeURIComponent(token)}`;
export const settingsUrl = () => `${linkBase()}/profile#email-settings`;
