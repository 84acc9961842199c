import type { PrivateFunctionDef, RouteDef } from '../routes.ts';

/**
 * The family-loop email (docs/family-loop.md, "Family-loop email"): settings on the profile, the
 * weekly email's answer link and one-click unsubscribe. The mail itself goes from the jobs worker.
 * Every route reads the table at least (the platform's auth code is in every bundle).
 */
export const familyMailRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/api/profile/family-mail',
    handler: 'family-mail/get-settings',
    auth: 'user',
    grants: { table: 'read' },
  },
  {
    method: 'PUT',
    path: '/api/profile/family-mail',
    handler: 'family-mail/update-settings',
    auth: 'user',
    grants: { table: 'readwrite' },
  },
  {
    method: 'POST',
    path: '/api/family-mail/answer-link',
    handler: 'family-mail/open-answer-link',
    auth: 'public',
    grants: { table: 'read', secrets: ['mail-links'] },
  },
  {
    method: 'POST',
    path: '/api/family-mail/unsubscribe-link',
    handler: 'family-mail/describe-unsubscribe',
    auth: 'public',
    grants: { table: 'read', secrets: ['mail-links'] },
  },
  {
    method: 'GET',
    path: '/api/family-mail/unsubscribe',
    handler: 'family-mail/unsubscribe-page',
    auth: 'public',
    grants: { table: 'read' },
  },
  {
    method: 'POST',
    path: '/api/family-mail/unsubscribe',
    handler: 'family-mail/unsubscribe',
    auth: 'public',
    grants: { table: 'readwrite', secrets: ['mail-links'] },
  },
];

/** SES bounce and complaint events arrive through SNS here (no route, no queue). */
export const familyMailFunctions: PrivateFunctionDef[] = [
  {
    id: 'ses-feedback',
    handler: 'family-mail/ses-feedback',
    description: 'SES bounces and complaints to the suppression list',
    grants: { table: 'readwrite' },
    trigger: 'sesFeedback',
  },
];
