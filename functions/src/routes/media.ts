import type { RouteDef } from '../routes.ts';

/** Uploads, profile pictures, audio stories and secure media URLs (docs/media.md). */
export const mediaRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/api/media/uploads',
    handler: 'media/create-upload',
    auth: 'user',
    // Presigning signs with the function's own credentials: the upload needs its put (and tagging) rights.
    grants: { table: 'read', media: 'readwrite' },
  },
  {
    method: 'POST',
    path: '/api/profile/image',
    handler: 'media/upload-profile-image',
    auth: 'user',
    grants: { table: 'readwrite', media: 'readwrite' },
  },
  {
    method: 'POST',
    path: '/api/stories/audio',
    handler: 'stories/create-audio-story',
    auth: 'user',
    // The recording is queued for speech to text (the media worker knows whether a key is configured).
    grants: { table: 'readwrite', media: 'readwrite', queue: 'media-jobs' },
  },
  // Public: anonymous listeners on a share link play audio too; the handler verifies a token if one is sent.
  {
    method: 'GET',
    path: '/api/storage/secure-url/{path+}',
    handler: 'media/secure-url',
    auth: 'public',
    grants: { table: 'read', media: 'read' },
  },
  // The same answers for many paths at once: the SPA batches a page's media into one call. A read in
  // all but method (a body carries the list), so it gets the read routes' throttle (infra ROUTE_THROTTLES.read).
  {
    method: 'POST',
    path: '/api/storage/secure-urls',
    handler: 'media/secure-urls',
    auth: 'public',
    grants: { table: 'read', media: 'read' },
    throttle: { rate: 200, burst: 400 },
  },
];
