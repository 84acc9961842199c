import { accountText, success } from '@storyloom/shared/messages';
import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { storyMessages } from '@storyloom/shared/schemas/stories';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { REFRESH_TOKEN_KEY, TOKEN_KEY } from '../../web/src/lib/token-storage.ts';
import { api } from '../support/http.ts';
import { createStory } from '../support/stories.ts';
import { loginAs, registerVerifiedUser } from '../support/users.ts';
import { browserTestsEnabled, logInOnScreen, pathOf, signIn, url, useBrowser } from './browser.ts';
import { dashboardCard, expectToast, waitForPath } from './stories-support.ts';

/**
 * Issue 11, "Nothing lost (screens)": an expired session, a reload, Back and a second tab never lose
 * what the user wrote in a story form.
 */

async function newSession() {
  const user = await registerVerifiedUser();
  const login = await loginAs(user);
  return { user, login, caller: { token: login.token } };
}

/** The story drafts kept in this page's local storage. */
/** The session ends while the user writes: the server refuses the ID token and the refresh token. */
function endSessionInPage(page: Page): Promise<void> {
  return page.evaluate(
    ([tokenKey, refreshKey]) => {
      const token = localStorage.getItem(tokenKey) ?? '';
      localStorage.setItem(tokenKey, `${token.slice(0, -6)}AAAAAA`);
      localStorage.setItem(refreshKey, 'revoked-refresh-token');
    },
    [TOKEN_KEY, REFRESH_TOKEN_KEY] as const,
  );
}

/**
 * Resolves once the form has taken `text` in (its draft holds it): a Back in the same instant as a fill, before
 * the page has rendered the change, is not a user's (who types for longer than a render), and on two loaded cores
 * it left before the form knew it had changed.
 */
async function typedIn(page: Page, text: string): Promise<void> {
  await expect.poll(async () => Object.values(await drafts(page)).some((d) => d.includes(text))).toBe(true);
}

function drafts(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const found: Record<string, string> = {};
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith('storyloom.draft.')) found[key] = localStorage.getItem(key) ?? '';
    }
    return found;
  });
}

/** Waits until a stored draft holds `text` (drafts are written as the user types). */
async function waitForDraft(page: Page, text: string): Promise<void> {
  await expect.poll(async () => Object.values(await drafts(page)).some((d) => d.includes(text))).toBe(true);
}

