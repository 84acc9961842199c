import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { DELETE_CODE_LENGTH } from '@storyloom/shared/constants';

/** A token for an emailed link: 32 random bytes, base64url (43 characters). Only its hash is stored. */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 hex: how tokens are stored and looked up, and how rate-limit subjects avoid keeping emails or addresses. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A 6-digit account-deletion code, uniformly random. */
export function newDeleteCode(): string {
  return String(randomInt(0, 10 ** DELETE_CODE_LENGTH)).padStart(DELETE_CODE_LENGTH, '0');
}

/** A deletion code's stored hash, salted with the user id so equal codes of two users differ. */
export function hashDeleteCode(userId: string, code: string): string {
  return sha256(`${userId}:${code}`);
}

/** Compares two hex hashes in constant time. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}
