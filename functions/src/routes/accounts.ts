import type { RouteDef } from '../routes.ts';

/** Accounts (docs/accounts.md): sign-up, login, sessions, email links, profile, deletion, user admin. */
export const accountRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/register',
    handler: 'auth/register',
    auth: 'public',
    grants: {
      table: 'readwrite',
      cognito: [
        'AdminAddUserToGroup',
        'AdminCreateUser',
        'AdminDeleteUser',
        'AdminRemoveUserFromGroup',
        'AdminSetUserPassword',
      ],
      queue: 'jobs',
    },
  },
  {
    method: 'POST',
    path: '/login',
    handler: 'auth/login',
    auth: 'public',
    grants: { table: 'readwrite', cognito: ['AdminInitiateAuth'] },
  },
  {
    method: 'POST',
    path: '/refresh-token',
    handler: 'auth/refresh-token',
    auth: 'public',
    grants: { table: 'read', cognito: ['AdminInitiateAuth'] },
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
    grants: { table: 'readwrite', cognito: ['AdminUpdateUserAttributes'] },
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
    grants: {
      table: 'readwrite',
      cognito: ['AdminSetUserPassword', 'AdminUpdateUserAttributes', 'AdminUserGlobalSignOut'],
    },
  },
  { method: 'GET', path: '/api/profile', handler: 'profile/get-profile', auth: 'user', grants: { table: 'read' } },
  {
    method: 'PUT',
    path: '/api/profile',
    handler: 'profile/change-password',
    auth: 'user',
    grants: { table: 'readwrite', cognito: ['AdminInitiateAuth', 'AdminSetUserPassword', 'AdminUserGlobalSignOut'] },
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
