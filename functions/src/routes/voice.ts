import type { RouteDef } from '../routes.ts';

/** Voice cloning and narration (docs/voice.md). The work itself runs on the media-jobs queue. */
export const voiceRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/api/voice/status',
    handler: 'voice/get-status',
    auth: 'user',
    // A clone request whose worker died is queued again from here.
    grants: { table: 'readwrite', queue: 'media-jobs' },
  },
  {
    method: 'POST',
    path: '/api/voice/upload-sample',
    handler: 'voice/upload-sample',
    auth: 'user',
    // Decoding a 10 MB sample to check it holds a voice takes a moment and some memory.
    timeoutSeconds: 30,
    memoryMb: 1024,
    grants: { table: 'readwrite', media: 'readwrite' },
  },
  {
    method: 'POST',
    path: '/api/voice/clone',
    handler: 'voice/clone-voice',
    auth: 'user',
    grants: { table: 'readwrite', queue: 'media-jobs' },
  },
  {
    method: 'GET',
    path: '/api/voice/available',
    handler: 'voice/list-voices',
    auth: 'user',
    // With a provider key, the provider's voice list is read here.
    grants: { table: 'read', secrets: ['elevenlabs'] },
  },
  {
    method: 'POST',
    path: '/api/voice/narrate/{storyId}',
    handler: 'voice/narrate-story',
    auth: 'user',
    timeoutSeconds: 15,
    grants: { table: 'readwrite', queue: 'media-jobs', secrets: ['elevenlabs'] },
  },
  {
    method: 'GET',
    path: '/api/voice/narrate/{storyId}',
    handler: 'voice/get-narration',
    auth: 'user',
    grants: { table: 'readwrite', queue: 'media-jobs' },
  },
  {
    method: 'PUT',
    path: '/api/stories/{id}/remove-narration',
    handler: 'voice/remove-narration',
    auth: 'user',
    grants: { table: 'readwrite', media: 'readwrite' },
  },
  {
    method: 'DELETE',
    path: '/api/voice',
    handler: 'voice/delete-voice',
    auth: 'user',
    grants: { table: 'readwrite', media: 'readwrite', queue: 'media-jobs' },
  },
];
