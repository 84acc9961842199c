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
  stack = await startLocalStack({ dataDir, port: 0, quiet: true, webDir: join(dataDir, 'web') });
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
});
