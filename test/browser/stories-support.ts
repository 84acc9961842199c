import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { pathOf } from './browser.ts';

/**
 * Helpers for the story, discovery and admin browser tests. Sessions are set up through the API
 * (test/support/users.ts) and handed to the SPA the way a login leaves them: the tokens in local
 * storage, written before any page script runs.
 */

/** Another context of the test's browser (a second person), closed by `close()`. */
export async function openContext(of: BrowserContext): Promise<{ context: BrowserContext; page: Page }> {
  const browser: Browser | null = of.browser();
  if (!browser) throw new Error('no browser behind the context');
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  return { context, page };
}

/** The shell's toast region (top right). */
export const toasts = (page: Page): Locator => page.getByRole('status', { name: 'Notifications' });

/** Waits for a toast with exactly this text. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await toasts(page).getByText(text, { exact: true }).first().waitFor();
}

/** Waits until the page's path is `path` (client-side navigations do not fire a load). */
export async function waitForPath(page: Page, path: string, timeout = 10_000): Promise<void> {
  await expect.poll(() => pathOf(page), { timeout }).toBe(path);
}

/** The dashboard card of a story, found by its title link. */
export function dashboardCard(page: Page, title: string): Locator {
  return page.locator('article.story-card').filter({ has: page.getByRole('link', { name: title, exact: true }) });
}

/** The text of a story-meta item ('created', 'location' or 'period') inside `scope`. */
export async function metaText(scope: Locator, item: 'created' | 'location' | 'period'): Promise<string | null> {
  const dd = scope.locator(`[data-meta="${item}"] dd`);
  return (await dd.count()) === 0 ? null : ((await dd.textContent()) ?? '').trim();
}

/** US English with the long month, as the SPA shows created dates, in this machine's time zone. */
export const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(iso));
