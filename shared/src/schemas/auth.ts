import * as z from 'zod/mini';
import {
  ADMIN_USERS_PAGE_SIZE_MAX,
  DELETE_CODE_LENGTH,
  EMAIL_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  ROLES,
  type Role,
  USERNAME_MAX,
  USERNAME_MIN,
} from '../constants.ts';
import { accountText, passwordMaxMessage, usernameMessages } from '../messages/accounts.ts';
import { validation } from '../messages.ts';
import { EMAIL_PATTERN } from './fields.ts';

/**
 * Account payloads (spec sections 3, 5, 7). The same schemas run in the forms and in the handlers.
 * Messages are the spec's; server-only rules (maximum lengths, username characters) have clear texts of our own.
 */
const str = (missing: string) => z.string({ error: missing });
const trimmed = (missing: string) => z.pipe(str(missing), z.string().check(z.trim()));

export const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;
export { passwordMaxMessage, usernameMessages };

/** POST /register {username, email, password}. The form adds confirm-password (client only). */
export const registerSchema = z.object({
  username: z.pipe(
    trimmed(validation.fillAllFields),
    z
      .string()
      .check(
        z.minLength(1, validation.fillAllFields),
        z.minLength(USERNAME_MIN, validation.usernameMin),
        z.maxLength(USERNAME_MAX, usernameMessages.max),
        z.regex(USERNAME_PATTERN, usernameMessages.chars),
      ),
  ),
  email: z.pipe(
    trimmed(validation.fillAllFields),
    z
      .string()
      .check(
        z.minLength(1, validation.fillAllFields),
        z.maxLength(EMAIL_MAX, validation.validEmail),
        z.regex(EMAIL_PATTERN, validation.validEmail),
      ),
  ),
  password: str(validation.fillAllFields).check(
    z.minLength(1, validation.fillAllFields),
    z.minLength(PASSWORD_MIN, validation.passwordMin),
    z.maxLength(PASSWORD_MAX, passwordMaxMessage),
  ),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** POST /login {username (a username or an email), password}. */
export const loginSchema = z.object({
  username: z.pipe(
    trimmed(validation.fillAllFields),
    z.string().check(z.minLength(1, validation.fillAllFields), z.maxLength(EMAIL_MAX, validation.fillAllFields)),
  ),
  password: str(validation.fillAllFields).check(
    z.minLength(1, validation.fillAllFields),
    z.maxLength(PASSWORD_MAX, passwordMaxMessage),
  ),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** {email}: resend verification, request password reset. */
export const emailOnlySchema = z.object({
  email: z.pipe(
    trimmed(validation.enterEmail),
    z
      .string()
      .check(
        z.minLength(1, validation.enterEmail),
        z.maxLength(EMAIL_MAX, validation.validEmail),
        z.regex(EMAIL_PATTERN, validation.validEmail),
      ),
  ),
});
export type EmailOnlyInput = z.infer<typeof emailOnlySchema>;

/** ?token= of verify-email and validate-reset-token links. */
export const tokenQuerySchema = z.object({
  token: z.pipe(
    str(accountText.noToken),
    z.string().check(z.trim(), z.minLength(1, accountText.noToken), z.maxLength(200, accountText.invalidToken)),
  ),
});

/** POST /reset-password {token, new_password}. */
export const resetPasswordSchema = z.object({
  token: z
    .string({ error: accountText.resetInvalid })
    .check(z.minLength(1, accountText.resetInvalid), z.maxLength(200, accountText.resetInvalid)),
  new_password: str(validation.fillBothPasswords).check(
    z.minLength(1, validation.fillBothPasswords),
    z.minLength(PASSWORD_MIN, validation.passwordMin),
    z.maxLength(PASSWORD_MAX, passwordMaxMessage),
  ),
});

/** PUT /api/profile {current_password, new_password}. */
export const changePasswordSchema = z.object({
  current_password: str(validation.currentPasswordRequired).check(
    z.minLength(1, validation.currentPasswordRequired),
    z.maxLength(PASSWORD_MAX, passwordMaxMessage),
  ),
  new_password: str(validation.newPasswordMin).check(
    z.minLength(PASSWORD_MIN, validation.newPasswordMin),
    z.maxLength(PASSWORD_MAX, passwordMaxMessage),
  ),
});

/** POST /api/profile/confirm-delete-account {token}: the emailed code. */
export const confirmDeleteSchema = z.object({
  token: z.pipe(
    str(validation.deleteCode),
    z.string().check(z.trim(), z.length(DELETE_CODE_LENGTH, validation.deleteCode)),
  ),
});

/** POST /refresh-token {refresh_token}: keeps a session alive past the one-hour ID token. */
export const refreshSchema = z.object({
  refresh_token: z
    .string({ error: accountText.missingRefreshToken })
    .check(z.minLength(1, accountText.missingRefreshToken), z.maxLength(4096, accountText.invalidRefreshToken)),
});

/** Profile response, spelled as spec section 3 spells it. */
export interface ProfileResponse {
  Username: string;
  Email: string;
  email_verified: boolean;
  profile_image_url: string | null;
  role: 'user' | 'admin';
  ID: string;
  CreatedAt: string;
}

/** Login response: `token` is the spec's; the rest keeps the session alive (docs/accounts.md). */
export interface LoginResponse {
  token: string;
  refresh_token: string;
  expires_in: number;
}

/**
 * PUT /api/profile response: a password change ends every other session, and this one carries on with
 * these fresh tokens (the SPA stores them in place of the old ones).
 */
export interface ChangePasswordResponse extends LoginResponse {
  message: string;
}

/** POST /refresh-token response: a new ID token; the refresh token stays the same. */
export type RefreshResponse = Omit<LoginResponse, 'refresh_token'>;

/** GET /validate-reset-token answer (a 400 carries `{ valid: false, error }`). */
export interface ValidResetToken {
  valid: true;
  username: string;
}

export const ADMIN_USERS_PAGE_SIZE = 50;
export { ADMIN_USERS_PAGE_SIZE_MAX };

const pageSizeMessage = accountText.usersPageSize;

/** GET /api/admin/users?limit=&cursor= (both optional; the cursor is the previous page's next_cursor). */
export const adminUsersQuerySchema = z.object({
  limit: z.optional(
    z.pipe(
      z.string().check(z.regex(/^\d{1,3}$/, pageSizeMessage)),
      z.pipe(
        z.transform(Number),
        z.number().check(z.minimum(1, pageSizeMessage), z.maximum(ADMIN_USERS_PAGE_SIZE_MAX, pageSizeMessage)),
      ),
    ),
  ),
  cursor: z.optional(z.string().check(z.maxLength(2000, accountText.invalidCursor))),
});

/** PUT /api/admin/users/role {user_id, role}. */
export const adminRoleSchema = z.object({
  user_id: z
    .string({ error: accountText.userIdRequired })
    .check(z.minLength(1, accountText.userIdRequired), z.maxLength(100, accountText.userNotFound)),
  role: z.enum(ROLES, { error: accountText.role }),
});
export type AdminRoleInput = z.infer<typeof adminRoleSchema>;

/** A row of the admin panel's user list (spec section 6: ID, Username, Email, Role, Joined). */
export interface AdminUser {
  ID: string;
  Username: string;
  Email: string;
  role: Role;
  CreatedAt: string;
}

/** GET /api/admin/users response: newest first; `next_cursor` is null on the last page. */
export interface AdminUsersResponse {
  users: AdminUser[];
  next_cursor: string | null;
}

/** PUT /api/admin/users/role response. */
export interface AdminRoleResponse {
  message: string;
  user: AdminUser;
}
