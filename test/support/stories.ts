import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { expect } from 'vitest';
import { type ApiResponse, api } from './http.ts';

/** Story helpers for the API tests: every call goes through the HTTP API like the SPA's. */
export interface Caller {
  token: string;
}

export const storyInput = (overrides: Record<string, unknown> = {}) => ({
  title: 'The summer at the lake',
  content: 'We drove north in the old car.\nGrandpa sang the whole way.',
  location: 'Lake Tahoe',
  start_date: '1988-07-01',
  end_date: '1988-07-14',
  ...overrides,
});

/** Creates a text story and returns it; throws unless the API answers 201. */
export async function createStory(user: Caller, overrides: Record<string, unknown> = {}): Promise<StoryDto> {
  const res = await api<StoryDto>('POST', '/api/stories', { token: user.token, body: storyInput(overrides) });
  if (res.status !== 201) throw new Error(`create story: ${res.status} ${res.text}`);
  return res.body;
}

/** Sets a story public or private through the privacy call. */
export async function setPublic(user: Caller, storyId: string, isPublic: boolean, allowComments?: boolean) {
  const res = await api<StoryDto>('PUT', `/api/stories/${storyId}/privacy`, {
    token: user.token,
    body: {
      is_public: isPublic,
      is_private: !isPublic,
      ...(allowComments === undefined ? {} : { allow_comments: allowComments }),
    },
  });
  if (res.status !== 200) throw new Error(`privacy: ${res.status} ${res.text}`);
  return res.body;
}

/** A public story of this user. */
export async function createPublicStory(user: Caller, overrides: Record<string, unknown> = {}): Promise<StoryDto> {
  const story = await createStory(user, overrides);
  return setPublic(user, story.ID, true);
}

/** Shares a story with a username; throws unless 200/201. */
export async function shareWith(owner: Caller, storyId: string, username: string, permission: 'read' | 'comment') {
  const res = await api<{ message: string; share: { id: string; permission: string } }>(
    'POST',
    `/api/stories/${storyId}/share`,
    { token: owner.token, body: { username, permission } },
  );
  if (res.status !== 200 && res.status !== 201) throw new Error(`share: ${res.status} ${res.text}`);
  return res.body.share;
}

/** A failed call: this status and `{ error }` (this exact text when given), nothing else in the body. */
export function expectError(res: ApiResponse<unknown>, status: number, error?: string): void {
  expect({ status: res.status, body: res.body }).toEqual({
    status,
    body: { error: error ?? expect.any(String) },
  });
}
