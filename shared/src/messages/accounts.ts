import {
  ADMIN_USERS_PAGE_SIZE_MAX,
  DELETE_CODE_LENGTH,
  DELETE_CODE_TTL_SECONDS,
  PASSWORD_MAX,
  ROLES,
  USERNAME_MAX,
} from '../constants.ts';
import { formatCount } from './numbers.ts';

/** Accounts and profile: the spec's texts (sections 5, 8, 9) word for word, then the ones it leaves open. */
export const accountValidation = {
  fillAllFields: 'Please fill in all fields',
  enterEmail: 'Please enter your email address',
  validEmail: 'Please enter a valid email address',
  usernameMin: 'Username must be at least 3 characters long',
  passwordMin: 'Password must be at least 6 characters long',
  passwordsMismatch: 'Passwords do not match',
  fillBothPasswords: 'Please fill in both password fields',
  newPasswordsMismatch: 'New passwords do not match',
  newPasswordMin: 'New password must be at least 6 characters',
  currentPasswordRequired: 'Current password is required to change password',
  deleteCode: 'Please enter the 6-digit code.',
} as const;

export const accountFallback = {
  login: 'Login failed. Please try again.',
  register: 'Registration failed. Please try again.',
  resendOnLogin: 'Failed to send verification email',
  resendOnRegister: 'Failed to resend verification email',
  verifyNoToken: 'Invalid verification link. No token provided.',
  verifyFailed: 'Failed to verify email. The link may be invalid or expired.',
  resetEmail: 'Failed to send reset email. Please try again.',
  resetNoToken: 'Invalid reset link. No token provided.',
  resetInvalid: 'Invalid or expired reset token',
  resetFailed: 'Failed to reset password. Please try again.',
  updateProfile: 'Failed to update profile',
  startDeletion: 'Failed to start account deletion.',
  deleteAccount: 'Failed to delete account.',
} as const;

export const accountSuccess = {
  profileUpdated: 'Profile updated successfully!',
  accountDeleted: 'Your account has been permanently deleted.',
  deletionCodeSent: 'A deletion code has been sent to your email.',
  resetSent: "If an account with that email exists, we've sent you a password reset link.",
} as const;

/** Account texts of the server that the spec leaves open (docs/accounts.md). */
export const accountText = {
  registered: 'Registration successful! Please check your email to verify your account.',
  usernameTaken: 'That username is already taken. Please choose another.',
  emailTaken: 'An account with this email already exists. Try logging in instead.',
  invalidCredentials: 'Invalid username or password',
  emailNotVerified: 'Please verify your email before logging in.',
  tooManyLoginAttempts: 'Too many failed login attempts. Please wait 15 minutes and try again, or reset your password.',
  tooManyEmails: 'We have already sent a few emails to this address. Please wait 15 minutes and try again.',
  verificationSent:
    "If that email belongs to an account that still needs verifying, we've sent a new verification link.",
  emailVerified: 'Your email has been verified! You can now log in.',
  verifyInvalid: 'This verification link is invalid or has expired. Please request a new one.',
  resetInvalid: 'Invalid or expired reset token',
  passwordReset: 'Your password has been reset. You can now log in with your new password.',
  currentPasswordWrong: 'Current password is incorrect',
  deleteCodeInvalid: 'Invalid or expired code.',
  sessionExpired: 'Your session has expired. Please log in again.',
  userNotFound: 'User not found',
  lastAdmin: 'You are the only admin. Make another user an admin before removing your own admin role.',
  roleUpdated: 'User role updated.',
  invalidCursor: 'Invalid page cursor',
  loggedOut: 'You have been logged out on every device.',
  lastAdminDelete: 'You are the only admin. Make another user an admin before deleting your account.',
  /** Malformed calls (not reachable from the forms). */
  noToken: 'No token provided.',
  invalidToken: 'Invalid token',
  missingRefreshToken: 'Missing refresh token',
  invalidRefreshToken: 'Invalid refresh token',
  userIdRequired: 'user_id is required',
  role: `role must be one of: ${ROLES.join(', ')}`,
  usersPageSize: `limit must be a whole number from 1 to ${formatCount(ADMIN_USERS_PAGE_SIZE_MAX)}`,
} as const;

/** Texts of the account screens that the spec leaves open (the server's `message` wins when it sends one). */
export const accountScreenText = {
  verificationSent: 'Verification email sent. Please check your inbox.',
  verificationResent: 'We sent you a new verification link.',
  resetCheckFailed: 'We could not check your reset link right now. Please try again in a moment.',
} as const;

/** Server-only username and password rules (maximum lengths, username characters). */
export const usernameMessages = {
  chars: 'Username may use only letters, numbers, dots, dashes and underscores',
  max: `Username must be at most ${formatCount(USERNAME_MAX)} characters long`,
} as const;
export const passwordMaxMessage = `Password must be at most ${formatCount(PASSWORD_MAX)} characters long`;

/** The delete-account modal: what goes, the emailed code, the buttons. */
export const deleteAccountText = {
  title: 'Delete Account',
  intro: 'Deleting your account is permanent and cannot be undone. It removes:',
  removes: [
    'your profile, login and email address',
    'all your stories, text and audio, with their narrations',
    'your recordings, voice samples and voice clone',
    'share links and the stories you shared with others',
  ],
  /** Around the account's email address (shown in bold: pass it with a `key`). */
  codeWillBeSent: <E>(email: E) =>
    [`To make sure it's you, we'll email a ${DELETE_CODE_LENGTH}-digit code to `, email, '.'] as const,
  sendCode: 'Send Deletion Code',
  sending: 'Sending…',
  cancel: 'Cancel',
  enterCode: `Enter the code from the email. It works for ${DELETE_CODE_TTL_SECONDS / 60} minutes. Your account and all its stories will be deleted at once.`,
  codeLabel: 'Deletion code',
  confirm: 'Delete My Account',
  deleting: 'Deleting…',
  noEmail: 'No email?',
  resend: 'Send a new code',
} as const;
