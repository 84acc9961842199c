import type { RouteDef } from '../routes.ts';

export const contactRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/contact',
    handler: 'contact/send-message',
    auth: 'public',
    grants: { table: 'readwrite', queue: 'jobs' },
  },
];
