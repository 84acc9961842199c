import type { RouteDef } from '../routes.ts';

/** Keepsake builds: the zip of everything and the book (docs/keepsake.md). The work runs on the media-jobs queue. */
export const keepsakeRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/api/keepsake/{kind}',
    handler: 'keepsake/start-build',
    auth: 'user',
    grants: { table: 'readwrite', queue: 'media-jobs' },
  },
  {
    method: 'GET',
    path: '/api/keepsake/{kind}/latest',
    handler: 'keepsake/get-latest',
    auth: 'user',
    grants: { table: 'read' },
  },
  {
    method: 'GET',
    path: '/api/keepsake/{kind}/builds/{id}/download',
    handler: 'keepsake/download-build',
    auth: 'user',
    // Presigning signs with the function's own credentials: it needs the read right it hands out.
    grants: { table: 'read', media: 'read' },
  },
];
