import { PUBLIC_PAGE_SIZE } from '@storyloom/shared/constants';
import {
  type AuthorPageResponse,
  type PublicStoriesResponse,
  type StoryDto,
  storyMessages,
} from '@storyloom/shared/schemas/stories';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/http.ts';
import { createPublicStory, createStory, expectError, setPublic } from '../support/stories.ts';
import { registerAndLogin, type TestUser } from '../support/users.ts';

type Caller = TestUser & { token: string };

/**
 * Other test files create and delete public stories in the same table while these run, so nothing
 * here assumes the global list holds only our stories: exact counts are checked on the author page
 * (our own author), and the global list is checked for invariants that hold under concurrent writes.
 * test/api/stories-paging.test.ts checks exact page slices on a table of its own.
 */
let author: Caller;
let reader: Caller;

beforeAll(async () => {
  [author, reader] = await Promise.all([registerAndLogin(), registerAndLogin()]);
});

const publicPage = (query: string) => api<PublicStoriesResponse>('GET', `/public/stories${query}`);

describe('privacy', () => {
  it('toggles a story between private and public', async () => {
    const story = await createStory(author);
    const pub = await api<StoryDto>('PUT', `/api/stories/${story.ID}/privacy`, {
      token: author.token,
      body: { is_public: true, is_private: false, allow_comments: true },
    });
    expect(pub.status).toBe(200);
    expect(pub.body).toMatchObject({ ID: story.ID, is_public: true, is_private: false, allow_comments: true });
    expect((await api('GET', `/shared/${story.ID}`)).status).toBe(200);

    const priv = await setPublic(author, story.ID, false);
    expect(priv).toMatchObject({ is_public: false, is_private: true });
    expect((await api('GET', `/shared/${story.ID}`)).status).toBe(404);
    expect((await api('GET', `/api/stories/${story.ID}`, { token: reader.token })).status).toBe(404);
  });

  it('keeps the other setting when only allow_comments changes', async () => {
    const story = await createPublicStory(author);
    const res = await setPublic(author, story.ID, true, false);
    expect(res).toMatchObject({ is_public: true, allow_comments: false });
  });

  it.each([
    [{}, 'is_public must be true or false'],
    [{ is_public: 'yes' }, 'is_public must be true or false'],
    [{ is_public: true, allow_comments: 'no' }, 'allow_comments must be true or false'],
  ])('rejects %j with 400', async (body, error) => {
    const story = await createStory(author);
    expectError(await api('PUT', `/api/stories/${story.ID}/privacy`, { token: author.token, body }), 400, error);
  });

  it('lists a story once however often, and however concurrently, the same setting is saved', async () => {
    const story = await createStory(author);
    // The exact counter arithmetic is checked on a table of its own (stories-paging.test.ts): here other
    // files move the total concurrently, so this checks the story's own presence in the public index.
    await Promise.all([
      setPublic(author, story.ID, true),
      setPublic(author, story.ID, true),
      setPublic(author, story.ID, true),
    ]);
    const page = await api<AuthorPageResponse>('GET', `/public/author/${author.id}`);
    expect(page.body.stories.filter((s) => s.ID === story.ID)).toHaveLength(1);
    await Promise.all([setPublic(author, story.ID, false), setPublic(author, story.ID, false)]);
    const after = await api<AuthorPageResponse>('GET', `/public/author/${author.id}`);
    expect(after.body.stories.map((s) => s.ID)).not.toContain(story.ID);
  });
});

