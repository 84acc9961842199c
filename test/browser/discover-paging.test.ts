import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoginResponse } from '@storyloom/shared/schemas/auth';
import type { StoryDto } from '@storyloom/shared/schemas/stories';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type LocalStack, startLocalStack } from '../../infra/local/stack.ts';
import { browserTestsEnabled, useBrowser } from './browser.ts';

/**
 * Exact pagination texts need a table nobody else writes to: the run's shared server has other files
 * making stories public at the same time. This file starts a stack of its own (as
 * test/api/stories-paging.test.ts does), serving the SPA the run built, and seeds it through its API.
 * startLocalStack points this worker's environment at the new stack, which is why nothing here uses
 * test/support/users.ts (it would point it back at the shared one).
 */
let stack: LocalStack | undefined;
let dataDir: string | undefined;

beforeAll(async () => {
  if (!browserTestsEnabled) return;
  dataDir = await mkdtemp(join(tmpdir(), 'storyloom-discover-paging-'));
  stack = await startLocalStack({ dataDir, port: 0, quiet: true, webDir: inject('webDir') });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

function base(): string {
  if (!stack) throw new Error('the stack did not start');
  return stack.url;
}

async function call<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base()}/backend${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** A verified author on this stack, made the way `npm run create-admin` makes users, then logged in. */
async function seedAuthor(): Promise<string> {
  const { createUser } = await import('@storyloom/functions/domain/accounts/registration');
  const input = { username: 'paging_author', email: 'paging@example.com', password: 'paging-password' };
  await createUser({ ...input, role: 'user', emailVerified: true });
  const login = await call<LoginResponse>('POST', '/login', undefined, {
    username: input.username,
    password: input.password,
  });
  return login.token;
}

const titleOf = (i: number) => `Story ${String(i).padStart(2, '0')}`;
const cardTitles = (page: Page) => page.locator('article.story-card h2').allTextContents();
const pagination = (page: Page) => page.getByRole('navigation', { name: 'Pagination' });

async function expectPage(page: Page, n: number, titles: string[]) {
  await pagination(page).getByText(`Page ${n} of 3`, { exact: true }).waitFor();
  expect(await pagination(page).getByText('(23 stories total)', { exact: true }).isVisible()).toBe(true);
  await expect.poll(() => cardTitles(page)).toEqual(titles);
  expect(new URL(page.url()).search).toBe(n === 1 ? '' : `?page=${n}`);
}

const newest = (from: number, count: number) => Array.from({ length: count }, (_, k) => titleOf(from - k));

describe.runIf(browserTestsEnabled)('Discovery pagination on a stack of its own (browser)', () => {
  const browser = useBrowser();

  it('says so when there are no public stories at all', async () => {
    const { page } = browser;
    await page.goto(`${base()}/stories`);
    await page.getByRole('heading', { level: 2, name: 'No Stories Yet' }).waitFor();
    expect(await pagination(page).count()).toBe(0);
  });

  it("pages 23 public stories as 'Page 1 of 3' '(23 stories total)', with the page in the URL for Back and Forward", async () => {
    // Prepare: 23 public stories (and a private one that must not count), oldest first.
    const token = await seedAuthor();
    for (let i = 1; i <= 23; i++) {
      const story = await call<StoryDto>('POST', '/api/stories', token, {
        title: titleOf(i),
        content: `Content of story ${i}.`,
      });
      await call('PUT', `/api/stories/${story.ID}/privacy`, token, { is_public: true, is_private: false });
    }
    await call('POST', '/api/stories', token, { title: 'A private one', content: 'Not listed.' });
    const { page } = browser;

    // Act and assess: page 1, Next twice, Back twice, Forward.
    await page.goto(`${base()}/stories`);
    await expectPage(page, 1, newest(23, 10));
    expect(await pagination(page).getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await pagination(page).getByRole('button', { name: 'Next' }).click();
    await expectPage(page, 2, newest(13, 10));
    await pagination(page).getByRole('button', { name: 'Next' }).click();
    await expectPage(page, 3, newest(3, 3));
    expect(await pagination(page).getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await page.goBack();
    await expectPage(page, 2, newest(13, 10));
    await page.goBack();
    await expectPage(page, 1, newest(23, 10));
    await page.goForward();
    await expectPage(page, 2, newest(13, 10));
    await pagination(page).getByRole('button', { name: 'Previous' }).click();
    await expectPage(page, 1, newest(23, 10));

    // A page's address works on its own (reload, bookmark).
    await page.goto(`${base()}/stories?page=3`);
    await expectPage(page, 3, newest(3, 3));

    // Searching filters the loaded page only, and hides the pagination until cleared.
    await page.goto(`${base()}/stories`);
    await expectPage(page, 1, newest(23, 10));
    await page.getByLabel('Search the stories on this page').fill('STORY 2');
    await expect.poll(() => cardTitles(page)).toEqual(newest(23, 4));
    expect(await pagination(page).count()).toBe(0);
    expect(await page.getByText('4 of 10 stories on this page match.').isVisible()).toBe(true);
    await page.getByLabel('Search the stories on this page').fill('');
    await expectPage(page, 1, newest(23, 10));

    // Past the last page: the last page (issue 11), in the address too.
    await page.goto(`${base()}/stories?page=9`);
    await expectPage(page, 3, newest(3, 3));
    expect(browser.pageErrors).toEqual([]);
  });
});
