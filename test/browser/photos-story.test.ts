import { mediaText, validation } from '@storyloom/shared/messages';
import { photoText } from '@storyloom/shared/photos';
import type { ShareLinkResponse } from '@storyloom/shared/schemas/stories';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api } from '../support/http.ts';
import { headerOnlyPng, jpegPhoto, pngPhoto, sidewaysPhotoWithGps, textAsJpeg } from '../support/photo-files.ts';
import { addPhoto, settledPhotos } from '../support/photos.ts';
import { createStory } from '../support/stories.ts';
import { listKeys } from '../support/uploads.ts';
import { createAdmin, loginAs, registerVerifiedUser } from '../support/users.ts';
import { seriousViolations } from './axe-support.ts';
import { browserTestsEnabled, signIn, useBrowser } from './browser.ts';
import { open } from './media-support.ts';
import { openContext } from './stories-support.ts';

/** A picture that has loaded (a real image, not a placeholder). */
async function expectLoaded(img: Locator): Promise<void> {
  await img.waitFor();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), { timeout: 20_000 })
    .toBe(true);
}

/** Adds one photo through the owner's panel, as a person would: file, caption, alt text, Add Photos. */
async function addThroughPanel(
  page: Page,
  file: { name: string; mimeType: string; buffer: Buffer },
  caption: string,
  alt = '',
) {
  const panel = page.getByRole('region', { name: photoText.manageSection });
  await panel.getByLabel(photoText.chooseFile).setInputFiles(file);
  await panel.getByLabel(photoText.caption, { exact: true }).first().fill(caption);
  if (alt) await panel.getByLabel(photoText.alt).first().fill(alt);
  await panel.getByRole('button', { name: photoText.addPhotos }).click();
}

