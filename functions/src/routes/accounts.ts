import type { PrivateFunctionDef, RouteDef } from '../routes.ts';

/**
 * Accounts (docs/accounts.md): sign-up, login, sessions, email links, profile, deletion, user admin.
 * No public route holds a Cognito permission: they use the app client's own calls with its secret
 * (`secrets: ['cognito-client']`), queue the worker, or invoke the private account keeper.
 */
export const accountRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/register',
    handler: 'auth/register',
    auth: 'public',
    // SignUp with the client secret; a half-made sign-up is undone by the worker (account.drop-pool-user).
    grants: { table: 'readwrite', secrets: ['cognito-client'], queue: 'jobs' },
  },
  {
    method: 'POST',
    path: '/login',
    handler: 'auth/login',
    auth: 'public',
    grants: { table: 'readwrite', secrets: ['cognito-client'] },
  },
  {
    method: 'POST',
    path: '/refresh-token',
    handler: 'auth/refresh-token',
    auth: 'public',
    grants: { table: 'read', secrets: ['cognito-client'] },
  },
  {
    method: 'POST',
    path: '/logout',
    handler: 'auth/logout',
    auth: 'user',
    grants: { table: 'readwrite', cognito: ['AdminUserGlobalSignOut'] },
  },
  {
    method: 'POST',
    path: '/resend-verification',
    handler: 'auth/resend-verification',
    auth: 'public',
    grants: { table: 'readwrite', queue: 'jobs' },
  },
  {
    method: 'GET',
    path: '/verify-email',
    handler: 'auth/verify-email',
    auth: 'public',
    // The worker mirrors the flag to the pool (account.sync-pool-email).
    grants: { table: 'readwrite', queue: 'jobs' },
  },
  {
    method: 'POST',
    path: '/request-password-reset',
    handler: 'auth/request-password-reset',
    auth: 'public',
    grants: { table: 'readwrite', queue: 'jobs' },
  },
  {
    method: 'GET',
    path: '/validate-reset-token',
    handler: 'auth/validate-reset-token',
    auth: 'public',
    grants: { table: 'read' },
  },
  {
    method: 'POST',
    path: '/reset-password',
    handler: 'auth/reset-password',
    auth: 'public',
    // The private account keeper checks the link and sets the password: this route can only ask it.
    // (table 'read': lib/http.ts reads a signed-in caller's session state, in every route's bundle.)
    grants: { table: 'read', invoke: ['account-keeper'] },
  },
  { method: 'GET', path: '/api/profile', handler: 'profile/get-profile', auth: 'user', grants: { table: 'read' } },
  {
    method: 'PUT',
    path: '/api/profile',
    handler: 'profile/change-password',
    auth: 'user',
    // The current password is checked with the client's own sign-in (the secret), then set with the Admin call.
    grants: {
      table: 'readwrite',
      cognito: ['AdminSetUserPassword', 'AdminUserGlobalSignOut'],
      secrets: ['cognito-client'],
    },
  },
  {
    method: 'POST',
    path: '/api/profile/request-delete-account',
    handler: 'profile/request-delete-account',
    auth: 'user',
    grants: { table: 'readwrite', mail: true },
  },
  {
    method: 'POST',
    path: '/api/profile/confirm-delete-account',
    handler: 'profile/confirm-delete-account',
    auth: 'user',
    // media-jobs: the voice purger queues the deletion of a provider voice (only the media worker holds the key).
    grants: { table: 'readwrite', media: 'readwrite', cognito: ['AdminDeleteUser'], queue: ['jobs', 'media-jobs'] },
    timeoutSeconds: 29,
  },
  { method: 'GET', path: '/api/admin/users', handler: 'admin/list-users', auth: 'admin', grants: { table: 'read' } },
  {
    method: 'PUT',
    path: '/api/admin/users/role',
    handler: 'admin/set-user-role',
    auth: 'admin',
    grants: { table: 'readwrite', cognito: ['AdminAddUserToGroup', 'AdminRemoveUserFromGroup'] },
  },
];

/** Account functions outside the route table (docs/accounts.md, "Who may call what in Cognito"). */
export const accountFunctions: PrivateFunctionDef[] = [
  {
    id: 'account-keeper',
    handler: 'auth/account-keeper',
    description: 'account keeper: password reset for POST /reset-password (no route)',
    grants: {
      table: 'readwrite',
      cognito: ['AdminSetUserPassword', 'AdminUpdateUserAttributes', 'AdminUserGlobalSignOut'],
    },
  },
  {
    id: 'pre-sign-up',
    handler: 'auth/pre-sign-up',
    description: 'user pool pre-sign-up trigger: confirms API sign-ups, email left unverified',
    grants: {},
    trigger: 'preSignUp',
  },
];
