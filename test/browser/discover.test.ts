import { DISCOVERY_SNIPPET_CHARS } from '@storyloom/shared/constants';
import { fallback, success } from '@storyloom/shared/messages';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api } from '../support/http.ts';
import { createStory } from '../support/stories.ts';
import { loginAs, registerVerifiedUser } from '../support/users.ts';
import { browserTestsEnabled, signIn, url, useBrowser } from './browser.ts';
import { expectToast, longDate, metaText, waitForPath } from './stories-support.ts';

const cards = (page: Page) => page.locator('article.story-card');
const cardOf = (page: Page, title: string) =>
  cards(page).filter({ has: page.getByRole('link', { name: title, exact: true }) });

/**
 * The run's server is shared: other files make stories public at the same time, so ours may not be
 * on page 1 by the time we look. Walk the pages until it shows (newest first, so it is near the front).
 */
async function findOnDiscovery(page: Page, title: string): Promise<Locator> {
  await page.goto(url('/stories'));
  for (let i = 0; i < 20; i++) {
    await cards(page).first().waitFor();
    const card = cardOf(page, title);
    if ((await card.count()) > 0) return card;
    const next = page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Next' });
    if ((await next.count()) === 0 || (await next.isDisabled())) break;
    const before = page.url();
    await next.click();
    await expect.poll(() => page.url()).not.toBe(before);
  }
  throw new Error(`"${title}" is not on the discovery pages`);
}

