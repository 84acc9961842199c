import { ADMIN_PREVIEW_CHARS } from '@storyloom/shared/constants';
import { accountText, adminStoriesText, fallback, success } from '@storyloom/shared/messages';
import type { ProfileResponse } from '@storyloom/shared/schemas/auth';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api } from '../support/http.ts';
import { createStory } from '../support/stories.ts';
import { createAdmin, loginAs, registerVerifiedUser } from '../support/users.ts';
import { browserTestsEnabled, signIn, url, useBrowser } from './browser.ts';
import { expectToast } from './stories-support.ts';

/**
 * A row of an admin table. The run's server holds every test's users and stories, newest first;
 * ours are new, but other files add rows concurrently, so "Load More" is followed until it shows.
 */
async function rowOf(page: Page, panel: Locator, selector: string, more: string): Promise<Locator> {
  const row = panel.locator(selector);
  for (let i = 0; i < 50; i++) {
    await panel.locator('table, [role="alert"]').first().waitFor();
    if ((await row.count()) > 0) return row;
    const button = panel.getByRole('button', { name: more });
    if ((await button.count()) === 0) break;
    const before = await panel.locator('tbody tr').count();
    await button.click();
    await expect.poll(() => panel.locator('tbody tr').count()).toBeGreaterThan(before);
  }
  throw new Error(`${selector} is not in the table on ${page.url()}`);
}

async function adminSession() {
  const admin = await createAdmin();
  return loginAs(admin);
}

