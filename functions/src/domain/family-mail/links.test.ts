import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type LinkClaims, signWithKey, verifyWithKey } from './links.ts';

const KEY = 'k'.repeat(40);
const NOW = 1_800_000_000;
const claims: LinkClaims = { userId: 'user-1', purpose: 'answer-prompt', promptId: 'p-42', expiresAt: NOW + 60 };

describe('signed mail links', () => {
  it('round-trips the claims for the purpose they were made for', () => {
    const token = signWithKey(KEY, claims);
    expect(verifyWithKey(KEY, token, ['answer-prompt'], NOW)).toEqual({ ok: true, claims });
  });

  it('refuses a link signed with another key', () => {
    const token = signWithKey('another-key', claims);
    expect(verifyWithKey(KEY, token, ['answer-prompt'], NOW)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a forged payload under a genuine signature', () => {
    const [v, , sig] = signWithKey(KEY, claims).split('.');
    const forged = Buffer.from(
      JSON.stringify({ u: 'someone-else', p: 'answer-prompt', r: 'p-42', e: NOW + 60 }),
    ).toString('base64url');
    expect(verifyWithKey(KEY, `${v}.${forged}.${sig}`, ['answer-prompt'], NOW)).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('refuses a longer expiry written into a genuine link', () => {
    const [v, payload, sig] = signWithKey(KEY, claims).split('.');
    const raw = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const later = Buffer.from(JSON.stringify({ ...raw, e: NOW + 10_000_000 })).toString('base64url');
    expect(verifyWithKey(KEY, `${v}.${later}.${sig}`, ['answer-prompt'], NOW).ok).toBe(false);
  });

  it('refuses an expired link, exactly at its expiry', () => {
    const token = signWithKey(KEY, claims);
    expect(verifyWithKey(KEY, token, ['answer-prompt'], NOW + 59).ok).toBe(true);
    expect(verifyWithKey(KEY, token, ['answer-prompt'], NOW + 60)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a genuine link used for another purpose', () => {
    const unsubscribe = signWithKey(KEY, { userId: 'user-1', purpose: 'unsubscribe-weekly', expiresAt: NOW + 60 });
    expect(verifyWithKey(KEY, unsubscribe, ['answer-prompt'], NOW)).toEqual({ ok: false, reason: 'wrong-purpose' });
    // The weekly unsubscribe link does not turn off the digest either.
    expect(verifyWithKey(KEY, unsubscribe, ['unsubscribe-digest'], NOW)).toEqual({
      ok: false,
      reason: 'wrong-purpose',
    });
    expect(verifyWithKey(KEY, unsubscribe, ['unsubscribe-weekly', 'unsubscribe-digest'], NOW).ok).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['no dots', 'abc'],
    ['another version', `v2.${signWithKey(KEY, claims).split('.').slice(1).join('.')}`],
    ['a truncated signature', signWithKey(KEY, claims).slice(0, -4)],
    ['junk', 'v1.%%%.###'],
  ])('refuses %s as invalid', (_label, token) => {
    expect(verifyWithKey(KEY, token, ['answer-prompt'], NOW)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a signed payload that is not the claims shape', () => {
    // Signed with the right key but not made by signWithKey: no user id.
    const payload = Buffer.from(JSON.stringify({ p: 'answer-prompt', e: NOW + 60 })).toString('base64url');
    const sig = createHmac('sha256', KEY).update(`v1.${payload}`).digest('base64url');
    expect(verifyWithKey(KEY, `v1.${payload}.${sig}`, ['answer-prompt'], NOW)).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });
});
