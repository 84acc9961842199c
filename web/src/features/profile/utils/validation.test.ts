import { validation } from '@storyloom/shared/messages';
import { describe, expect, it } from 'vitest';
import { checkChangePassword, checkDeleteCode } from './validation.ts';

describe('change password checks (spec section 5), top to bottom', () => {
  it.each([
    ['nothing filled', { current: '', next: '', confirm: '' }, validation.currentPasswordRequired, 'current'],
    [
      'no current password',
      { current: '', next: 'secret1', confirm: 'secret1' },
      validation.currentPasswordRequired,
      'current',
    ],
    ['a short new password', { current: 'old', next: '12345', confirm: '12345' }, validation.newPasswordMin, 'next'],
    ['no new password', { current: 'old', next: '', confirm: '' }, validation.newPasswordMin, 'next'],
    [
      'different new passwords',
      { current: 'old', next: 'secret1', confirm: 'secret2' },
      validation.newPasswordsMismatch,
      'confirm',
    ],
  ])('%s', (_name, values, message, field) => {
    expect(checkChangePassword(values)).toEqual({ ok: false, message, field });
  });

  it('builds the request body', () => {
    expect(checkChangePassword({ current: 'old', next: 'secret1', confirm: 'secret1' })).toEqual({
      ok: true,
      data: { current_password: 'old', new_password: 'secret1' },
    });
  });
});

describe('deletion code check', () => {
  it.each(['', '12345', '1234567', '   '])('%j -> Please enter the 6-digit code.', (code) => {
    expect(checkDeleteCode(code)).toEqual({ ok: false, message: validation.deleteCode, field: 'code' });
  });

  it('accepts exactly 6 characters, trimmed', () => {
    expect(checkDeleteCode(' 123456 ')).toEqual({ ok: true, data: { token: '123456' } });
  });
});
