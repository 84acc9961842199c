import type {
  MyStoriesResponse,
  SharedWithMeResponse,
  StoryConflictResponse,
  StoryDto,
} from '@storyloom/shared/schemas/stories';
import { storyMessages } from '@storyloom/shared/schemas/stories';
import { describe, expect, it } from 'vitest';
import { apiAs, registerAndLogin } from '../support/users.ts';

/** Issue 11: no lost update, no flooding, lists that page, toggles that never fail. */
type User = Awaited<ReturnType<typeof registerAndLogin>>;

async function newStory(user: User, title = 'A story'): Promise<StoryDto> {
  const res = await apiAs<StoryDto>(user, 'POST', '/api/stories', { title, content: `Content of ${title}` });
  expect(res.status).toBe(201);
  return res.body;
}

describe('two tabs never overwrite each other silently', () => {
  it('versions a story and answers an edit based on an older version with 409 and the stored story', async () => {
    const owner = await registerAndLogin();
    const story = await newStory(owner);
    expect(story.version).toBe(1);

    const tabA = await apiAs<StoryDto>(owner, 'PUT', `/api/stories/${story.ID}`, {
      title: 'Saved in tab A',
      content: 'Text from tab A',
      version: 1,
    });
    expect(tabA.status).toBe(200);
    expect(tabA.body.version).toBe(2);

    const tabB = await apiAs<StoryConflictResponse>(owner, 'PUT', `/api/stories/${story.ID}`, {
      title: 'Saved in tab B',
      content: 'Text from tab B',
      version: 1,
    });
    expect(tabB.status).toBe(409);
    expect(tabB.body.error).toBe(storyMessages.versionConflict);
    expect(tabB.body.current).toMatchObject({ ID: story.ID, title: 'Saved in tab A', version: 2 });
    expect(tabB.body.current.content).toBe('Text from tab A');

    // Nothing of tab B was written; a save based on the current version goes through.
    const read = await apiAs<StoryDto>(owner, 'GET', `/api/stories/${story.ID}`);
    expect(read.body).toMatchObject({ title: 'Saved in tab A', version: 2 });
    const resolved = await apiAs<StoryDto>(owner, 'PUT', `/api/stories/${story.ID}`, {
      title: 'Merged',
      content: 'Both texts',
      version: 2,
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body.version).toBe(3);
  });

  it('lets exactly one of two simultaneous saves of the same version through', async () => {
    const owner = await registerAndLogin();
    const story = await newStory(owner);
    const saves = await Promise.all(
      ['one', 'two', 'three'].map((tab) =>
        apiAs(owner, 'PUT', `/api/stories/${story.ID}`, { title: tab, content: tab, version: 1 }),
      ),
    );
    expect(saves.map((s) => s.status).sort()).toEqual([200, 409, 409]);
  });

  it('refuses a malformed version', async () => {
    const owner = await registerAndLogin();
    const story = await newStory(owner);
    const res = await apiAs(owner, 'PUT', `/api/stories/${story.ID}`, { title: 'x', content: 'y', version: 0 });
    expect(res.status).toBe(400);
  });
});

describe('no flooding through shares', () => {
  it('still lets an owner change the permission of an existing share past the cap', async () => {
    const owner = await registerAndLogin();
    const reader = await registerAndLogin();
    const story = await newStory(owner);
    expect((await apiAs(owner, 'POST', `/api/stories/${story.ID}/share`, { username: reader.username })).status).toBe(
      201,
    );
    const changed = await apiAs(owner, 'POST', `/api/stories/${story.ID}/share`, {
      username: reader.username,
      permission: 'comment',
    });
    expect(changed.status).toBe(200);
  });
});

describe('lists page', () => {
  it('pages GET /api/stories and GET /api/shared-with-me with limit and next_cursor', async () => {
    const owner = await registerAndLogin();
    const friend = await registerAndLogin();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await newStory(owner, `Story ${i}`)).ID);
    for (const id of ids) await apiAs(owner, 'POST', `/api/stories/${id}/share`, { username: friend.username });

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { status: number; body: MyStoriesResponse } = await apiAs<MyStoriesResponse>(
        owner,
        'GET',
        `/api/stories?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.status).toBe(200);
      expect(res.body.stories.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.stories.map((s) => s.ID));
      cursor = res.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());

    const first = await apiAs<MyStoriesResponse>(friend, 'GET', '/api/stories');
    expect(first.body.shared_stories).toHaveLength(5);
    expect(first.body.shared_next_cursor).toBeNull();
    const page = await apiAs<SharedWithMeResponse>(friend, 'GET', '/api/shared-with-me?limit=3');
    expect(page.body.stories).toHaveLength(3);
    const rest = await apiAs<SharedWithMeResponse>(
      friend,
      'GET',
      `/api/shared-with-me?limit=3&cursor=${page.body.next_cursor}`,
    );
    expect(rest.body.stories).toHaveLength(2);
    expect(rest.body.next_cursor).toBeNull();
  });

  it('refuses a cursor of another list or another user', async () => {
    const owner = await registerAndLogin();
    const other = await registerAndLogin();
    for (let i = 0; i < 2; i++) await newStory(owner, `S${i}`);
    const page = await apiAs<MyStoriesResponse>(owner, 'GET', '/api/stories?limit=1');
    expect(page.body.next_cursor).toBeTruthy();
    const stolen = await apiAs(other, 'GET', `/api/stories?cursor=${page.body.next_cursor}`);
    expect(stolen.status).toBe(400);
    expect((await apiAs(owner, 'GET', '/api/shared-with-me?cursor=bm90LWEtY3Vyc29y')).status).toBe(400);
  });
});

describe('quotas', () => {
  it('limits comments on one story per hour, from everyone together', async () => {
    const owner = await registerAndLogin();
    const story = await newStory(owner);
    await apiAs(owner, 'PUT', `/api/stories/${story.ID}/privacy`, { is_public: true });
    const writers = [owner, ...(await Promise.all([1, 2, 3].map(() => registerAndLogin())))];
    const statuses: number[] = [];
    for (let i = 0; i < 101; i++) {
      const res = await apiAs(writers[Math.floor(i / 26)]!, 'POST', `/api/stories/${story.ID}/comments`, {
        text: `Comment ${i}`,
      });
      statuses.push(res.status);
      if (i === 100) expect(res.body).toEqual({ error: storyMessages.commentQuota });
    }
    expect(statuses.slice(0, 100).every((s) => s === 201)).toBe(true);
    expect(statuses[100]).toBe(429);
  });
});

describe('concurrent privacy toggles', () => {
  it('never answer 500, and the counter-backed public list stays consistent', async () => {
    const owner = await registerAndLogin();
    const story = await newStory(owner);
    const toggles = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        apiAs<StoryDto>(owner, 'PUT', `/api/stories/${story.ID}/privacy`, { is_public: i % 2 === 0 }),
      ),
    );
    expect(toggles.map((t) => t.status)).toEqual(Array(24).fill(200));
    const final = await apiAs<StoryDto>(owner, 'GET', `/api/stories/${story.ID}`);
    expect(typeof final.body.is_public).toBe('boolean');
  });
});
