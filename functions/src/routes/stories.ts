import type { RouteDef } from '../routes.ts';

/** Stories, privacy, sharing and comments (docs/stories.md). */
export const storyRoutes: RouteDef[] = [
  { method: 'GET', path: '/api/stories', handler: 'stories/list-stories', auth: 'user', grants: { table: 'read' } },
  {
    method: 'POST',
    path: '/api/stories',
    handler: 'stories/create-story',
    auth: 'user',
    grants: { table: 'readwrite' },
  },
  { method: 'GET', path: '/api/stories/{id}', handler: 'stories/get-story', auth: 'user', grants: { table: 'read' } },
  {
    method: 'PUT',
    path: '/api/stories/{id}',
    handler: 'stories/update-story',
    auth: 'user',
    grants: { table: 'readwrite' },
  },
  {
    method: 'DELETE',
    path: '/api/stories/{id}',
    handler: 'stories/delete-story',
    auth: 'user',
    grants: { table: 'readwrite', media: 'readwrite' },
  },
  {
    method: 'PUT',
    path: '/api/stories/{id}/privacy',
    handler: 'stories/update-privacy',
    auth: 'user',
    grants: { table: 'readwrite' },
  },
  {
    method: 'POST',
    path: '/api/stories/{id}/share',
    handler: 'stories/share-story',
    auth: 'user',
    // jobs: a share that answers the recipient's question emails them (domain/family-mail/share-news.ts).
    grants: { table: 'readwrite', queue: 'jobs' },
  },
  {
    method: 'POST',
    path: '/api/stories/{id}/share-link',
    handler: 'stories/create-share-link',
    auth: 'user',
    grants: { table: 'readwrite' },
  },
  {
    method: 'DELETE',
    path: '/api/stories/{id}/share-link',
    handler: 'stories/revoke-share-link',
    auth: 'user',
    grants: { table: 'readwrite' },
  },
  {
    method: 'DELETE',
    path: '/api/shares/{shareId}',
    handler: 'stories/remove-share',
    auth: 'user',
    grants: { table: 'readwrite' },
  },
  {
    method: 'GET',
    path: '/api/shared-with-me',
    handler: 'stories/list-shared-with-me',
    auth: 'user',
    grants: { table: 'read' },
  },
  {
    method: 'DELETE',
    path: '/api/shared-with-me/{storyId}',
    handler: 'stories/leave-shared-story',
    auth: 'user',
    grants: { table: 'readwrite' },
  },
  {
    method: 'POST',
    path: '/api/stories/{id}/comments',
    handler: 'stories/add-comment',
    auth: 'user',
    grants: { table: 'readwrite' },
  },
  {
    method: 'GET',
    path: '/api/stories/{id}/comments',
    handler: 'stories/list-comments',
    auth: 'user',
    grants: { table: 'read' },
  },
  {
    method: 'DELETE',
    path: '/api/stories/{id}/comments/{commentId}',
    handler: 'stories/delete-comment',
    auth: 'user',
    grants: { table: 'readwrite' },
  },
];

/** Discovery, author pages and the shared view: open to visitors. */
export const publicStoryRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/public/stories',
    handler: 'public/list-public-stories',
    auth: 'public',
    grants: { table: 'read' },
  },
  {
    method: 'GET',
    path: '/public/author/{id}',
    handler: 'public/get-author',
    auth: 'public',
    grants: { table: 'read' },
  },
  {
    method: 'GET',
    path: '/shared/{shareToken}',
    handler: 'public/get-shared-story',
    auth: 'public',
    grants: { table: 'read' },
  },
  {
    method: 'GET',
    path: '/shared/{shareToken}/comments',
    handler: 'public/list-shared-comments',
    auth: 'public',
    grants: { table: 'read' },
  },
];

/** Story management of the admin panel. */
export const adminStoryRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/api/admin/stories',
    handler: 'admin/list-stories',
    auth: 'admin',
    grants: { table: 'read' },
  },
  {
    method: 'PUT',
    path: '/api/admin/stories/{id}/privacy',
    handler: 'admin/update-story-privacy',
    auth: 'admin',
    grants: { table: 'readwrite' },
  },
  {
    method: 'DELETE',
    path: '/api/admin/stories/{id}',
    handler: 'admin/delete-story',
    auth: 'admin',
    grants: { table: 'readwrite', media: 'readwrite' },
  },
];
