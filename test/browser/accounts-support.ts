import type { Locator, Page } from 'playwright-core';
import { inject } from 'vitest';

/** Shared steps of the accounts browser tests (test/browser/accounts-*.test.ts). */

export const baseUrl = inject('baseUrl');

/** An input by its exact label (the closed Contact Us dialog also has an email field). */
export const field = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });

/** Waits for the page's main heading to say `name`. */
export async function heading(page: Page, name: string) {
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
}

/** Opens the register page at `registerUrl`, fills it in for `user` and creates the account. */
export async function register(
  page: Page,
  registerUrl: string,
  user: { username: string; email: string; password: string },
) {
  await page.goto(registerUrl);
  await heading(page, 'Create Your Account');
  await field(page, 'Username').fill(user.username);
  await field(page, 'Email').fill(user.email);
  await field(page, 'Password').fill(user.password);
  await field(page, 'Confirm Password').fill(user.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

/** Waits for a role="alert" message with exactly this text. */
export async function alert(scope: Page | Locator, text: string) {
  await scope.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

/** The text of the focused element's accessible label target: its `name` attribute. */
export function focusedName(page: Page): Promise<string | null | undefined> {
  return page.evaluate(() => document.activeElement?.getAttribute('name'));
}

const replies = new WeakMap<Page, Map<string, { status: number; body?: unknown }>>();

/**
 * Answers one API path (any query string; `method` to answer only that method) in the browser with
 * a canned reply, for fallback texts and states the real server won't produce on demand. No body
 * means a non-JSON "bad gateway" page. Calling it again for the same path changes the reply.
 */
export async function answer(page: Page, path: string, status: number, body?: unknown, method = '*') {
  let byKey = replies.get(page);
  if (!byKey) {
    byKey = new Map();
    replies.set(page, byKey);
  }
  const routed = [...byKey.keys()].some((key) => key.endsWith(` ${path}`));
  byKey.set(`${method} ${path}`, { status, body });
  if (routed) return;
  const table = byKey;
  await page.route(
    (u) => u.pathname === `/backend${path}`,
    (route) => {
      const reply = table.get(`${route.request().method()} ${path}`) ?? table.get(`* ${path}`);
      if (!reply) return route.fallback();
      return route.fulfill({
        status: reply.status,
        contentType: reply.body === undefined ? 'text/html' : 'application/json',
        body: reply.body === undefined ? '<html>Bad gateway</html>' : JSON.stringify(reply.body),
      });
    },
  );
}