describe.runIf(browserTestsEnabled)('Discovery, shared view and author page (browser)', () => {
  const browser = useBrowser();

  it('a story made public in the modal appears on /stories and the author page; the search filters it', async () => {
    // Prepare
    const user = await registerVerifiedUser();
    const login = await loginAs(user);
    const marker = crypto.randomUUID().slice(0, 8);
    const title = `The lighthouse keeper ${marker}`;
    const content = `The lamp had to be wound every four hours.\nFather never missed a turn.\n${'The sea was loud all night. '.repeat(12)}`;
    const story = await createStory(
      { token: login.token },
      { title, content, location: `Skerries ${marker}`, start_date: '1948-11-01', end_date: '1953-02-28' },
    );
    await signIn(browser.context, login);
    const { page } = browser;

    // Act: make it public through the modal (explicit save).
    await page.goto(url(`/story/${story.ID}`));
    expect(await page.locator('.story-header .badge').textContent()).toBe('Private');
    await page.getByRole('button', { name: 'Manage Privacy & Sharing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Privacy & Sharing' });
    expect(await dialog.getByLabel(/Private/).isChecked()).toBe(true);
    const put = page.waitForRequest(
      (r) => r.method() === 'PUT' && r.url().endsWith(`/api/stories/${story.ID}/privacy`),
    );
    await dialog.getByLabel(/Public/).check();
    await dialog.getByRole('button', { name: 'Save Privacy Settings' }).click();
    expect((await put).postDataJSON()).toEqual({ is_public: true, is_private: false, allow_comments: true });
    await expectToast(page, success.privacyUpdated);
    // Said inside the dialog too (its backdrop covers the toasts).
    await dialog.getByRole('status').filter({ hasText: success.privacyUpdated }).waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    expect(await page.locator('.story-header .badge').textContent()).toBe('Public');
    // Opening again starts afresh: the saved choice, no old message, focus on the first radio.
    await page.getByRole('button', { name: 'Manage Privacy & Sharing' }).click();
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value))
      .toBe('private');
    expect(await dialog.getByLabel(/Public/).isChecked()).toBe(true);
    expect(await dialog.getByText(success.privacyUpdated).count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // Assess: the discovery card.
    const card = await findOnDiscovery(page, title);
    expect(await card.getByRole('link', { name: title }).getAttribute('href')).toBe(`/shared/${story.ID}`);
    const snippet = (await card.locator('.story-snippet').textContent()) ?? '';
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet.length).toBeLessThanOrEqual(DISCOVERY_SNIPPET_CHARS + 1);
    expect(snippet.startsWith('The lamp had to be wound every four hours. Father never missed a turn.')).toBe(true);
    const authorTag = card.getByRole('link', { name: user.username });
    expect(await authorTag.getAttribute('href')).toBe(`/author/${user.id}`);
    expect(await card.locator('.tag-location').textContent()).toContain(`Skerries ${marker}`);

    // The search: title, location and content, any case; pagination hides while searching.
    const search = page.getByLabel('Search the stories on this page');
    for (const term of [`LIGHTHOUSE keeper ${marker}`, `skerries ${marker.toUpperCase()}`]) {
      await search.fill(term);
      await expect.poll(() => cards(page).count(), { message: term }).toBe(1);
      expect(await cardOf(page, title).count()).toBe(1);
      expect(await page.getByRole('navigation', { name: 'Pagination' }).count()).toBe(0);
    }
    await search.fill(`no such story ${marker}`);
    await page.getByRole('heading', { name: `No stories match "no such story ${marker}"` }).waitFor();
    expect(await cards(page).count()).toBe(0);
    await page.getByRole('button', { name: 'Clear Search' }).click();
    await cardOf(page, title).waitFor();
    expect(await search.inputValue()).toBe('');

    // A click anywhere on the card (here on the snippet, under the title's stretched link) opens the shared view.
    await cardOf(page, title).locator('.story-snippet').click({ force: true });
    await waitForPath(page, `/shared/${story.ID}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await metaText(page.locator('.story-header'), 'period')).toBe('Nov 1, 1948 – Feb 28, 1953');

    // The author page, from the shared view's author link.
    await page.getByRole('main').getByRole('link', { name: user.username }).click();
    await waitForPath(page, `/author/${user.id}`);
    await page.getByRole('heading', { level: 1, name: user.username }).waitFor();
    expect(await page.getByRole('heading', { level: 2 }).first().textContent()).toBe(`Stories by ${user.username} (1)`);
    expect(await page.locator('.avatar-initial').textContent()).toBe(user.username[0]!.toUpperCase());
    const authorCard = cardOf(page, title);
    expect(await metaText(authorCard, 'created')).toBe(longDate(story.created_at));
    expect(await metaText(authorCard, 'location')).toBe(`Skerries ${marker}`);
    expect(await metaText(authorCard, 'period')).toBe('Nov 1, 1948 – Feb 28, 1953');
    expect(await authorCard.locator('.story-preview').textContent()).toBe(`${content.trim().slice(0, 200).trimEnd()}…`);
    expect(browser.pageErrors).toEqual([]);
  });

  it('a logged-out visitor reads a public story by its id, with comments read-only', async () => {
    const user = await registerVerifiedUser();
    const login = await loginAs(user);
    const story = await createStory({ token: login.token }, { title: `Public with comments ${Date.now()}` });
    await api('PUT', `/api/stories/${story.ID}/privacy`, { token: login.token, body: { is_public: true } });
    await api('POST', `/api/stories/${story.ID}/comments`, { token: login.token, body: { text: 'A note from me.' } });
    const { page } = browser;
    await page.goto(url(`/shared/${story.ID}`));
    await page.getByRole('heading', { level: 1, name: story.title }).waitFor();
    expect(await page.locator('.comment-text').allTextContents()).toEqual(['A note from me.']);
    expect(await page.getByRole('button', { name: /Delete/ }).count()).toBe(0);
    expect(await page.getByLabel('Add a comment').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Sign in to comment' }).isVisible()).toBe(true);
  });

  it("shows the spec's fallback texts when discovery, the shared view or the author page fail", async () => {
    const { page } = browser;
    await page.route('**/backend/public/**', (route) => route.fulfill({ status: 500, body: '' }));
    await page.route('**/backend/shared/**', (route) => route.fulfill({ status: 500, body: '' }));

    await page.goto(url('/stories'));
    await page.getByRole('alert').getByText(fallback.loadPublicStories, { exact: true }).waitFor();
    await page.goto(url('/shared/some-token'));
    await page.getByRole('alert').getByText(fallback.loadStory, { exact: true }).waitFor();
    await page.goto(url('/author/someone'));
    await page.getByRole('alert').getByText(fallback.loadAuthor, { exact: true }).waitFor();

    // A real 404 from the server: its own text.
    await page.unrouteAll();
    await page.goto(url(`/author/${crypto.randomUUID()}`));
    await page.getByRole('heading', { level: 1, name: 'Author Not Found' }).waitFor();
    await page.goto(url('/shared/no-such-token'));
    await page.getByRole('heading', { level: 1, name: 'Story Not Found' }).waitFor();
    expect(await page.getByRole('alert').textContent()).toBe(fallback.sharedNotFound);
  });
});