describe('author page and public list with 23 public stories by one author', () => {
  let mine: StoryDto[];
  let privateOne: StoryDto;
  let owner: Caller;

  beforeAll(async () => {
    owner = await registerAndLogin();
    mine = [];
    // Sequential, so created_at (and the expected order) is strictly increasing.
    for (let i = 0; i < 23; i++) mine.push(await createPublicStory(owner, { title: `Public ${i}` }));
    privateOne = await createStory(owner, { title: 'Secret diary' });
  });

  it('lists exactly those 23 on the author page, newest first, and no private story', async () => {
    const res = await api<AuthorPageResponse>('GET', `/public/author/${owner.id}`);
    expect(res.status).toBe(200);
    expect(res.body.author).toEqual({ id: owner.id, username: owner.username, profile_image_url: null });
    expect(res.body.stories.map((s) => s.ID)).toEqual(mine.map((s) => s.ID).reverse());
    expect(res.body.stories.every((s) => s.is_public && s.share_token === null && s.shared_with.length === 0)).toBe(
      true,
    );
    expect(res.body.stories.map((s) => s.ID)).not.toContain(privateOne.ID);
  });

  it('pages the public list consistently (limit 10: pages 1 and 2 full, page 3 non-empty)', async () => {
    const pages = [
      await publicPage('?page=1&limit=10'),
      await publicPage('?page=2&limit=10'),
      await publicPage('?page=3&limit=10'),
    ];
    for (const [i, res] of pages.entries()) {
      expect(res.status).toBe(200);
      const { pagination, stories } = res.body;
      expect(pagination.page).toBe(i + 1);
      expect(pagination.limit).toBe(10);
      // At least our 23 are public the whole time; other files only add or remove their own.
      expect(pagination.total).toBeGreaterThanOrEqual(23);
      expect(pagination.total_pages).toBe(Math.ceil(pagination.total / 10));
      expect(pagination.total_pages).toBeGreaterThanOrEqual(3);
      expect(stories.length).toBeLessThanOrEqual(10);
      // One page comes from one query: newest first, no duplicates, public only.
      const created = stories.map((s) => s.created_at);
      expect([...created].sort().reverse()).toEqual(created);
      expect(new Set(stories.map((s) => s.ID)).size).toBe(stories.length);
      expect(stories.every((s) => s.is_public && s.share_token === null)).toBe(true);
      expect(stories.map((s) => s.ID)).not.toContain(privateOne.ID);
    }
    expect(pages[0]!.body.stories).toHaveLength(10);
    expect(pages[1]!.body.stories).toHaveLength(10);
    expect(pages[2]!.body.stories.length).toBeGreaterThanOrEqual(1);
  });

  it('uses 10 per page by default and answers an empty page past the end', async () => {
    const res = await publicPage('');
    expect(res.body.pagination).toMatchObject({ page: 1, limit: PUBLIC_PAGE_SIZE });
    expect(res.body.stories.length).toBe(PUBLIC_PAGE_SIZE);
    const far = await publicPage('?page=99999&limit=50');
    expect(far.status).toBe(200);
    expect(far.body.stories).toEqual([]);
    expect(far.body.pagination).toMatchObject({ page: 99999, limit: 50 });
  });

  it('finds every one of the 23 when walking the whole list with limit 50', async () => {
    // Stories made public meanwhile push entries down (seen twice: harmless); a deletion elsewhere can
    // pull one of ours up past the page boundary, so the walk is retried until it sees a stable list.
    const wanted = new Set(mine.map((s) => s.ID));
    let seen = new Set<string>();
    for (let attempt = 0; attempt < 5 && [...wanted].some((id) => !seen.has(id)); attempt++) {
      seen = new Set();
      const first = await publicPage('?page=1&limit=50');
      for (const s of first.body.stories) seen.add(s.ID);
      for (let page = 2; page <= first.body.pagination.total_pages; page++) {
        for (const s of (await publicPage(`?page=${page}&limit=50`)).body.stories) seen.add(s.ID);
      }
    }
    expect([...wanted].filter((id) => !seen.has(id))).toEqual([]);
    expect(seen.has(privateOne.ID)).toBe(false);
  });
});

describe('bad paging and author requests', () => {
  it.each([
    ['?page=0', storyMessages.page],
    ['?page=-1', storyMessages.page],
    ['?page=abc', storyMessages.page],
    ['?page=1.5', storyMessages.page],
    ['?page=100001', storyMessages.page],
    ['?limit=0', storyMessages.limit],
    ['?limit=51', storyMessages.limit],
    ['?limit=10000', storyMessages.limit],
    ['?limit=ten', storyMessages.limit],
  ])('GET /public/stories%s is a 400 with { error }', async (query, error) => {
    expectError(await publicPage(query), 400, error);
  });

  it.each(['no-such-user', 'x'.repeat(300), '%F0%9F%98%80', 'a%23b'])('GET /public/author/%s is a 404', async (id) => {
    expectError(await api('GET', `/public/author/${id}`), 404, storyMessages.authorNotFound);
  });

  it('shows an author with no public stories with an empty list', async () => {
    const quiet = await registerAndLogin();
    await createStory(quiet, { title: 'Hidden' });
    const res = await api<AuthorPageResponse>('GET', `/public/author/${quiet.id}`);
    expect(res.status).toBe(200);
    expect(res.body.stories).toEqual([]);
  });
});
