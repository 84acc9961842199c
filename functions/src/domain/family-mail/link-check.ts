import { familyMailText as t } from '@storyloom/shared/messages/family-mail';
import type { AuthUser } from '../../lib/auth.ts';
import { Forbidden, ValidationFailed } from '../../lib/errors.ts';
import { type LinkCheck, type LinkPurpose, verifyLink } from './links.ts';

/** A family-loop email link checked: signature, expiry and purpose, each failure with its clear message (400). */
export async function checked(token: string, purposes: readonly LinkPurpose[]) {
  const check: LinkCheck = await verifyLink(token, purposes);
  if (check.ok) return check.claims;
  throw new ValidationFailed(
    check.reason === 'expired' ? t.linkExpired : check.reason === 'wrong-purpose' ? t.linkWrongPurpose : t.linkInvalid,
  );
}

/**
 * POST /api/family-mail/answer-link: the weekly email's button. A bad link is refused before anything else
 * (no login needed to learn that); a good one needs its own user signed in, then names the prompt.
 */
export async function openAnswerLink(
  token: string,
  caller: AuthUser | null,
): Promise<{ needs_login: true } | { prompt_id: string }> {
  const claims = await checked(token, ['answer-prompt']);
  if (!caller) return { needs_login: true };
  if (caller.id !== claims.userId) throw new Forbidden(t.linkOtherAccount);
  if (!claims.promptId) throw new ValidationFailed(t.linkInvalid);
  return { prompt_id: claims.promptId };
}

/** POST /api/family-mail/unsubscribe-link: what the link would turn off (the confirmation page's question); changes nothing. */
export async function describeUnsubscribe(token: string): Promise<{ list: 'weekly' | 'digest' }> {
  const claims = await checked(token, ['unsubscribe-weekly', 'unsubscribe-digest']);
  return { list: claims.purpose === 'unsubscribe-weekly' ? 'weekly' : 'digest' };
}