describe.runIf(browserTestsEnabled)('Safety: nothing typed is lost (browser)', () => {
  const browser = useBrowser();

  it('an expired session on create keeps the text, says so, and returns to the form after login', async () => {
    const { user, login } = await newSession();
    await signIn(browser.context, login);
    const { page } = browser;
    await page.goto(url('/create-story'));
    const title = `Lost and found ${crypto.randomUUID().slice(0, 8)}`;
    const content = 'The ferry left at dawn.\nWe waved until it was gone.';
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Your story').fill(content);

    await endSessionInPage(page);
    await page.getByRole('button', { name: 'Create Text Story' }).click();

    await waitForPath(page, '/login');
    await page.getByText(accountText.sessionExpired, { exact: true }).waitFor();
    await logInOnScreen(page, user);

    // Back on the same form, with the text intact; then it saves.
    await waitForPath(page, '/create-story');
    await expect.poll(() => page.getByLabel('Title', { exact: true }).inputValue()).toBe(title);
    expect(await page.getByLabel('Your story').inputValue()).toBe(content);
    await page.getByRole('button', { name: 'Create Text Story' }).click();
    await expectToast(page, success.storyCreated);
    await waitForPath(page, '/dashboard');
    await dashboardCard(page, title).waitFor();
    // Saved: the draft is gone.
    expect(await drafts(page)).toEqual({});
    expect(browser.pageErrors).toEqual([]);
  });

  it('an expired session on edit comes back to the edit form with the changes, which then save', async () => {
    const { user, login, caller } = await newSession();
    const story = await createStory(caller, { title: 'Edited late at night', content: 'The old ending.' });
    await signIn(browser.context, login);
    const { page } = browser;
    await page.goto(url(`/edit-story/${story.ID}`));
    await page.getByRole('heading', { level: 1, name: 'Edit Story' }).waitFor();
    await page.getByLabel('Your story').fill('A better ending, written just now.');
    await waitForDraft(page, 'A better ending');
    await endSessionInPage(page);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await waitForPath(page, '/login');
    await page.getByText(accountText.sessionExpired, { exact: true }).waitFor();
    await logInOnScreen(page, user);
    await waitForPath(page, `/edit-story/${story.ID}`);
    await expect.poll(() => page.getByLabel('Your story').inputValue()).toBe('A better ending, written just now.');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, success.storyUpdated);
    const stored = await api<StoryDto>('GET', `/api/stories/${story.ID}`, { token: (await loginAs(user)).token });
    expect(stored.body.content).toBe('A better ending, written just now.');
    expect(browser.pageErrors).toEqual([]);
  });

  it('offers a draft back after a reload (create and edit), and drops it once saved', async () => {
    const { login, caller } = await newSession();
    const story = await createStory(caller, { title: 'A draft to keep', content: 'First words.' });
    await signIn(browser.context, login);
    const { page } = browser;
    const asked: string[] = [];
    page.on('dialog', (dialog) => {
      asked.push(dialog.type());
      void dialog.accept();
    });

    // Create: type, reload (the browser asks first), then "Restore your draft?".
    await page.goto(url('/create-story'));
    await page.getByLabel('Title', { exact: true }).fill('Half a memory');
    await page.getByLabel('Your story').fill('It was raining when');
    await waitForDraft(page, 'It was raining when');
    await page.reload();
    expect(asked).toEqual(['beforeunload']);
    await page.getByRole('heading', { name: 'Restore your draft?' }).waitFor();
    expect(await page.getByLabel('Your story').inputValue()).toBe('');
    await page.getByRole('button', { name: 'Restore Draft' }).click();
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Half a memory');
    expect(await page.getByLabel('Your story').inputValue()).toBe('It was raining when');

    // Edit: the draft belongs to this story.
    await page.goto(url(`/edit-story/${story.ID}`));
    await page.getByRole('heading', { level: 1, name: 'Edit Story' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Restore your draft?' }).count()).toBe(0);
    await page.getByLabel('Your story').fill('First words, and then some more.');
    await waitForDraft(page, 'and then some more');
    await page.reload();
    await page.getByRole('button', { name: 'Restore Draft' }).click();
    expect(await page.getByLabel('Your story').inputValue()).toBe('First words, and then some more.');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, success.storyUpdated);
    const stored = await api<StoryDto>('GET', `/api/stories/${story.ID}`, { token: caller.token });
    expect(stored.body.content).toBe('First words, and then some more.');
    // Only the create form's draft is left (it was restored, not saved).
    expect(Object.keys(await drafts(page))).toEqual([expect.stringMatching(/\.new$/)]);
    expect(browser.pageErrors).toEqual([]);
  });

  it('Back and the navbar on a changed form ask first', async () => {
    const { login } = await newSession();
    await signIn(browser.context, login);
    const { page } = browser;
    await page.goto(url('/dashboard'));
    await page.getByRole('heading', { level: 1, name: 'Your Dashboard' }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Create Story' }).click();
    await waitForPath(page, '/create-story');
    await page.getByLabel('Title', { exact: true }).fill('Do not lose me');
    await typedIn(page, 'Do not lose me');

    // Back: held until the user answers; "Keep Writing" stays with the text.
    await page.goBack();
    const leave = page.getByRole('dialog', { name: 'Leave Without Saving?' });
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Keep Writing' }).click();
    await leave.waitFor({ state: 'hidden' });
    expect(pathOf(page)).toBe('/create-story');
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Do not lose me');

    // The navbar asks too; leaving goes there.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Stories' }).click();
    await leave.waitFor();
    expect(pathOf(page)).toBe('/create-story');
    await leave.getByRole('button', { name: 'Leave Without Saving', exact: true }).click();
    await waitForPath(page, '/stories');

    // Back, held and then let through: the page it left is shown, and the held entry is not asked about again.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Create Story' }).click();
    await waitForPath(page, '/create-story');
    await page.getByLabel('Title', { exact: true }).fill('Let me go');
    await typedIn(page, 'Let me go');
    await page.goBack();
    await leave.waitFor();
    expect(pathOf(page)).toBe('/create-story');
    await leave.getByRole('button', { name: 'Leave Without Saving', exact: true }).click();
    await waitForPath(page, '/stories');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await leave.isVisible()).toBe(false);
    expect(browser.pageErrors).toEqual([]);
  });

  it('two tabs: the second save gets the conflict screen with both texts, and keeps what was written', async () => {
    const { login, caller } = await newSession();
    const story = await createStory(caller, { title: 'Two tabs', content: 'The original text.' });
    await signIn(browser.context, login);
    const first = browser.page;
    const second = await browser.context.newPage();
    for (const page of [first, second]) {
      await page.goto(url(`/edit-story/${story.ID}`));
      await page.getByRole('heading', { level: 1, name: 'Edit Story' }).waitFor();
    }

    await second.getByLabel('Your story').fill('Written in the second tab.');
    await second.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(second, success.storyUpdated);

    await first.getByLabel('Your story').fill('Written in the first tab.');
    await first.getByRole('button', { name: 'Save Changes' }).click();
    const conflict = first.getByRole('region', { name: 'Two versions of this story' });
    await conflict.waitFor();
    await conflict.getByRole('alert').getByText(storyMessages.versionConflict, { exact: true }).waitFor();
    const mine = conflict.getByRole('region', { name: 'Your version (not saved)' });
    const saved = conflict.getByRole('region', { name: 'Saved in another tab or device' });
    expect(await mine.textContent()).toContain('Written in the first tab.');
    expect(await saved.textContent()).toContain('Written in the second tab.');
    // The form still holds what this tab wrote.
    expect(await first.getByLabel('Your story').inputValue()).toBe('Written in the first tab.');

    await conflict.getByRole('button', { name: 'Save My Version' }).click();
    await expectToast(first, success.storyUpdated);
    const stored = await api<StoryDto>('GET', `/api/stories/${story.ID}`, { token: caller.token });
    expect(stored.body.content).toBe('Written in the first tab.');
    expect(browser.pageErrors).toEqual([]);
  });
});
