import { validation } from '@storyloom/shared/messages';
import { changePasswordSchema, confirmDeleteSchema } from '@storyloom/shared/schemas/auth';

/**
 * The profile forms' checks (spec section 5) as pure functions, so every message is unit-tested.
 * They run the shared schemas the handlers run; a failure names the field to mark and focus.
 */
export type Checked<F extends string, T> = { ok: true; data: T } | { ok: false; message: string; field: F | null };

export type PasswordField = 'current' | 'next' | 'confirm';

/**
 * Change password, top to bottom: current password required, new password at least 6 characters,
 * then the two new passwords match.
 */
export function checkChangePassword(
  values: Record<PasswordField, string>,
): Checked<PasswordField, { current_password: string; new_password: string }> {
  const parsed = changePasswordSchema.safeParse({ current_password: values.current, new_password: values.next });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = issue?.path[0];
    return {
      ok: false,
      message: issue?.message ?? validation.newPasswordMin,
      field: key === 'current_password' ? 'current' : key === 'new_password' ? 'next' : null,
    };
  }
  if (values.next !== values.confirm) return { ok: false, message: validation.newPasswordsMismatch, field: 'confirm' };
  return { ok: true, data: parsed.data };
}

/** The emailed deletion code: exactly 6 characters once trimmed ('Please enter the 6-digit code.'). */
export function checkDeleteCode(code: string): Checked<'code', { token: string }> {
  const parsed = confirmDeleteSchema.safeParse({ token: code });
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, message: parsed.error.issues[0]?.message ?? validation.deleteCode, field: 'code' };
}
