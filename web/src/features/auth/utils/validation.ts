import { validation } from '@storyloom/shared/messages';
import {
  type EmailOnlyInput,
  emailOnlySchema,
  type LoginInput,
  loginSchema,
  type RegisterInput,
  registerSchema,
  resetPasswordSchema,
} from '@storyloom/shared/schemas/auth';
import { EMAIL_PATTERN } from '@storyloom/shared/schemas/fields';

/**
 * The auth forms' checks (spec section 5), as pure functions so every message is unit-tested.
 * They run the shared schemas the handlers run, and add the client-only rules (confirm fields, the
 * order of messages). A failure names the field to mark and focus; null means the whole form.
 */
export type Checked<F extends string, T> = { ok: true; data: T } | { ok: false; message: string; field: F | null };

type Issues = { issues: ReadonlyArray<{ message: string; path: ReadonlyArray<PropertyKey> }> };

function firstFailure<F extends string>(error: Issues, fieldOf: (key: PropertyKey | undefined) => F | null) {
  const issue = error.issues[0];
  return { ok: false as const, message: issue?.message ?? 'Invalid input', field: fieldOf(issue?.path[0]) };
}

const own =
  <F extends string>(fields: readonly F[]) =>
  (key: PropertyKey | undefined): F | null =>
    fields.find((f) => f === key) ?? null;

export type LoginField = 'username' | 'password';

/** Login: both fields required ('Please fill in all fields'). */
export function checkLogin(values: Record<LoginField, string>): Checked<LoginField, LoginInput> {
  const parsed = loginSchema.safeParse(values);
  return parsed.success ? { ok: true, data: parsed.data } : firstFailure(parsed.error, own(['username', 'password']));
}

export type RegisterField = 'username' | 'email' | 'password' | 'confirmPassword';

/**
 * Register, in the spec's order: every field filled, then username length, email shape, password
 * length (the shared schema, which also holds the server's character and length caps), then the match.
 */
export function checkRegister(values: Record<RegisterField, string>): Checked<RegisterField, RegisterInput> {
  const blank = (['username', 'email', 'password', 'confirmPassword'] as const).find((field) =>
    field === 'username' || field === 'email' ? values[field].trim() === '' : values[field] === '',
  );
  if (blank) return { ok: false, message: validation.fillAllFields, field: blank };
  const parsed = registerSchema.safeParse({
    username: values.username,
    email: values.email,
    password: values.password,
  });
  if (!parsed.success) return firstFailure(parsed.error, own(['username', 'email', 'password']));
  if (values.password !== values.confirmPassword) {
    return { ok: false, message: validation.passwordsMismatch, field: 'confirmPassword' };
  }
  return { ok: true, data: parsed.data };
}

/** An email alone (resend on login, forgot password): required, then the simple shape. */
export function checkEmail(email: string): Checked<'email', EmailOnlyInput> {
  const parsed = emailOnlySchema.safeParse({ email });
  return parsed.success ? { ok: true, data: parsed.data } : firstFailure(parsed.error, own(['email']));
}

/** Resend on the register screen: the spec asks only that the address is there. */
export function checkRegisterResend(email: string): Checked<'email', EmailOnlyInput> {
  const trimmed = email.trim();
  return trimmed === ''
    ? { ok: false, message: validation.enterEmail, field: null }
    : { ok: true, data: { email: trimmed } };
}

export type ResetField = 'password' | 'confirmPassword';

/** Reset password: both fields, then length (the shared schema), then the match. */
export function checkResetPassword(
  token: string,
  values: Record<ResetField, string>,
): Checked<ResetField, { token: string; new_password: string }> {
  if (values.password === '') return { ok: false, message: validation.fillBothPasswords, field: 'password' };
  if (values.confirmPassword === '') {
    return { ok: false, message: validation.fillBothPasswords, field: 'confirmPassword' };
  }
  const parsed = resetPasswordSchema.safeParse({ token, new_password: values.password });
  if (!parsed.success) {
    return firstFailure(parsed.error, (key) => (key === 'new_password' ? 'password' : null));
  }
  if (values.password !== values.confirmPassword) {
    return { ok: false, message: validation.passwordsMismatch, field: 'confirmPassword' };
  }
  return { ok: true, data: parsed.data };
}

/** The resend sub-view is prefilled when what was typed as the username is an email address. */
export function emailFromLoginName(username: string): string {
  const trimmed = username.trim();
  return EMAIL_PATTERN.test(trimmed) ? trimmed : '';
}
