import { accountText } from '@storyloom/shared/messages';
import { describe, expect, it } from 'vitest';
import { loginAs, registerVerifiedUser } from '../support/users.ts';
import { heading } from './accounts-support.ts';
import { browserTestsEnabled, pathOf, signIn, url, useBrowser } from './browser.ts';

/** The same token with its signature spoiled: well-formed, unexpired, and refused by the API (401). */
function spoiled(token: string): string {
  const [header, payload, signature] = token.split('.');
  const tail = signature!.endsWith('AAAA') ? 'BBBB' : 'AAAA';
  return `${header}.${payload}.${signature!.slice(0, -4)}${tail}`;
}

describe.runIf(browserTestsEnabled)('Accounts: guards and sessions (browser)', () => {
  const browser = useBrowser();

  it('guards: /dashboard logged out goes to /login; the auth screens logged in go to /dashboard', async () => {
    const { page, context } = browser;
    await page.goto(url('/dashboard'));
    await heading(page, 'Welcome Back');
    expect(pathOf(page)).toBe('/login');

    const user = await registerVerifiedUser();
    await context.addInitScript((token) => localStorage.setItem('token', token), (await loginAs(user)).token);
    for (const path of [
      '/login',
      '/register',
      '/forgot-password',
      '/verify-email?token=x',
      '/reset-password?token=x',
    ]) {
      await page.goto(url(path));
      await page.waitForURL((u) => u.pathname === '/dashboard');
      expect(pathOf(page), path).toBe('/dashboard');
    }
  });

  it('a rejected ID token is refreshed once with the refresh token, and the page carries on', async () => {
    const { page, context } = browser;
    const user = await registerVerifiedUser();
    const session = await loginAs(user, { localAddress: '127.0.9.3' });
    const stale = spoiled(session.token);
    await signIn(context, { token: stale, refresh_token: session.refresh_token });
    const refreshes: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/backend/refresh-token') refreshes.push(request.method());
    });

    await page.goto(url('/profile'));
    await heading(page, 'Your Profile');
    await page.getByRole('region', { name: 'Account' }).getByText(user.username, { exact: true }).waitFor();
    const stored = await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('refreshToken')]);
    expect(stored[0]).not.toBe(stale);
    expect(stored[0]).toMatch(/^ey/);
    expect(stored[1]).toBe(session.refresh_token);
    expect(refreshes).toEqual(['POST']);
    expect(browser.pageErrors).toEqual([]);
  });

  it('when the refresh token is refused too, the session ends and /login says it expired', async () => {
    const { page, context } = browser;
    const user = await registerVerifiedUser();
    const session = await loginAs(user, { localAddress: '127.0.9.4' });
    await signIn(context, { token: spoiled(session.token), refresh_token: 'not-a-refresh-token' });

    await page.goto(url('/profile'));
    await heading(page, 'Welcome Back');
    expect(pathOf(page)).toBe('/login');
    // Not a logout: the user is told why they must sign in again (e.g. the password was changed elsewhere).
    await page.getByText(accountText.sessionExpired).waitFor();
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('refreshToken')])).toEqual([
      null,
      null,
    ]);
  });
});
