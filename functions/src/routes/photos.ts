import type { RouteDef } from '../routes.ts';

/**
 * Photos of a story (docs/media.md, "Photos"). Reading follows the story (the story and shared views
 * carry the photos too); adding, editing, ordering and removing are the owner's alone.
 */
export const photoRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/api/stories/{id}/photos',
    handler: 'photos/list-photos',
    auth: 'user',
    grants: { table: 'read' },
  },
  // Confirms a presigned upload (reads, copies and deletes it) and queues the variants for the media worker.
  {
    method: 'POST',
    path: '/api/stories/{id}/photos',
    handler: 'photos/add-photo',
    auth: 'user',
    grants: { table: 'readwrite', media: 'readwrite', queue: 'media-jobs' },
  },
  // Not under /photos/: a literal segment beside {photoId} would depend on the router's precedence.
  {
    method: 'PUT',
    path: '/api/stories/{id}/photo-order',
    handler: 'photos/reorder-photos',
    auth: 'user',
    grants: { table: 'readwrite' },
  },
  {
    method: 'PUT',
    path: '/api/stories/{id}/photos/{photoId}',
    handler: 'photos/update-photo',
    auth: 'user',
    grants: { table: 'readwrite' },
  },
  {
    method: 'DELETE',
    path: '/api/stories/{id}/photos/{photoId}',
    handler: 'photos/remove-photo',
    auth: 'user',
    grants: { table: 'readwrite', media: 'readwrite' },
  },
];
