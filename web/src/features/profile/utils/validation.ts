import { validation } from '@storyloom/shared/messages';
import { changePasswordSchema, confirmDeleteSchema } from '@storyloom/shared/schemas/auth';
import * as z from 'zod/mini';
import { type Checked, checkWith } from '#web/lib/forms.ts';

/**
 * The profile forms' schemas (spec section 5), built on the shared schemas the handlers run; `useForm`
 * validates with them, and the `check*` functions run the same schemas so every message is unit-tested.
 */
export type { Checked };

export type PasswordField = 'current' | 'next' | 'confirm';

/**
 * Change password, top to bottom: current password required, new password at least 6 characters,
 * then the two new passwords match.
 */
export const changePasswordFormSchema = z
  .object({
    current: changePasswordSchema.shape.current_password,
    next: changePasswordSchema.shape.new_password,
    confirm: z.string(),
  })
  .check(z.refine((v) => v.next === v.confirm, { message: validation.newPasswordsMismatch, path: ['confirm'] }));

export function checkChangePassword(
  values: Record<PasswordField, string>,
): Checked<PasswordField, { current_password: string; new_password: string }> {
  const checked = checkWith(changePasswordFormSchema, values, ['current', 'next', 'confirm']);
  return checked.ok
    ? { ok: true, data: { current_password: checked.data.current, new_password: checked.data.next } }
    : checked;
}

/** The emailed deletion code: exactly 6 characters once trimmed ('Please enter the 6-digit code.'). */
export const deleteCodeFormSchema = z.object({ code: confirmDeleteSchema.shape.token });

export function checkDeleteCode(code: string): Checked<'code', { token: string }> {
  const checked = checkWith(deleteCodeFormSchema, { code }, ['code']);
  return checked.ok ? { ok: true, data: { token: checked.data.code } } : checked;
}
