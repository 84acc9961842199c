import type { RouteDef } from '../routes.ts';

/** Transcripts of audio stories (docs/stories.md, "Transcripts"); the speech to text runs on the media-jobs queue. */
export const transcriptRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/api/stories/{id}/transcript',
    handler: 'transcripts/get-transcript',
    auth: 'user',
    // The owner's read queues a transcription again whose worker died (lease run out).
    grants: { table: 'readwrite', queue: 'media-jobs' },
  },
  {
    method: 'PUT',
    path: '/api/stories/{id}/transcript',
    handler: 'transcripts/save-transcript',
    auth: 'user',
    // Word timings are carried over the words kept: read, written beside the story's audio, the old one deleted.
    grants: { table: 'readwrite', media: 'readwrite' },
  },
];
