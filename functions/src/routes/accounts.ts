import type { RouteDef } from '../routes.ts';

/** Accounts (docs/accounts.md): sign-up, login, sessions, email links, profile, deletion, user admin. */
export const accountRoutes: RouteDef[] = [
  { method: 'POST', path: '/register', handler: 'auth/register', auth: 'public' },
  { method: 'POST', path: '/login', handler: 'auth/login', auth: 'public' },
  { method: 'POST', path: '/refresh-token', handler: 'auth/refresh-token', auth: 'public' },
  { method: 'POST', path: '/resend-verification', handler: 'auth/resend-verification', auth: 'public' },
  { method: 'GET', path: '/verify-email', handler: 'auth/verify-email', auth: 'public' },
  { method: 'POST', path: '/request-password-reset', handler: 'auth/request-password-reset', auth: 'public' },
  { method: 'GET', path: '/validate-reset-token', handler: 'auth/validate-reset-token', auth: 'public' },
  { method: 'POST', path: '/reset-password', handler: 'auth/reset-password', auth: 'public' },
  { method: 'GET', path: '/api/profile', handler: 'profile/get-profile', auth: 'user' },
  { method: 'PUT', path: '/api/profile', handler: 'profile/change-password', auth: 'user' },
  {
    method: 'POST',
    path: '/api/profile/request-delete-account',
    handler: 'profile/request-delete-account',
    auth: 'user',
  },
  {
    method: 'POST',
    path: '/api/profile/confirm-delete-account',
    handler: 'profile/confirm-delete-account',
    auth: 'user',
    timeoutSeconds: 29,
  },
  { method: 'GET', path: '/api/admin/users', handler: 'admin/list-users', auth: 'admin' },
  { method: 'PUT', path: '/api/admin/users/role', handler: 'admin/set-user-role', auth: 'admin' },
];
