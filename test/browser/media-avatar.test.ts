import { success, validation } from '@storyloom/shared/messages';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api } from '../support/http.ts';
import { pngFile } from '../support/media-files.ts';
import { createStory } from '../support/stories.ts';
import { loginAs, registerVerifiedUser } from '../support/users.ts';
import { browserTestsEnabled, signIn, useBrowser } from './browser.ts';
import { open } from './media-support.ts';

/** An avatar picture of this size that has loaded (a real image, not the initial). */
async function expectPicture(page: Page, size: number): Promise<void> {
  const img = page.locator(`img.avatar[data-avatar-size="${size}"]`).first();
  await img.waitFor();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  const box = await img.boundingBox();
  expect(Math.round(box?.width ?? 0)).toBe(size);
  expect(await img.evaluate((el) => getComputedStyle(el).borderRadius)).toBe('50%');
}

describe.runIf(browserTestsEnabled)('Profile pictures (browser)', () => {
  const browser = useBrowser();

  it('uploads a picture: shown in the navbar (32), on the profile (96) and on the author page (64)', async () => {
    const user = await registerVerifiedUser();
    const login = await loginAs(user);
    await signIn(browser.context, login);
    const { page } = browser;
    await open(page, '/profile');
    // No picture yet: the initial letter.
    await page.locator('.avatar-initial[data-avatar-size="96"]').waitFor();
    await page
      .getByLabel('Profile picture file')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: pngFile() });
    await page.getByText(success.imageUpdated).waitFor();
    await expectPicture(page, 96);
    await expectPicture(page, 32);

    const profile = await api<{ profile_image_url: string }>('GET', '/api/profile', { token: login.token });
    expect(profile.body.profile_image_url).toMatch(new RegExp(`^users/${user.id}/avatar/.+\\.(webp|png)$`));

    await open(page, `/author/${user.id}`);
    await expectPicture(page, 64);

    // Comments show the writer's picture at 48 px.
    const story = await createStory({ token: login.token });
    await api('POST', `/api/stories/${story.ID}/comments`, { token: login.token, body: { text: 'Lovely day.' } });
    await open(page, `/story/${story.ID}`);
    await page.locator('.comment').getByText('Lovely day.').waitFor();
    await expectPicture(page, 48);
  });

  it("gives a text file renamed .jpg the spec's image message, and nothing is uploaded", async () => {
    const user = await registerVerifiedUser();
    const login = await loginAs(user);
    await signIn(browser.context, login);
    const { page } = browser;
    const uploads: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/api/media/uploads')) uploads.push(req.url());
    });
    await open(page, '/profile');
    await page
      .getByLabel('Profile picture file')
      .setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('these are my notes') });
    await page.getByRole('alert').getByText(validation.imageType).waitFor();
    expect(uploads).toEqual([]);
    await page
      .getByLabel('Profile picture file')
      .setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
    await page.getByRole('alert').getByText(validation.imageSize).waitFor();
    expect(uploads).toEqual([]);
  });
});
