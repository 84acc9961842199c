import { fallback, success, validation } from '@storyloom/shared/messages';
import { type StoryDto, storyMessages } from '@storyloom/shared/schemas/stories';
import { describe, expect, inject, it } from 'vitest';
import { api } from '../support/http.ts';
import { createStory } from '../support/stories.ts';
import { loginAs, registerVerifiedUser } from '../support/users.ts';
import { browserTestsEnabled, pathOf, signIn, url, useBrowser } from './browser.ts';
import { dashboardCard, expectToast, metaText, openContext, waitForPath } from './stories-support.ts';

const baseUrl = inject('baseUrl');

async function newSession() {
  const user = await registerVerifiedUser();
  const login = await loginAs(user);
  return { user, login, caller: { token: login.token } };
}

describe.runIf(browserTestsEnabled)('Stories: share link, sharing with family, comments (browser)', () => {
  const browser = useBrowser();

  it('generates and copies a share link that a logged-out visitor can open; after revoking, Story Not Found', async () => {
    // Prepare
    const { user, login, caller } = await newSession();
    const title = `Letters from Cork ${crypto.randomUUID().slice(0, 8)}`;
    const story = await createStory(caller, {
      title,
      content: 'Mother wrote every Sunday.\n\nShe always ended with a recipe.',
      location: 'Cork',
      start_date: '1950-03-01',
      end_date: '1951-06-30',
    });
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseUrl).origin });
    await signIn(browser.context, login);
    const { page } = browser;

    // Act: generate the link in the modal, then copy it.
    await page.goto(url(`/story/${story.ID}`));
    await page.getByRole('button', { name: 'Manage Privacy & Sharing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Privacy & Sharing' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Generate Share Link' }).click();
    await expectToast(page, success.linkGenerated);
    const linkBox = dialog.getByLabel('Link to this story');
    await linkBox.waitFor();
    const link = await linkBox.inputValue();
    expect(link).toMatch(new RegExp(`^${new URL(baseUrl).origin}/shared/[A-Za-z0-9_-]{43}$`));
    expect(await linkBox.getAttribute('readonly')).not.toBeNull();
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expectToast(page, success.shareLinkCopied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    // The outcome is also said inside the dialog, which hides the page's toasts from screen readers.
    expect(await dialog.getByRole('status').filter({ hasText: success.shareLinkCopied }).count()).toBe(1);

    // Assess: a visitor with no account reads it.
    const visitor = await openContext(browser.context);
    try {
      await visitor.page.goto(link);
      await visitor.page.getByRole('heading', { level: 1, name: title }).waitFor();
      const author = visitor.page.getByRole('main').getByRole('link', { name: user.username });
      expect(await author.getAttribute('href')).toBe(`/author/${user.id}`);
      const crumbs = visitor.page.getByRole('navigation', { name: 'Breadcrumb' });
      expect(await crumbs.getByRole('link', { name: 'Stories' }).getAttribute('href')).toBe('/stories');
      expect(await metaText(visitor.page.locator('.story-header'), 'period')).toBe('Mar 1, 1950 – Jun 30, 1951');
      expect(await metaText(visitor.page.locator('.story-header'), 'location')).toBe('Cork');
      expect(await visitor.page.locator('.story-text p').allTextContents()).toEqual([
        'Mother wrote every Sunday.',
        'She always ended with a recipe.',
      ]);
      expect(await visitor.page.getByRole('link', { name: 'Sign in to comment' }).getAttribute('href')).toBe('/login');

      // Revoke (it asks first, issue 11): the same link now finds nothing.
      await dialog.getByRole('button', { name: 'Revoke Link' }).click();
      await page
        .getByRole('dialog', { name: 'Revoke the Share Link?' })
        .getByRole('button', { name: 'Revoke Link' })
        .click();
      await expectToast(page, success.linkRevoked);
      await dialog.getByRole('button', { name: 'Generate Share Link' }).waitFor();
      await visitor.page.reload();
      await visitor.page.getByRole('heading', { level: 1, name: 'Story Not Found' }).waitFor();
      expect(await visitor.page.getByRole('alert').textContent()).toBe(fallback.sharedNotFound);
      expect(await visitor.page.getByRole('link', { name: 'Browse Stories' }).getAttribute('href')).toBe('/stories');
      expect(await visitor.page.getByRole('link', { name: 'Go to the Home Page' }).getAttribute('href')).toBe('/');
    } finally {
      await visitor.context.close();
    }
    expect(browser.pageErrors).toEqual([]);
  });

  it('shares with a family member who may comment; they comment, the owner deletes it, then changes and removes the share', async () => {
    // Prepare
    const owner = await newSession();
    const reader = await newSession();
    const title = `Grandpa's boat ${crypto.randomUUID().slice(0, 8)}`;
    const story = await createStory(owner.caller, {
      title,
      location: 'Galway',
      start_date: '1971-05-02',
      end_date: null,
    });
    await signIn(browser.context, owner.login);
    const { page } = browser;

    // Act (owner): share by username, with the Comment permission.
    await page.goto(url(`/story/${story.ID}`));
    await page.getByRole('button', { name: 'Manage Privacy & Sharing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Privacy & Sharing' });
    await dialog.getByRole('button', { name: 'Share Story' }).click();
    await dialog.getByRole('alert').getByText(validation.shareUsername, { exact: true }).waitFor();
    await dialog.getByLabel('Username').fill('no-such-user-anywhere');
    await dialog.getByRole('button', { name: 'Share Story' }).click();
    await dialog.getByRole('alert').getByText(storyMessages.userNotFound, { exact: true }).waitFor();
    await dialog.getByLabel('Username').fill(reader.user.username);
    await dialog.getByLabel('Permission').selectOption({ label: 'Comment' });
    await dialog.getByRole('button', { name: 'Share Story' }).click();
    await expectToast(page, success.storyShared(reader.user.username));
    const shareItem = dialog.locator('.share-item').filter({ hasText: reader.user.username });
    await shareItem.waitFor();
    expect(await shareItem.locator('.badge').textContent()).toBe('Comment');
    expect(await dialog.getByLabel('Username').inputValue()).toBe('');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.locator('.panel').first().textContent()).toContain('Shared with 1 person.');

    // Act (reader): the story is under "Shared with you"; they open it and comment.
    const second = await openContext(browser.context);
    try {
      await signIn(second.context, reader.login);
      const rp = second.page;
      await rp.goto(url('/dashboard'));
      await rp.getByRole('heading', { level: 2, name: 'Shared with you (1)' }).waitFor();
      const card = dashboardCard(rp, title);
      expect(await card.textContent()).toContain(`By ${owner.user.username}`);
      expect(await card.textContent()).toContain('You can read and comment');
      expect(await metaText(card, 'period')).toBe('May 2, 1971');
      await card.click();
      await waitForPath(rp, `/story/${story.ID}`);
      await rp.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(await rp.locator('.story-header').textContent()).toContain(`By ${owner.user.username}`);
      // Read-only: no management panels.
      for (const name of ['Manage Privacy & Sharing', 'Delete Story']) {
        expect(await rp.getByRole('button', { name }).count(), name).toBe(0);
      }
      expect(await rp.getByRole('link', { name: 'Edit Story' }).count()).toBe(0);
      await rp.getByRole('button', { name: 'Post Comment' }).click();
      await rp.getByRole('alert').getByText(storyMessages.commentRequired, { exact: true }).waitFor();
      await rp.getByLabel('Add a comment').fill('I still have the oars!\nThey are in the shed.');
      // Posted from the keyboard: the focus stays on the button (not thrown to the top of the page).
      const post = rp.getByRole('button', { name: 'Post Comment' });
      await post.focus();
      await rp.keyboard.press('Enter');
      await expectToast(rp, storyMessages.commentAdded);
      await expect.poll(() => post.evaluate((el) => el === document.activeElement)).toBe(true);
      const comment = rp.locator('.comment').filter({ hasText: 'I still have the oars!' });
      await comment.waitFor();
      expect(await comment.locator('.comment-author').textContent()).toBe(reader.user.username);
      expect(await comment.locator('.comment-text').innerText()).toBe('I still have the oars!\nThey are in the shed.');
      expect(await rp.getByLabel('Add a comment').inputValue()).toBe('');

      // Assess (owner): the comment is there, and the owner may delete it.
      await page.reload();
      const theirs = page.locator('.comment').filter({ hasText: 'I still have the oars!' });
      await theirs.waitFor();
      await page.getByRole('button', { name: `Delete comment by ${reader.user.username}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete Comment?' });
      await confirm.getByRole('button', { name: 'Delete Comment', exact: true }).click();
      await expectToast(page, storyMessages.commentDeleted);
      await theirs.waitFor({ state: 'detached' });
      await page.getByText('No comments yet.').waitFor();
      const stored = await api<StoryDto>('GET', `/api/stories/${story.ID}`, { token: owner.caller.token });
      expect(stored.body.comments).toEqual([]);

      // The owner makes it read-only for them: sharing again changes the permission.
      await page.getByRole('button', { name: 'Manage Privacy & Sharing' }).click();
      await dialog.getByLabel('Username').fill(reader.user.username);
      await dialog.getByLabel('Permission').selectOption('read');
      await dialog.getByRole('button', { name: 'Share Story' }).click();
      await expectToast(page, success.storyShared(reader.user.username));
      await expect.poll(() => shareItem.locator('.badge').textContent()).toBe('Read');
      expect(await dialog.locator('.share-item').count()).toBe(1);
      await rp.reload();
      await rp.getByText('You can read this story. Its owner has not invited you to comment.').waitFor();
      expect(await rp.getByLabel('Add a comment').count()).toBe(0);
      // A reader cannot edit.
      await rp.goto(url(`/edit-story/${story.ID}`));
      await rp.getByRole('alert').getByText(fallback.editLoad, { exact: true }).waitFor();

      // Removing the share takes the story away from them.
      await dialog.getByRole('button', { name: `Remove ${reader.user.username}` }).click();
      await page
        .getByRole('dialog', { name: 'Remove This Share?' })
        .getByRole('button', { name: 'Remove Share' })
        .click();
      await expectToast(page, success.shareRemoved);
      await dialog.getByText('Nobody yet.').waitFor();
      await rp.goto(url(`/story/${story.ID}`));
      await rp.getByRole('heading', { level: 1, name: 'Story Not Found' }).waitFor();
      await rp.goto(url('/dashboard'));
      await rp.getByRole('heading', { level: 1, name: 'Your Dashboard' }).waitFor();
      await rp.getByRole('heading', { level: 2, name: 'Your Storybook is Waiting' }).waitFor();
      expect(await rp.getByRole('heading', { name: /Shared with you/ }).count()).toBe(0);
    } finally {
      await second.context.close();
    }
    expect(pathOf(page)).toBe(`/story/${story.ID}`);
    expect(browser.pageErrors).toEqual([]);
  });

  it("shows the spec's fallbacks when the privacy, link and share calls fail without a message", async () => {
    const { login, caller } = await newSession();
    const story = await createStory(caller, { title: 'Failing calls' });
    await signIn(browser.context, login);
    const { page } = browser;
    await page.route(`**/backend/api/stories/${story.ID}/**`, (route) =>
      route.request().method() === 'GET' ? route.continue() : route.fulfill({ status: 502, body: '' }),
    );
    await page.goto(url(`/story/${story.ID}`));
    await page.getByRole('button', { name: 'Manage Privacy & Sharing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Privacy & Sharing' });
    await dialog.getByLabel(/Public/).check();
    await dialog.getByRole('button', { name: 'Save Privacy Settings' }).click();
    await expectToast(page, fallback.updatePrivacy);
    await dialog.getByRole('button', { name: 'Generate Share Link' }).click();
    await expectToast(page, fallback.generateLink);
    await dialog.getByLabel('Username').fill('someone');
    await dialog.getByRole('button', { name: 'Share Story' }).click();
    await expectToast(page, fallback.shareStory);
    for (const text of [fallback.updatePrivacy, fallback.generateLink, fallback.shareStory]) {
      expect(await dialog.getByRole('alert').getByText(text, { exact: true }).count(), text).toBe(1);
    }
    // Nothing changed on the page: still private.
    await dialog.getByRole('button', { name: 'Done' }).click();
    expect(await page.locator('.story-header .badge').textContent()).toBe('Private');
  });
});