describe.runIf(browserTestsEnabled)('Admin panel (browser)', () => {
  const browser = useBrowser();

  it("changes a user's role and a story's privacy, reads a story and deletes one", async () => {
    // Prepare: an admin, and a user with two stories.
    const adminLogin = await adminSession();
    const target = await registerVerifiedUser();
    const targetLogin = await loginAs(target);
    const marker = crypto.randomUUID().slice(0, 8);
    // Longer than a list carries (LIST_CONTENT_CHARS): Read must fetch the whole story.
    const content = `First paragraph of the admin story ${marker}.\nSecond paragraph.\n${'More words here. '.repeat(80)}\nThe end ${marker}.`;
    const story = await createStory({ token: targetLogin.token }, { title: `Admin reads ${marker}`, content });
    const doomed = await createStory({ token: targetLogin.token }, { title: `Admin deletes ${marker}` });
    await signIn(browser.context, adminLogin);
    const { page } = browser;

    // The panel: two accessible tabs, users first.
    await page.goto(url('/admin'));
    await page.getByRole('heading', { level: 1, name: 'Admin Panel' }).waitFor();
    const tablist = page.getByRole('tablist', { name: 'Administration' });
    const usersTab = tablist.getByRole('tab', { name: 'User Management' });
    const storiesTab = tablist.getByRole('tab', { name: 'Story Management' });
    expect(await usersTab.getAttribute('aria-selected')).toBe('true');
    expect(await storiesTab.getAttribute('aria-selected')).toBe('false');
    const usersPanel = page.getByRole('tabpanel', { name: 'User Management' });
    // The table replaces the panel's spinner once the first page of users has arrived.
    await usersPanel.locator('thead th').first().waitFor();
    expect(await usersPanel.locator('thead th').allTextContents()).toEqual([
      'ID',
      'Username',
      'Email',
      'Role',
      'Joined',
    ]);

    // Users: the role is applied at once on change.
    const userRow = await rowOf(page, usersPanel, `tr[data-user-id="${target.id}"]`, 'Load More Users');
    expect(await userRow.locator('td').nth(1).textContent()).toBe(target.username);
    expect(await userRow.locator('td').nth(2).textContent()).toBe(target.email);
    expect(await userRow.locator('td').nth(4).textContent()).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    const role = userRow.getByRole('combobox', { name: `Role for ${target.username}` });
    expect(await role.inputValue()).toBe('user');
    const put = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().endsWith('/api/admin/users/role'),
    );
    await role.selectOption('admin');
    expect((await put).status()).toBe(200);
    await expectToast(page, accountText.roleUpdated);
    const profile = await api<ProfileResponse>('GET', '/api/profile', { token: targetLogin.token });
    expect(profile.body.role).toBe('admin');
    expect(await role.inputValue()).toBe('admin');

    // Stories: arrow keys move between tabs (ARIA tabs pattern); the tab is kept in the URL.
    await usersTab.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => storiesTab.getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Story Management');
    expect(new URL(page.url()).search).toBe('?tab=stories');
    expect(await usersPanel.isHidden()).toBe(true);
    const storiesPanel = page.getByRole('tabpanel', { name: 'Story Management' });
    const row = await rowOf(page, storiesPanel, `tr[data-story-id="${story.ID}"]`, 'Load More Stories');
    expect(await storiesPanel.locator('thead th').allTextContents()).toEqual([
      'ID',
      'Title',
      'Description',
      'Author',
      'Privacy',
      'Created',
      'Actions',
    ]);
    const cells = row.locator('td');
    expect(await cells.nth(1).textContent()).toBe(story.title);
    const description = (await cells.nth(2).textContent()) ?? '';
    expect(description.startsWith(`First paragraph of the admin story ${marker}. Second paragraph.`)).toBe(true);
    expect(description.endsWith('…')).toBe(true);
    expect(description.length).toBeLessThanOrEqual(ADMIN_PREVIEW_CHARS + 1);
    expect(await cells.nth(3).textContent()).toBe(target.username);

    // Privacy: Public at once.
    const privacy = row.getByRole('combobox', { name: `Privacy for ${story.title}` });
    expect(await privacy.inputValue()).toBe('private');
    await privacy.selectOption({ label: 'Public' });
    await expectToast(page, success.privacyUpdated);
    await expect.poll(async () => (await api('GET', `/shared/${story.ID}`)).status).toBe(200);

    // Read: the whole story in a modal.
    await row.getByRole('button', { name: `Read ${story.title}` }).click();
    const reader = page.getByRole('dialog', { name: story.title });
    await reader.waitFor();
    await reader.getByText(`The end ${marker}.`).waitFor();
    expect(await reader.locator('.story-text p').allTextContents()).toEqual(
      content.split('\n').map((line) => line.trim()),
    );
    await reader.getByRole('button', { name: 'Close', exact: true }).click();
    await reader.waitFor({ state: 'hidden' });

    // Delete: asks first, with the spec's question.
    const doomedRow = await rowOf(page, storiesPanel, `tr[data-story-id="${doomed.ID}"]`, 'Load More Stories');
    await doomedRow.getByRole('button', { name: `Delete ${doomed.title}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Story?' });
    await confirm.getByText('Are you sure you want to permanently delete this story?', { exact: true }).waitFor();
    await confirm.getByRole('button', { name: 'Delete Story', exact: true }).click();
    await expectToast(page, success.storyDeleted);
    await doomedRow.waitFor({ state: 'detached' });
    expect((await api('GET', `/api/stories/${doomed.ID}`, { token: targetLogin.token })).status).toBe(404);
    expect(browser.pageErrors).toEqual([]);
  });

  it("shows the spec's admin fallbacks, and a failed change keeps the old value", async () => {
    const adminLogin = await adminSession();
    const target = await registerVerifiedUser();
    const targetLogin = await loginAs(target);
    // Longer than a list carries, so Read fetches the whole story (and can fail to).
    const story = await createStory(
      { token: targetLogin.token },
      { title: `Admin failures ${Date.now()}`, content: `The start.\n${'More words here. '.repeat(80)}` },
    );
    await signIn(browser.context, adminLogin);
    const { page } = browser;
    const fail = { status: 500, body: '' };

    // Lists that cannot be fetched.
    await page.route('**/backend/api/admin/users?*', (route) => route.fulfill(fail));
    await page.route('**/backend/api/admin/users', (route) => route.fulfill(fail));
    await page.route('**/backend/api/admin/stories?*', (route) => route.fulfill(fail));
    await page.route('**/backend/api/admin/stories', (route) => route.fulfill(fail));
    await page.goto(url('/admin'));
    await page.getByRole('alert').getByText(fallback.adminUsers, { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Story Management' }).click();
    await page.getByRole('alert').getByText(fallback.adminStories, { exact: true }).waitFor();

    // Changes that fail: role, privacy, delete.
    await page.unrouteAll();
    await page.route('**/backend/api/admin/users/role', (route) => route.fulfill(fail));
    await page.route(`**/backend/api/admin/stories/${story.ID}**`, (route) => route.fulfill(fail));
    await page.goto(url('/admin'));
    const usersPanel = page.getByRole('tabpanel', { name: 'User Management' });
    const userRow = await rowOf(page, usersPanel, `tr[data-user-id="${target.id}"]`, 'Load More Users');
    const role = userRow.getByRole('combobox', { name: `Role for ${target.username}` });
    await role.selectOption('admin');
    await expectToast(page, fallback.adminRole);
    await expect.poll(() => role.inputValue()).toBe('user');

    await page.getByRole('tab', { name: 'Story Management' }).click();
    const storiesPanel = page.getByRole('tabpanel', { name: 'Story Management' });
    const row = await rowOf(page, storiesPanel, `tr[data-story-id="${story.ID}"]`, 'Load More Stories');
    const privacy = row.getByRole('combobox', { name: `Privacy for ${story.title}` });
    await privacy.selectOption('public');
    await expectToast(page, fallback.adminPrivacy);
    await expect.poll(() => privacy.inputValue()).toBe('private');
    await row.getByRole('button', { name: `Delete ${story.title}` }).click();
    await page
      .getByRole('dialog', { name: 'Delete Story?' })
      .getByRole('button', { name: 'Delete Story', exact: true })
      .click();
    await expectToast(page, fallback.adminDelete);
    expect(await row.count()).toBe(1);

    // Read, when the whole story cannot be fetched: says so and shows the list's start.
    await page.route(`**/backend/api/stories/${story.ID}`, (route) => route.fulfill(fail));
    await row.getByRole('button', { name: `Read ${story.title}` }).click();
    const reader = page.getByRole('dialog', { name: story.title });
    await reader
      .getByRole('alert')
      .getByText(`${fallback.loadStory} ${adminStoriesText.readBeginningOnly}`, { exact: true })
      .waitFor();
    await reader.getByText('The start.', { exact: false }).first().waitFor();
  });

  it('sends a user who is not an admin to the dashboard', async () => {
    const user = await registerVerifiedUser();
    await signIn(browser.context, await loginAs(user));
    const { page } = browser;
    await page.goto(url('/admin'));
    await page.getByRole('heading', { level: 1, name: 'Your Dashboard' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
  });
});
