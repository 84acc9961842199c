import type { RouteDef } from '../routes.ts';

/** "Make a book" and its listening link (docs/keepsake.md, "A printed book"). */
export const bookRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/api/keepsake/books',
    handler: 'book/list-books',
    auth: 'user',
    grants: { table: 'read' },
  },
  {
    method: 'DELETE',
    path: '/api/keepsake/books/{id}/link',
    handler: 'book/revoke-link',
    auth: 'user',
    grants: { table: 'readwrite' },
  },
  {
    // A book's QR code: logged-out listeners, so a public route; the token is the credential.
    method: 'GET',
    path: '/public/listen/{token}/{storyId}',
    handler: 'book/listen',
    auth: 'public',
    grants: { table: 'read', media: 'read' },
  },
];