describe.runIf(browserTestsEnabled)('Photos in stories (browser)', () => {
  const browser = useBrowser();

  it('adds three photos with captions, then a logged-out visitor sees them on the shared link', async () => {
    const user = await registerVerifiedUser();
    const login = await loginAs(user);
    const story = await createStory({ token: login.token }, { title: 'Summer at the lake house' });
    await signIn(browser.context, login);
    const { page } = browser;
    await open(page, `/story/${story.ID}`);

    const photos = [
      {
        file: { name: 'dock.jpg', mimeType: 'image/jpeg', buffer: await jpegPhoto(1200, 800) },
        caption: 'The old dock',
        alt: 'A wooden dock on a lake',
      },
      {
        file: { name: 'grandma.jpg', mimeType: 'image/jpeg', buffer: await sidewaysPhotoWithGps() },
        caption: 'Grandma on the porch',
        alt: 'A woman on a porch',
      },
      {
        file: { name: 'field.png', mimeType: 'image/png', buffer: await pngPhoto(640, 480) },
        caption: 'The meadow behind the house',
        alt: '',
      },
    ];
    const rows = page.getByRole('region', { name: photoText.manageSection }).locator('.photo-manage-item');
    for (const [i, photo] of photos.entries()) {
      await addThroughPanel(page, photo.file, photo.caption, photo.alt);
      await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(i + 1);
      await page.getByRole('status').getByText(photoText.added).waitFor();
    }
    // The gallery of the story page: every photo once processed, with its alt text and caption.
    const figures = page.locator('.story-photos figure');
    await expect.poll(() => figures.count()).toBe(3);
    await expectLoaded(page.locator('.story-photos').getByRole('img', { name: 'A woman on a porch' }));
    await expect.poll(() => page.locator('.story-photos .photo-processing').count(), { timeout: 30_000 }).toBe(0);
    // The owner's page with its photo panel and gallery passes axe (WCAG 2 A/AA).
    expect(await seriousViolations(page)).toEqual([]);

    const link = await api<ShareLinkResponse>('POST', `/api/stories/${story.ID}/share-link`, { token: login.token });
    expect(link.status).toBeLessThan(300);

    // A second person, not signed in, opens the link.
    const visitor = await openContext(browser.context);
    try {
      await visitor.page.goto(new URL(`/shared/${link.body.share_token}`, page.url()).href);
      await visitor.page.getByRole('heading', { name: 'Summer at the lake house' }).waitFor();
      const shown = visitor.page.locator('.story-photos figure');
      await expect.poll(() => shown.count()).toBe(3);
      expect(await shown.locator('figcaption').allTextContents()).toEqual(photos.map((p) => p.caption));
      for (const name of ['A wooden dock on a lake', 'A woman on a porch', photoText.defaultAlt(3)]) {
        await expectLoaded(visitor.page.getByRole('img', { name, exact: true }));
      }
      // The sideways phone photo is shown upright (portrait).
      const porch = visitor.page.getByRole('img', { name: 'A woman on a porch' });
      const size = await porch.evaluate((el: HTMLImageElement) => [el.naturalWidth, el.naturalHeight]);
      expect(size[1]).toBeGreaterThan(size[0]!);
      expect(await seriousViolations(visitor.page)).toEqual([]);
    } finally {
      await visitor.context.close();
    }

    // The dashboard card shows the first photo.
    await open(page, '/dashboard');
    await expectLoaded(page.locator('article.story-card').getByRole('img', { name: 'A wooden dock on a lake' }));

    // On a phone the photos fit the screen: nothing wider than the page.
    await page.setViewportSize({ width: 390, height: 800 });
    await open(page, `/story/${story.ID}`);
    await expectLoaded(page.locator('.story-photos').getByRole('img', { name: 'A wooden dock on a lake' }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('refuses a renamed text file and a 20,000 × 20,000 PNG with clear messages, and keeps nothing', async () => {
    const user = await registerVerifiedUser();
    const login = await loginAs(user);
    const story = await createStory({ token: login.token }, { title: 'Refused photos' });
    await signIn(browser.context, login);
    const { page } = browser;
    await open(page, `/story/${story.ID}`);
    const panel = page.getByRole('region', { name: photoText.manageSection });

    await addThroughPanel(page, { name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: textAsJpeg() }, 'Not a photo');
    await panel.getByRole('alert').getByText(validation.imageType).waitFor();
    // The server's refusal takes the focus, so a keyboard or screen-reader user lands on it.
    const focusedText = () => page.evaluate(() => document.activeElement?.textContent);
    await expect.poll(focusedText).toBe(validation.imageType);

    await addThroughPanel(page, { name: 'huge.png', mimeType: 'image/png', buffer: headerOnlyPng(20_000) }, 'Too big');
    await panel.getByRole('alert').getByText(mediaText.imageTooLarge).waitFor();
    await expect.poll(focusedText).toBe(mediaText.imageTooLarge);

    await expect.poll(() => page.locator('.story-photos figure').count()).toBe(0);
    expect(await panel.getByText(photoText.none).isVisible()).toBe(true);
    expect(await listKeys(`users/${user.id}/`)).toEqual([]);
  });

  /** A new user's story with these captioned photos, open on its page, signed in; the photos shown in order. */
  async function storyPageWithPhotos(title: string, captionsAdded: string[]) {
    const login = await loginAs(await registerVerifiedUser());
    const story = await createStory({ token: login.token }, { title });
    for (const caption of captionsAdded)
      expect((await addPhoto(login, story.ID, await pngPhoto(), 'image/png', { caption })).status).toBe(201);
    await settledPhotos(login, story.ID);
    await signIn(browser.context, login);
    const { page } = browser;
    await open(page, `/story/${story.ID}`);
    const panel = page.getByRole('region', { name: photoText.manageSection });
    const captions = () => page.locator('.story-photos figcaption').allTextContents();
    await expect.poll(captions).toEqual(captionsAdded);
    return { login, story, page, panel, captions };
  }

  it('lets the owner edit a caption, move a photo up and remove one, and readers see the result', async () => {
    const { login, story, page, panel, captions } = await storyPageWithPhotos('Arranged photos', [
      'First',
      'Second',
      'Third',
    ]);

    const third = panel.getByRole('listitem', { name: photoText.photoOf(3, 3) });
    await third.getByLabel(photoText.caption).fill('Third, at the fair');
    await third.getByRole('button', { name: photoText.save }).click();
    await page.getByRole('status').getByText(photoText.updated).waitFor();
    await panel
      .getByRole('listitem', { name: photoText.photoOf(3, 3) })
      .getByRole('button', { name: /Move up/ })
      .click();
    await expect.poll(captions).toEqual(['First', 'Third, at the fair', 'Second']);

    await panel
      .getByRole('listitem', { name: photoText.photoOf(1, 3) })
      .getByRole('button', { name: /Remove/ })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: photoText.remove, exact: true }).click();
    await expect.poll(captions).toEqual(['Third, at the fair', 'Second']);
    await page.getByRole('status').getByText(photoText.removed).waitFor();

    // After a reload (the server's order), and for the link's visitors, the same.
    await page.reload();
    await expect.poll(captions).toEqual(['Third, at the fair', 'Second']);
    const link = await api<ShareLinkResponse>('POST', `/api/stories/${story.ID}/share-link`, { token: login.token });
    const shared = await api<{ photos: Array<{ caption: string }> }>('GET', `/shared/${link.body.share_token}`);
    expect(shared.body.photos.map((p) => p.caption)).toEqual(['Third, at the fair', 'Second']);
  });

  it('keyboard: Move down and Move up keep the focus on the moved photo’s buttons', async () => {
    const { page, panel, captions } = await storyPageWithPhotos('Two photos', ['Porch', 'Kitchen']);
    const focused = () =>
      page.evaluate(() =>
        document.activeElement === document.body ? '<body>' : (document.activeElement?.textContent ?? ''),
      );

    // Enter on "Move down" of the first photo: it is last now, so its "Move down" is off and the
    // keyboard stays on the same photo's "Move up" (not thrown back to the top of the page).
    await panel
      .getByRole('listitem', { name: photoText.photoOf(1, 2) })
      .getByRole('button', { name: /Move down/ })
      .focus();
    await page.keyboard.press('Enter');
    await expect.poll(captions).toEqual(['Kitchen', 'Porch']);
    await expect.poll(focused).toBe(`${photoText.moveUp}: ${photoText.photoOf(2, 2)}`);

    // And back: Enter moves it up again, and the focus lands on its "Move down".
    await page.keyboard.press('Enter');
    await expect.poll(captions).toEqual(['Porch', 'Kitchen']);
    await expect.poll(focused).toBe(`${photoText.moveDown}: ${photoText.photoOf(1, 2)}`);
  });

  it("shows the photos in the admin's Read modal", async () => {
    const user = await registerVerifiedUser();
    const login = await loginAs(user);
    const title = `Admin reads photos ${user.id.slice(0, 8)}`;
    const story = await createStory({ token: login.token }, { title });
    await addPhoto(login, story.ID, await jpegPhoto(), 'image/jpeg', { caption: 'The boat', alt: 'A red boat' });
    await settledPhotos(login, story.ID);
    const admin = await loginAs(await createAdmin());
    await signIn(browser.context, admin);
    const { page } = browser;
    await open(page, '/admin?tab=stories');
    await page.getByRole('button', { name: `Read ${title}` }).click();
    const reader = page.getByRole('dialog', { name: title });
    await expectLoaded(reader.getByRole('img', { name: 'A red boat' }));
    expect(await reader.locator('figcaption').allTextContents()).toEqual(['The boat']);
  });
});
