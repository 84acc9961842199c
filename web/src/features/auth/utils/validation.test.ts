import { validation } from '@storyloom/shared/messages';
import { usernameMessages } from '@storyloom/shared/schemas/auth';
import { describe, expect, it } from 'vitest';
import {
  checkEmail,
  checkLogin,
  checkRegister,
  checkRegisterResend,
  checkResetPassword,
  emailFromLoginName,
} from './validation.ts';

const fail = (message: string, field: string | null) => ({ ok: false, message, field });

describe('login checks (spec section 5)', () => {
  it.each([
    [{ username: '', password: '' }, 'username'],
    [{ username: '   ', password: 'secret' }, 'username'],
    [{ username: 'rose', password: '' }, 'password'],
  ])('%o -> Please fill in all fields', (values, field) => {
    expect(checkLogin(values)).toEqual(fail(validation.fillAllFields, field));
  });

  it('passes a filled form, trimming the name', () => {
    expect(checkLogin({ username: ' rose ', password: 'pw' })).toEqual({
      ok: true,
      data: { username: 'rose', password: 'pw' },
    });
  });
});

describe('register checks, in the spec order', () => {
  const good = { username: 'rose', email: 'rose@example.com', password: 'secret1', confirmPassword: 'secret1' };

  it.each([
    ['a blank username', { ...good, username: ' ' }, validation.fillAllFields, 'username'],
    ['a blank email', { ...good, email: '' }, validation.fillAllFields, 'email'],
    ['a blank password', { ...good, password: '' }, validation.fillAllFields, 'password'],
    ['a blank confirmation', { ...good, confirmPassword: '' }, validation.fillAllFields, 'confirmPassword'],
    // "All required" comes before every other rule, even when another field also breaks one.
    [
      'short username and blank confirm',
      { ...good, username: 'ab', confirmPassword: '' },
      validation.fillAllFields,
      'confirmPassword',
    ],
    ['a short username', { ...good, username: 'ab' }, validation.usernameMin, 'username'],
    ['a username with spaces', { ...good, username: 'rose m' }, usernameMessages.chars, 'username'],
    ['a malformed email', { ...good, email: 'rose@example' }, validation.validEmail, 'email'],
    ['short username and bad email', { ...good, username: 'ab', email: 'x' }, validation.usernameMin, 'username'],
    ['a short password', { ...good, password: '12345', confirmPassword: '12345' }, validation.passwordMin, 'password'],
    ['a bad email and short password', { ...good, email: 'x', password: '1' }, validation.validEmail, 'email'],
    ['different passwords', { ...good, confirmPassword: 'secret2' }, validation.passwordsMismatch, 'confirmPassword'],
  ])('%s', (_name, values, message, field) => {
    expect(checkRegister(values)).toEqual(fail(message, field));
  });

  it('sends the trimmed username and email, without the confirmation', () => {
    expect(checkRegister({ ...good, username: ' rose ', email: ' rose@example.com ' })).toEqual({
      ok: true,
      data: { username: 'rose', email: 'rose@example.com', password: 'secret1' },
    });
  });
});

describe('email checks (resend on login, forgot password)', () => {
  it.each([
    ['', validation.enterEmail],
    ['   ', validation.enterEmail],
    ['rose', validation.validEmail],
    ['rose@example', validation.validEmail],
    ['rose @example.com', validation.validEmail],
  ])('%j -> %s', (email, message) => {
    expect(checkEmail(email)).toEqual(fail(message, 'email'));
  });

  it('passes a simple address, trimmed', () => {
    expect(checkEmail(' rose@example.com ')).toEqual({ ok: true, data: { email: 'rose@example.com' } });
  });

  it('resend on register asks only for an address', () => {
    expect(checkRegisterResend(' ')).toEqual(fail(validation.enterEmail, null));
    expect(checkRegisterResend('rose@example.com')).toEqual({ ok: true, data: { email: 'rose@example.com' } });
  });

  it('prefills the resend sub-view only when the login name looks like an email', () => {
    expect(emailFromLoginName(' rose@example.com ')).toBe('rose@example.com');
    expect(emailFromLoginName('rose')).toBe('');
  });
});

describe('reset password checks', () => {
  it.each([
    [{ password: '', confirmPassword: '' }, validation.fillBothPasswords, 'password'],
    [{ password: 'secret1', confirmPassword: '' }, validation.fillBothPasswords, 'confirmPassword'],
    [{ password: '123', confirmPassword: '123' }, validation.passwordMin, 'password'],
    [{ password: 'secret1', confirmPassword: 'secret2' }, validation.passwordsMismatch, 'confirmPassword'],
  ])('%o -> %s', (values, message, field) => {
    expect(checkResetPassword('tok', values)).toEqual(fail(message, field));
  });

  it('builds the request body', () => {
    expect(checkResetPassword('tok', { password: 'secret1', confirmPassword: 'secret1' })).toEqual({
      ok: true,
      data: { token: 'tok', new_password: 'secret1' },
    });
  });
});
