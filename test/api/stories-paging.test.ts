import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PublicStoriesResponse } from '@storyloom/shared/schemas/stories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalStack, startLocalStack } from '../../infra/local/stack.ts';

/**
 * Exact pagination needs a table nobody else writes to: the run's shared stack has other files making
 * stories public concurrently. This file starts a local stack of its own (about a second) in a temp
 * folder and seeds it through the data module, the way `npm run bench` does.
 */
let stack: LocalStack;
let dataDir: string;
let data: typeof import('@storyloom/functions/data/stories');

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'storyloom-paging-'));
  // Leaves of 8 keys: the page directory splits and merges with a few dozen stories, as it does at 200.
  stack = await startLocalStack({
    dataDir,
    port: 0,
    quiet: true,
    webDir: join(dataDir, 'web'),
    env: { PUBLIC_PAGES_LEAF_MAX: '8' },
  });
  // The handlers and this import read the environment startLocalStack just set: same modules, same table.
  data = await import('@storyloom/functions/data/stories');
});

afterAll(async () => {
  await stack?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function getJson<T>(path: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${stack.url}/backend${path}`);
  return { status: res.status, body: (await res.json()) as T };
}

function story(i: number, authorId: string, isPublic: boolean) {
  const at = new Date(Date.UTC(2020, 0, 1, 0, 0, i)).toISOString();
  return {
    id: crypto.randomUUID(),
    authorId,
    authorUsername: authorId,
    title: `Story ${i}`,
    content: `Content ${i}`,
    storyType: 'text' as const,
    createdAt: at,
    updatedAt: at,
    isPublic,
    allowComments: true,
  };
}

describe('public stories on a table of their own', () => {
  it('pages 23 public stories as 10 + 10 + 3, total 23, newest first, without the private ones', async () => {
    const seeded = Array.from({ length: 23 }, (_, i) => story(i, 'paging-author', true));
    for (const s of seeded) await data.putNewStory(s);
    for (let i = 0; i < 5; i++) await data.putNewStory(story(100 + i, 'paging-author', false));
    const newestFirst = seeded.map((s) => s.id).reverse();

    const pages = await Promise.all(
      [1, 2, 3, 4].map((p) => getJson<PublicStoriesResponse>(`/public/stories?page=${p}&limit=10`)),
    );
    expect(pages.map((p) => p.status)).toEqual([200, 200, 200, 200]);
    for (const [i, page] of pages.entries()) {
      expect(page.body.pagination).toEqual({ page: i + 1, limit: 10, total: 23, total_pages: 3 });
    }
    expect(pages[0]!.body.stories.map((s) => s.ID)).toEqual(newestFirst.slice(0, 10));
    expect(pages[1]!.body.stories.map((s) => s.ID)).toEqual(newestFirst.slice(10, 20));
    expect(pages[2]!.body.stories.map((s) => s.ID)).toEqual(newestFirst.slice(20, 23));
    expect(pages[3]!.body.stories).toEqual([]);

    const byDefault = await getJson<PublicStoriesResponse>('/public/stories');
    expect(byDefault.body.pagination).toEqual({ page: 1, limit: 10, total: 23, total_pages: 3 });
    const wide = await getJson<PublicStoriesResponse>('/public/stories?limit=50');
    expect(wide.body.stories.map((s) => s.ID)).toEqual(newestFirst);
    expect(wide.body.pagination).toEqual({ page: 1, limit: 50, total: 23, total_pages: 1 });
    for (const limit of [1, 4, 7, 22, 23]) {
      const last = Math.ceil(23 / limit);
      const res = await getJson<PublicStoriesResponse>(`/public/stories?page=${last}&limit=${limit}`);
      expect(res.body.stories.map((s) => s.ID)).toEqual(newestFirst.slice((last - 1) * limit, last * limit));
      expect(res.body.pagination.total_pages).toBe(last);
    }
  });

  it('keeps the counter equal to the index under concurrent toggles and deletes', async () => {
    const seeded = Array.from({ length: 6 }, (_, i) => story(200 + i, 'toggle-author', i % 2 === 0));
    for (const s of seeded) await data.putNewStory(s);
    // Many racing privacy changes on the same stories: each conditional write that loses re-reads.
    await Promise.all(
      seeded.flatMap((s, i) =>
        Array.from({ length: 8 }, (_, k) => data.setStoryVisibility(s.id, { isPublic: (i + k) % 3 !== 0 })),
      ),
    );
    await Promise.all(
      seeded.slice(0, 3).map((s) => Promise.all([data.deleteStoryItem(s.id), data.deleteStoryItem(s.id)])),
    );
    const counted = await data.countPublicStories();
    expect(await data.recountPublicStories()).toBe(counted);
    const res = await getJson<PublicStoriesResponse>('/public/stories?limit=50');
    expect(res.body.pagination.total).toBe(counted);
    expect(res.body.stories).toHaveLength(Math.min(50, counted));
  });

  it('finds any page in the same few calls through the page directory, across leaf splits, toggles and deletes', async () => {
    const { LEAF_MAX, publicPagesReady } = await import('@storyloom/functions/data/public-pages');
    const { dynamo } = await import('@storyloom/functions/lib/clients/dynamo');
    const before = (await getJson<PublicStoriesResponse>('/public/stories?limit=50')).body.pagination.total;
    expect(LEAF_MAX).toBe(8);
    const seeded = Array.from({ length: 90 }, (_, i) => story(1000 + i, 'deep-author', true));
    for (let i = 0; i < seeded.length; i += 25)
      await Promise.all(seeded.slice(i, i + 25).map((s) => data.putNewStory(s)));
    // Some leave the list again, some are deleted: the directory follows every change.
    // A run of eight in a row empties whole leaves, which then go.
    const hidden = seeded.filter((_, i) => i % 7 === 3 || (i >= 40 && i < 52));
    await Promise.all(hidden.slice(0, 6).map((s) => data.setStoryVisibility(s.id, { isPublic: false })));
    for (const s of hidden.slice(6)) await data.setStoryVisibility(s.id, { isPublic: false });
    const deleted = seeded.filter((_, i) => i % 11 === 5 && !hidden.some((h) => h.id === seeded[i]!.id));
    for (const s of deleted) await data.deleteStoryItem(s.id);
    expect(await publicPagesReady()).toBe(true);
    const gone = new Set([...hidden, ...deleted].map((s) => s.id));
    const expected = seeded
      .filter((s) => !gone.has(s.id))
      .map((s) => s.id)
      .reverse();

    let calls = 0;
    dynamo.middlewareStack.add(
      (next) => async (args) => {
        calls++;
        return next(args);
      },
      { step: 'initialize', name: 'pagingCallCounter' },
    );
    try {
      const limit = 10;
      const total = before + expected.length;
      const lastPage = Math.ceil(total / limit);
      const perPage: number[] = [];
      // The newest stories are these (created after the other tests' ones): their pages, and the last.
      for (const page of [2, 3, 5, Math.floor(expected.length / limit)]) {
        calls = 0;
        const res = await getJson<PublicStoriesResponse>(`/public/stories?page=${page}&limit=${limit}`);
        perPage.push(calls);
        expect(
          res.body.stories.map((s) => s.ID),
          `page ${page}`,
        ).toEqual(expected.slice((page - 1) * limit, page * limit));
        expect(res.body.pagination.total).toBe(total);
      }
      calls = 0;
      const last = await getJson<PublicStoriesResponse>(`/public/stories?page=${lastPage}&limit=${limit}`);
      perPage.push(calls);
      expect(last.body.stories.length).toBe(total - (lastPage - 1) * limit);
      // Counter, root, leaf, one page Query: the same for page 2 and the last page.
      expect(new Set(perPage).size, `calls per page: ${perPage}`).toBe(1);
      expect(perPage[0]).toBeLessThanOrEqual(4);
      expect(await publicPagesReady()).toBe(true);
    } finally {
      dynamo.middlewareStack.remove('pagingCallCounter');
    }
  }, 120_000);

  it('pages a table from before the directory the old way until the rebuild, then through it', async () => {
    const { dynamo } = await import('@storyloom/functions/lib/clients/dynamo');
    const { keys } = await import('@storyloom/functions/data/keys');
    const { DeleteCommand } = await import('@aws-sdk/lib-dynamodb');
    const { publicPagesReady } = await import('@storyloom/functions/data/public-pages');
    const all = (await getJson<PublicStoriesResponse>('/public/stories?limit=50&page=1')).body.pagination.total;
    const want = await getJson<PublicStoriesResponse>(`/public/stories?page=3&limit=7`);
    await dynamo.send(new DeleteCommand({ TableName: stack.env.TABLE_NAME, Key: keys.publicPagesRoot() }));
    expect(await publicPagesReady()).toBe(false);
    // A story made public now does not start a partial directory (the table has public stories).
    await data.putNewStory(story(5000, 'late-author', true));
    expect(await publicPagesReady()).toBe(false);
    const old = await getJson<PublicStoriesResponse>(`/public/stories?page=3&limit=7`);
    expect(old.body.pagination.total).toBe(all + 1);
    expect(await data.recountPublicStories()).toBe(all + 1);
    expect(await publicPagesReady()).toBe(true);
    const rebuilt = await getJson<PublicStoriesResponse>(`/public/stories?page=3&limit=7`);
    expect(rebuilt.body.stories.map((s) => s.ID)).toEqual(old.body.stories.map((s) => s.ID));
    // The new story is the newest of all; page 3 moved by one against before it.
    expect(rebuilt.body.stories.map((s) => s.ID).slice(1)).toEqual(want.body.stories.map((s) => s.ID).slice(0, 6));
  });
});
