import { createHmac, timingSafeEqual } from 'node:crypto';
import { secretValue } from '../../lib/secrets.ts';

/**
 * Signed links in the family-loop email (docs/family-loop.md): `v1.<payload>.<mac>`, base64url, where
 * the payload names the user, the purpose, the thing (a prompt id) and the expiry, and the mac is
 * HMAC-SHA256 over `v1.<payload>` with the `mail-links` secret (Secrets Manager in AWS, a key kept in
 * DATA_DIR locally). A link does one thing only: its purpose is checked by the route that reads it.
 * Nothing is stored per link; an unsubscribe link used twice finds the setting already off.
 */
export type LinkPurpose = 'answer-prompt' | 'unsubscribe-weekly' | 'unsubscribe-digest';

export interface LinkClaims {
  userId: string;
  purpose: LinkPurpose;
  /** The prompt an answer link opens. */
  promptId?: string;
  /** Epoch seconds. */
  expiresAt: number;
}

export type LinkCheck =
  | { ok: true; claims: LinkClaims }
  | { ok: false; reason: 'invalid' | 'expired' | 'wrong-purpose' };

/** How long links work: a question stays answerable for a month, unsubscribe links far longer (mail is kept). */
export const LINK_TTL_SECONDS: Record<LinkPurpose, number> = {
  'answer-prompt': 30 * 24 * 60 * 60,
  'unsubscribe-weekly': 365 * 24 * 60 * 60,
  'unsubscribe-digest': 365 * 24 * 60 * 60,
};

const PURPOSES: readonly LinkPurpose[] = ['answer-prompt', 'unsubscribe-weekly', 'unsubscribe-digest'];
const VERSION = 'v1';

function mac(key: string, signed: string): Buffer {
  return createHmac('sha256', key).update(signed).digest();
}

/** Signs claims with `key` (pure; `signLink` fetches the key). */
export function signWithKey(key: string, claims: LinkClaims): string {
  const payload = Buffer.from(
    JSON.stringify({ u: claims.userId, p: claims.purpose, r: claims.promptId, e: claims.expiresAt }),
  ).toString('base64url');
  const signed = `${VERSION}.${payload}`;
  return `${signed}.${mac(key, signed).toString('base64url')}`;
}

/**
 * Checks a token against `key`, `purposes` it may serve here and the clock (pure). The signature is
 * checked before anything in the payload is believed; expiry before purpose.
 */
export function verifyWithKey(
  key: string,
  token: string,
  purposes: readonly LinkPurpose[],
  nowSeconds = Math.floor(Date.now() / 1000),
): LinkCheck {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== VERSION) return { ok: false, reason: 'invalid' };
  const given = Buffer.from(parts[2] ?? '', 'base64url');
  const wanted = mac(key, `${parts[0]}.${parts[1]}`);
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return { ok: false, reason: 'invalid' };
  let raw: { u?: unknown; p?: unknown; r?: unknown; e?: unknown };
  try {
    raw = JSON.parse(Buffer.from(parts[1] ?? '', 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (
    typeof raw.u !== 'string' ||
    !raw.u ||
    !PURPOSES.includes(raw.p as LinkPurpose) ||
    typeof raw.e !== 'number' ||
    (raw.r !== undefined && typeof raw.r !== 'string')
  ) {
    return { ok: false, reason: 'invalid' };
  }
  if (raw.e <= nowSeconds) return { ok: false, reason: 'expired' };
  const purpose = raw.p as LinkPurpose;
  if (!purposes.includes(purpose)) return { ok: false, reason: 'wrong-purpose' };
  return {
    ok: true,
    claims: { userId: raw.u, purpose, expiresAt: raw.e, ...(typeof raw.r === 'string' && { promptId: raw.r }) },
  };
}

async function linkKey(): Promise<string> {
  const key = await secretValue('mail-links');
  // Never sign with an empty key: a deploy or local start without the secret is a bug to surface.
  if (!key) throw new Error('The mail-links secret is not configured');
  return key;
}

/** A signed token for `purpose`, expiring after its LINK_TTL_SECONDS. */
export async function signLink(claims: Omit<LinkClaims, 'expiresAt'>, now = new Date()): Promise<string> {
  const expiresAt = Math.floor(now.getTime() / 1000) + LINK_TTL_SECONDS[claims.purpose];
  return signWithKey(await linkKey(), { ...claims, expiresAt });
}

export async function verifyLink(token: string, purposes: readonly LinkPurpose[]): Promise<LinkCheck> {
  return verifyWithKey(await linkKey(), token, purposes);
}
