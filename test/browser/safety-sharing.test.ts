import { success } from '@storyloom/shared/messages';
import { type StoryDto, storyMessages } from '@storyloom/shared/schemas/stories';
import { describe, expect, it } from 'vitest';
import { api } from '../support/http.ts';
import { createPublicStory, createStory, shareWith } from '../support/stories.ts';
import { loginAs, newCredentials, registerVerifiedUser, waitForLinkToken } from '../support/users.ts';
import { browserTestsEnabled, logInOnScreen, pathOf, signIn, url, useBrowser } from './browser.ts';
import { expectToast, openContext, waitForPath } from './stories-support.ts';

/**
 * Issue 11: a privacy choice is never dropped silently, destructive sharing actions ask first, and
 * "Sign in to comment" brings the reader back to the story.
 */

async function newSession() {
  const user = await registerVerifiedUser();
  const login = await loginAs(user);
  return { user, login, caller: { token: login.token } };
}

const stored = async (id: string, token: string) => (await api<StoryDto>('GET', `/api/stories/${id}`, { token })).body;

describe.runIf(browserTestsEnabled)('Safety: privacy and sharing (browser)', () => {
  const browser = useBrowser();

  it('privacy: Private then Done (or Escape) never leaves the story public without a word', async () => {
    const { login, caller } = await newSession();
    const story = await createPublicStory(caller, { title: 'Public for now' });
    await signIn(browser.context, login);
    const { page } = browser;
    await page.goto(url(`/story/${story.ID}`));
    const badge = page.locator('.story-header .badge');
    expect(await badge.textContent()).toBe('Public');

    // Private, then Done without saving: the modal asks, and says what is true now.
    await page.getByRole('button', { name: 'Manage Privacy & Sharing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Privacy & Sharing' });
    await dialog.getByLabel(/Private/).check();
    expect(await dialog.textContent()).toContain(
      'Right now this story is Public. Your choice (Private) is not saved yet.',
    );
    await dialog.getByRole('button', { name: 'Done' }).click();
    const ask = page.getByRole('dialog', { name: 'Save Your Privacy Choice?' });
    await ask.waitFor();
    expect(await ask.textContent()).toContain('You chose Private, but this story is still Public.');
    await ask.getByRole('button', { name: 'Save as Private' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => badge.textContent()).toBe('Private');
    expect((await stored(story.ID, caller.token)).is_public).toBe(false);

    // Public, then Escape: asked again; keeping it private is an explicit answer.
    await page.getByRole('button', { name: 'Manage Privacy & Sharing' }).click();
    await dialog.getByLabel(/Public/).check();
    await page.keyboard.press('Escape');
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Keep It Private' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await badge.textContent()).toBe('Private');
    expect((await stored(story.ID, caller.token)).is_public).toBe(false);

    // Nothing changed: Done closes at once.
    await page.getByRole('button', { name: 'Manage Privacy & Sharing' }).click();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await ask.isVisible()).toBe(false);
    expect(browser.pageErrors).toEqual([]);
  });

  it('Revoke Link and Remove share ask first; the outcome shows inside the dialog, above it', async () => {
    const { login, caller } = await newSession();
    const reader = await registerVerifiedUser();
    const story = await createStory(caller, { title: 'Careful with the link' });
    await api('POST', `/api/stories/${story.ID}/share-link`, { token: caller.token });
    await shareWith(caller, story.ID, reader.username, 'read');
    await signIn(browser.context, login);
    const { page } = browser;
    await page.goto(url(`/story/${story.ID}`));
    await page.getByRole('button', { name: 'Manage Privacy & Sharing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Privacy & Sharing' });

    // Revoke asks; keeping the link changes nothing.
    await dialog.getByRole('button', { name: 'Revoke Link' }).click();
    const confirmRevoke = page.getByRole('dialog', { name: 'Revoke the Share Link?' });
    await confirmRevoke.waitFor();
    await confirmRevoke.getByRole('button', { name: 'Keep Link' }).click();
    await confirmRevoke.waitFor({ state: 'hidden' });
    expect((await stored(story.ID, caller.token)).share_token).not.toBeNull();
    await dialog.getByRole('button', { name: 'Revoke Link' }).click();
    await confirmRevoke.getByRole('button', { name: 'Revoke Link' }).click();
    await expectToast(page, success.linkRevoked);
    // The toast is in the open dialog's own live region (the top layer), once.
    expect(await dialog.getByRole('status').getByText(success.linkRevoked, { exact: true }).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Generate Share Link' }).waitFor();
    expect((await stored(story.ID, caller.token)).share_token).toBeNull();

    // Remove share asks too.
    await dialog.getByRole('button', { name: `Remove ${reader.username}` }).click();
    const confirmRemove = page.getByRole('dialog', { name: 'Remove This Share?' });
    await confirmRemove.waitFor();
    expect(await confirmRemove.textContent()).toContain(reader.username);
    await confirmRemove.getByRole('button', { name: 'Keep Sharing' }).click();
    expect((await stored(story.ID, caller.token)).shared_with).toHaveLength(1);
    await dialog.getByRole('button', { name: `Remove ${reader.username}` }).click();
    await confirmRemove.getByRole('button', { name: 'Remove Share' }).click();
    await expectToast(page, success.shareRemoved);
    await dialog.getByText('Nobody yet.').waitFor();
    expect((await stored(story.ID, caller.token)).shared_with).toHaveLength(0);
    expect(browser.pageErrors).toEqual([]);
  });

  it('"Sign in to comment" returns to the story after logging in', async () => {
    const { caller } = await newSession();
    const story = await createPublicStory(caller, { title: 'Come back here' });
    const reader = await registerVerifiedUser();
    const visitor = await openContext(browser.context);
    try {
      const page = visitor.page;
      await page.goto(url(`/shared/${story.ID}`));
      await page.getByRole('heading', { level: 1, name: 'Come back here' }).waitFor();
      await page.getByRole('link', { name: 'Sign in to comment' }).click();
      await waitForPath(page, '/login');
      await logInOnScreen(page, reader);
      await waitForPath(page, `/shared/${story.ID}`);
      await page.getByRole('heading', { level: 1, name: 'Come back here' }).waitFor();
      // Signed in now: the way to comment is offered.
      await page.getByRole('link', { name: 'Add a comment' }).waitFor();

      // A crafted ?next= pointing elsewhere never leaves the site.
      await page.evaluate(() => localStorage.clear());
      await page.goto(url('/login?next=//evil.example/steal'));
      await logInOnScreen(page, reader);
      await waitForPath(page, '/dashboard');
      expect(new URL(page.url()).host).toBe(new URL(url('/')).host);
    } finally {
      await visitor.context.close();
    }
  });

  it('after registering and verifying, the first login returns to the story that sent the visitor', async () => {
    const { caller } = await newSession();
    const story = await createPublicStory(caller, { title: 'Join us here' });
    const fresh = newCredentials('back');
    const { page } = browser;
    await page.goto(url(`/shared/${story.ID}`));
    await page.getByRole('link', { name: 'Sign in to comment' }).click();
    await waitForPath(page, '/login');
    await page.getByRole('link', { name: 'Sign up' }).click();
    await waitForPath(page, '/register');
    await page.getByLabel('Username', { exact: true }).fill(fresh.username);
    await page.getByLabel('Email', { exact: true }).fill(fresh.email);
    await page.getByLabel('Password', { exact: true }).fill(fresh.password);
    await page.getByLabel('Confirm Password', { exact: true }).fill(fresh.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Check Your Email!' }).waitFor();

    // The emailed link, then the login screen: back to the story.
    const { token } = await waitForLinkToken(fresh.email, '/verify-email');
    await page.goto(url(`/verify-email?token=${token}`));
    await page.getByRole('link', { name: 'Continue to Login' }).click();
    await waitForPath(page, '/login');
    await logInOnScreen(page, fresh);
    await waitForPath(page, `/shared/${story.ID}`);
    await page.getByRole('heading', { level: 1, name: 'Join us here' }).waitFor();
    expect(browser.pageErrors).toEqual([]);
  });

  it('Logout ends the session on the server first, and still logs out when that call fails', async () => {
    const { login } = await newSession();
    await signIn(browser.context, login);
    const { page } = browser;
    await page.goto(url('/profile'));
    const logout = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/backend/logout');
    await page.getByRole('button', { name: 'Logout' }).click();
    expect((await logout).headers().authorization).toBe(`Bearer ${login.token}`);
    await waitForPath(page, '/login');
    // The token issued before is refused now (POST /logout ends every session).
    expect((await api('GET', '/api/profile', { token: login.token })).status).toBe(401);

    // A failing logout call does not keep anyone logged in here.
    const again = await newSession();
    const second = await openContext(browser.context);
    try {
      await signIn(second.context, again.login);
      await second.page.route('**/backend/logout', (route) => route.fulfill({ status: 502, body: '' }));
      await second.page.goto(url('/profile'));
      await second.page.getByRole('button', { name: 'Logout' }).click();
      await waitForPath(second.page, '/login');
      expect(await second.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      expect(pathOf(second.page)).toBe('/login');
    } finally {
      await second.context.close();
    }
  });

  it('a reader removes a shared story from their list, after a question', async () => {
    const { user: owner, caller } = await newSession();
    const reader = await newSession();
    const story = await createStory(caller, { title: `Not for me ${Date.now()}` });
    await shareWith(caller, story.ID, reader.user.username, 'read');
    await signIn(browser.context, reader.login);
    const { page } = browser;
    await page.goto(url('/dashboard'));
    await page.getByRole('heading', { level: 2, name: 'Shared with you (1)' }).waitFor();
    await page.getByRole('button', { name: `Remove ${story.title} from my list` }).click();
    const ask = page.getByRole('dialog', { name: 'Remove from Your List?' });
    expect(await ask.textContent()).toContain(owner.username);
    await ask.getByRole('button', { name: 'Remove from My List' }).click();
    await expectToast(page, storyMessages.leftShare);
    await page.getByRole('heading', { level: 2, name: /Shared with you/ }).waitFor({ state: 'detached' });
    expect((await api('GET', `/api/stories/${story.ID}`, { token: reader.caller.token })).status).toBe(404);
    expect(browser.pageErrors).toEqual([]);
  });
});
