import { promptText } from '@storyloom/shared/messages';
import { commentText } from '@storyloom/shared/messages/reading';
import { photoText } from '@storyloom/shared/photos';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api } from '../support/http.ts';
import { addPhoto, jpegPhoto, settledPhotos } from '../support/photos.ts';
import { createStory, shareWith } from '../support/stories.ts';
import { loginAs, registerVerifiedUser } from '../support/users.ts';
import { browserTestsEnabled, signIn, url, useBrowser } from './browser.ts';
import { narratedStory } from './interactive-support.ts';

/** The focused element's text, or 'BODY' when the focus fell to the page. */
const focusedText = (page: Page) =>
  page.evaluate(() =>
    document.activeElement === document.body ? 'BODY' : (document.activeElement?.textContent ?? ''),
  );

/**
 * A keyboard-only storyteller removes a photo and a comment (the walk through the product): the button
 * that opened the question goes away with what it removed, so the focus must land on its list's heading,
 * not on the page's body (the top of the page for the next Tab).
 */
describe.runIf(browserTestsEnabled)('Removing by keyboard (browser)', () => {
  const browser = useBrowser();

  async function storyWithPhotoAndComment() {
    const login = await loginAs(await registerVerifiedUser());
    const caller = { token: login.token };
    const story = await createStory(caller, { title: 'The orchard' });
    expect((await addPhoto(caller, story.ID, await jpegPhoto(), 'image/jpeg', { caption: 'Apples' })).status).toBe(201);
    await settledPhotos(caller, story.ID);
    const comment = await api('POST', `/api/stories/${story.ID}/comments`, {
      token: login.token,
      body: { text: 'We picked them every October.' },
    });
    expect(comment.status).toBe(201);
    await signIn(browser.context, login);
    await browser.page.goto(url(`/story/${story.ID}`));
    return browser.page;
  }

  it('after Remove on a photo, the focus is on "Your photos"', async () => {
    const page = await storyWithPhotoAndComment();
    const panel = page.getByRole('region', { name: photoText.manageSection });
    await panel.getByRole('button', { name: new RegExp(`^${photoText.remove}`) }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: photoText.confirmRemove });
    await confirm.getByRole('button', { name: photoText.remove, exact: true }).focus();
    await page.keyboard.press('Enter');
    await panel.getByText(photoText.none).waitFor();
    await expect.poll(() => focusedText(page)).toBe(photoText.manageTitle);
  });

  it('after Delete Comment, the focus is on the Comments heading', async () => {
    const page = await storyWithPhotoAndComment();
    await page.getByRole('button', { name: /^Delete comment by / }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: commentText.delete.title });
    await confirm.getByRole('button', { name: commentText.delete.confirm, exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByText(commentText.empty).waitFor();
    await expect.poll(() => focusedText(page)).toBe('Comments (0)');
  });

  it('after Dismiss on a question from the family, the focus is on "Questions from your family"', async () => {
    const [teller, asker] = await Promise.all([registerVerifiedUser(), registerVerifiedUser()]);
    const [tellerLogin, askerLogin] = await Promise.all([loginAs(teller), loginAs(asker)]);
    const story = await createStory(tellerLogin, { title: 'The orchard' });
    await shareWith(tellerLogin, story.ID, asker.username, 'read');
    const asked = await api('POST', `/api/family-questions/${teller.id}`, {
      token: askerLogin.token,
      body: { text: 'Where were you born?' },
    });
    expect(asked.status).toBe(201);
    await signIn(browser.context, tellerLogin);
    const { page } = browser;
    await page.goto(url('/dashboard'));
    const panel = page.getByRole('region', { name: promptText.familyTitle });
    await panel.getByRole('button', { name: `${promptText.dismissFamily}: Where were you born?` }).focus();
    await page.keyboard.press('Enter');
    await panel.getByText(promptText.familyEmpty).waitFor();
    await expect.poll(() => focusedText(page)).toBe(promptText.familyTitle);
  });

  it('after Dismiss on what the family asked, the focus is on "Interactive Features"', async () => {
    const { login, story } = await narratedStory();
    const link = await api<{ share_token: string }>('POST', `/api/stories/${story.ID}/share-link`, {
      token: login.token,
    });
    const session = await api<{ session_id: string }>('POST', `/shared/interactive/start/${link.body.share_token}`);
    await api('POST', `/shared/interactive/question/${session.body.session_id}`, {
      body: { question: 'Did you ever have a dog?', asked_at: 1000 },
    });
    await signIn(browser.context, login);
    const { page } = browser;
    await page.goto(url(`/story/${story.ID}`));
    const panel = page.getByRole('region', { name: 'Interactive Features' });
    await panel.getByText('Did you ever have a dog?').waitFor();
    await panel.getByRole('button', { name: 'Dismiss' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => panel.getByText('Did you ever have a dog?').count()).toBe(0);
    await expect.poll(() => focusedText(page)).toBe('Interactive Features');
  }, 120_000);

  it('after Remove from my list on a story shared with me, the focus is on "Shared with you"', async () => {
    const [owner, reader] = await Promise.all([registerVerifiedUser(), registerVerifiedUser()]);
    const [ownerLogin, readerLogin] = await Promise.all([loginAs(owner), loginAs(reader)]);
    for (const title of ['The orchard', 'The barn']) {
      const story = await createStory(ownerLogin, { title });
      await shareWith(ownerLogin, story.ID, reader.username, 'read');
    }
    await signIn(browser.context, readerLogin);
    const { page } = browser;
    await page.goto(url('/dashboard'));
    await page.getByRole('button', { name: 'Remove The orchard from my list' }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Remove from Your List?' });
    await confirm.getByRole('button', { name: 'Remove from My List', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('button', { name: 'Remove The orchard from my list' }).count()).toBe(0);
    await expect.poll(() => focusedText(page)).toBe('Shared with you (1)');
  });
});
