import type { RouteDef } from '../routes.ts';

/**
 * Interactive listening (docs/interactive.md): the owner's four calls and their shared-link twins, and the
 * storyteller's list of unanswered questions. Question routes speak answers with the voice engine inline
 * (a listener is waiting), so they get more time and memory, the media bucket and the provider keys.
 */
const ask = { timeoutSeconds: 20, memoryMb: 1024 } as const;
const askGrants = { table: 'readwrite', media: 'readwrite', secrets: ['openai', 'elevenlabs'] } as const;
const sessionGrants = { table: 'readwrite' } as const;

export const interactiveRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/api/interactive/start/{id}',
    handler: 'interactive/start-session',
    auth: 'user',
    grants: sessionGrants,
  },
  {
    method: 'POST',
    path: '/api/interactive/question/{sessionId}',
    handler: 'interactive/ask-question',
    auth: 'user',
    ...ask,
    grants: askGrants,
  },
  {
    method: 'PUT',
    path: '/api/interactive/time/{sessionId}',
    handler: 'interactive/report-time',
    auth: 'user',
    grants: sessionGrants,
  },
  {
    method: 'DELETE',
    path: '/api/interactive/end/{sessionId}',
    handler: 'interactive/end-session',
    auth: 'user',
    grants: sessionGrants,
  },
  {
    method: 'GET',
    path: '/api/interactive/questions/{id}',
    handler: 'interactive/list-asked-questions',
    auth: 'user',
    // Writes too: the list keeps the story's most recent ASKED_QUESTIONS_KEPT and deletes the rest (domain/interactive/asked.ts).
    grants: { table: 'readwrite' },
  },
  {
    method: 'DELETE',
    path: '/api/interactive/questions/{id}/{questionId}',
    handler: 'interactive/dismiss-asked-question',
    auth: 'user',
    grants: sessionGrants,
  },
  // The read-along: sentences split by the answerer's own splitter (the numbering answers cite), without the language model.
  {
    method: 'GET',
    path: '/api/interactive/read-along/{id}',
    handler: 'interactive/read-along',
    auth: 'user',
    grants: { table: 'read', media: 'read' },
  },
  {
    method: 'GET',
    path: '/shared/interactive/read-along/{shareToken}',
    handler: 'interactive/shared-read-along',
    auth: 'public',
    grants: { table: 'read', media: 'read' },
  },
  {
    method: 'POST',
    path: '/shared/interactive/start/{shareToken}',
    handler: 'interactive/shared-start-session',
    auth: 'public',
    grants: sessionGrants,
  },
  {
    method: 'POST',
    path: '/shared/interactive/question/{sessionId}',
    handler: 'interactive/shared-ask-question',
    auth: 'public',
    ...ask,
    grants: askGrants,
  },
  {
    method: 'PUT',
    path: '/shared/interactive/time/{sessionId}',
    handler: 'interactive/shared-report-time',
    auth: 'public',
    grants: sessionGrants,
  },
  {
    method: 'DELETE',
    path: '/shared/interactive/end/{sessionId}',
    handler: 'interactive/shared-end-session',
    auth: 'public',
    grants: sessionGrants,
  },
];
