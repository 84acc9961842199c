import type { RouteDef } from '../routes.ts';

/**
 * Prompts and questions from the family (docs/family-loop.md). Reads of the storyteller's own list only
 * read the table; hiding, answering, writing and asking write to it (asking also counts against the
 * per-asker and per-storyteller limits, which are table counters).
 */
const read = { table: 'read' } as const;
const write = { table: 'readwrite' } as const;

export const promptRoutes: RouteDef[] = [
  { method: 'GET', path: '/api/prompts', handler: 'prompts/list-prompts', auth: 'user', grants: read },
  { method: 'GET', path: '/api/prompts/next', handler: 'prompts/next-prompt', auth: 'user', grants: read },
  {
    method: 'GET',
    path: '/api/prompts/family',
    handler: 'prompts/list-family-questions',
    auth: 'user',
    grants: read,
  },
  { method: 'POST', path: '/api/prompts/own', handler: 'prompts/add-own-question', auth: 'user', grants: write },
  { method: 'GET', path: '/api/prompts/{id}', handler: 'prompts/get-prompt', auth: 'user', grants: read },
  { method: 'PUT', path: '/api/prompts/{id}/hidden', handler: 'prompts/hide-prompt', auth: 'user', grants: write },
  // Writes the mark, and takes an answered listener's question off its story's "Your family asked" list.
  {
    method: 'POST',
    path: '/api/prompts/{id}/answered',
    handler: 'prompts/answer-prompt',
    auth: 'user',
    grants: write,
  },
  { method: 'GET', path: '/api/family-questions/{id}', handler: 'prompts/can-ask', auth: 'user', grants: read },
  {
    method: 'POST',
    path: '/api/family-questions/{id}',
    handler: 'prompts/ask-question',
    auth: 'user',
    grants: write,
  },
];
