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
import * as z from 'zod/mini';
import { type Checked, checkWith } from '#web/lib/forms.ts';

/**
 * The auth forms' schemas (spec section 5): the shared schemas the handlers run, plus the client-only
 * rules (confirm fields, the order of messages). `useForm` validates with them through the zod
 * resolver; the `check*` functions run the same schemas so every message is unit-tested.
 */
export type { Checked };

const filled = (message: string) => z.string().check(z.refine((v) => v.trim() !== '', message));
const notEmpty = (message: string) => z.string().check(z.minLength(1, message));

export type LoginField = 'username' | 'password';
export const loginFormSchema = loginSchema;

/** Login: both fields required ('Please fill in all fields'). */
export function checkLogin(values: Record<LoginField, string>): Checked<LoginField, LoginInput> {
  return checkWith(loginFormSchema, values, ['username', 'password']);
}

export type RegisterField = 'username' | 'email' | 'password' | 'confirmPassword';

/**
 * Register, in the spec's order: every field filled, then username length, email shape, password
 * length (the shared schema, which also holds the server's character and length caps), then the match.
 */
export const registerFormSchema = z.pipe(
  z.looseObject({
    username: filled(validation.fillAllFields),
    email: filled(validation.fillAllFields),
    password: notEmpty(validation.fillAllFields),
    confirmPassword: notEmpty(validation.fillAllFields),
  }),
  z.object({ ...registerSchema.shape, confirmPassword: z.string() }).check(
    z.refine((v) => v.password === v.confirmPassword, {
      message: validation.passwordsMismatch,
      path: ['confirmPassword'],
    }),
  ),
);

export function checkRegister(values: Record<RegisterField, string>): Checked<RegisterField, RegisterInput> {
  const checked = checkWith(registerFormSchema, values, ['username', 'email', 'password', 'confirmPassword']);
  if (!checked.ok) return checked;
  const { username, email, password } = checked.data;
  return { ok: true, data: { username, email, password } };
}

/** An email alone (resend on login, forgot password): required, then the simple shape. */
export const emailFormSchema = emailOnlySchema;

export function checkEmail(email: string): Checked<'email', EmailOnlyInput> {
  return checkWith(emailFormSchema, { email }, ['email']);
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
export const resetFormSchema = z.pipe(
  z.looseObject({
    password: notEmpty(validation.fillBothPasswords),
    confirmPassword: notEmpty(validation.fillBothPasswords),
  }),
  z.object({ password: resetPasswordSchema.shape.new_password, confirmPassword: z.string() }).check(
    z.refine((v) => v.password === v.confirmPassword, {
      message: validation.passwordsMismatch,
      path: ['confirmPassword'],
    }),
  ),
);

export function checkResetPassword(
  token: string,
  values: Record<ResetField, string>,
): Checked<ResetField, { token: string; new_password: string }> {
  const checked = checkWith(resetFormSchema, values, ['password', 'confirmPassword']);
  return checked.ok ? { ok: true, data: { token, new_password: checked.data.password } } : checked;
}

/** The resend sub-view is prefilled when what was typed as the username is an email address. */
export function emailFromLoginName(username: string): string {
  const trimmed = username.trim();
  return EMAIL_PATTERN.test(trimmed) ? trimmed : '';
}
