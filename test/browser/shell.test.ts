import { MINIMUM_AGE } from '@storyloom/shared/constants';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { createAdmin, loginAs, registerVerifiedUser } from '../support/users.ts';
import { browserTestsEnabled, pathOf, signIn, url, useBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');

/** The navbar's link and button names, in order. */
async function navNames(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  return (await nav.getByRole('link').allTextContents()).map((name) => name.trim());
}

/** Signs the page in as a real user (made through the API), the way a login leaves the SPA. */
async function realSession(context: BrowserContext, role: 'user' | 'admin') {
  const user = role === 'admin' ? await createAdmin() : await registerVerifiedUser();
  await signIn(context, await loginAs(user));
}

describe.runIf(browserTestsEnabled)('App shell (browser)', () => {
  const browser = useBrowser();

  it('logged out: Register in the navbar, Login instead on /register; footer links and year', async () => {
    const { page } = browser;
    await page.goto(baseUrl);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await navNames(page)).toEqual(['Storyloom', 'Stories', 'Register']);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Register' }).click();
    await page.getByRole('heading', { level: 1, name: 'Create Your Account' }).waitFor();
    expect(pathOf(page)).toBe('/register');
    expect(await navNames(page)).toEqual(['Storyloom', 'Stories', 'Login']);

    const footer = page.getByRole('contentinfo');
    expect(await footer.textContent()).toContain(`© ${new Date().getFullYear()} Storyloom`);
    expect(await footer.getByRole('link').allTextContents()).toEqual(['Privacy Policy', 'Terms of Service']);
    expect(await footer.getByRole('button', { name: 'Contact Us' }).isVisible()).toBe(true);
    expect(await page.getByRole('region', { name: 'Beta notice' }).isVisible()).toBe(true);
    expect(browser.pageErrors).toEqual([]);
  });

  it('legal pages state the minimum age, hashed passwords, voice use and deletion', async () => {
    const { page } = browser;
    await page.goto(baseUrl);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    const privacy = (await page.getByRole('main').textContent()) ?? '';
    expect(privacy).toContain(`${MINIMUM_AGE}`);
    expect(privacy).toMatch(/stored hashed/);
    expect(privacy).toMatch(/used only for narration at your request/);
    expect(privacy).toMatch(/Deleting an account removes all data/);
    expect(await page.title()).toBe('Privacy Policy · Storyloom');

    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    expect(await page.getByRole('main').textContent()).toContain(`at least ${MINIMUM_AGE} years old`);
  });

  it('guards: a visitor is sent to /login from login-only and admin pages', async () => {
    const { page } = browser;
    for (const path of ['/dashboard', '/create-story', '/edit-story/abc', '/story/abc', '/profile', '/admin']) {
      await page.goto(url(path));
      await page.getByRole('heading', { level: 1, name: 'Welcome Back' }).waitFor();
      expect(pathOf(page), path).toBe('/login');
    }
  });

  it('open pages render without logging in, and unknown ones say so', async () => {
    const { page } = browser;
    const pages = { '/stories': 'Stories', '/shared/tok-1': 'Story Not Found', '/author/u-1': 'Author Not Found' };
    for (const [path, title] of Object.entries(pages)) {
      await page.goto(url(path));
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(pathOf(page)).toBe(path);
    }
    await page.goto(url('/no-such-page'));
    await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
  });

  it('logged in as an admin: Dashboard, Create Story, Admin, Profile; guest pages go to /dashboard', async () => {
    const { page } = browser;
    await realSession(browser.context, 'admin');
    await page.goto(url('/login'));
    await page.getByRole('heading', { level: 1, name: 'Your Dashboard' }).waitFor();
    expect(pathOf(page)).toBe('/dashboard');
    expect(await navNames(page)).toEqual(['Storyloom', 'Stories', 'Dashboard', 'Create Story', 'Admin', 'Profile']);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
    await page.getByRole('heading', { level: 1, name: 'Admin Panel' }).waitFor();
    expect(pathOf(page)).toBe('/admin');
  });

  it('logged in as a user: no Admin link, and /admin goes to /dashboard', async () => {
    const { page } = browser;
    await realSession(browser.context, 'user');
    await page.goto(url('/admin'));
    await page.getByRole('heading', { level: 1, name: 'Your Dashboard' }).waitFor();
    expect(pathOf(page)).toBe('/dashboard');
    expect(await navNames(page)).toEqual(['Storyloom', 'Stories', 'Dashboard', 'Create Story', 'Profile']);
  });

  it('a 401 on the profile load logs out: the token is cleared and the visitor lands on /login', async () => {
    const { page } = browser;
    // A token the server does not accept, and no refresh token to renew it with.
    await page.route('**/backend/api/profile', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Unauthorized' }),
      }),
    );
    await page.goto(url('/privacy-policy'));
    await page.evaluate(() => localStorage.setItem('token', 'not-a-real-token'));
    await page.goto(url('/dashboard'));
    await page.getByRole('heading', { level: 1, name: 'Welcome Back' }).waitFor();
    expect(pathOf(page)).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await navNames(page)).toEqual(['Storyloom', 'Stories', 'Register']);
  });
});
