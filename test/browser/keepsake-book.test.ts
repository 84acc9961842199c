import type { KeepsakeDownloadResponse, KeepsakeLatestResponse } from '@storyloom/shared/keepsake';
import { bookText } from '@storyloom/shared/messages/book';
import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { describe, expect, it } from 'vitest';
import { api } from '../support/http.ts';
import { wavFile } from '../support/media-files.ts';
import { openPdf, pageQrCodes, pdfText } from '../support/pdf.ts';
import { createStory } from '../support/stories.ts';
import { uploadFile } from '../support/uploads.ts';
import { loginAs, registerVerifiedUser } from '../support/users.ts';
import { browserTestsEnabled, signIn, useBrowser } from './browser.ts';
import { open, playAndAdvance } from './media-support.ts';
import { waitForPath } from './stories-support.ts';

/**
 * Make a book from the screen (issue #21): choose, watch it being made to the end, then open a QR
 * code's listen page in a logged-out browser and play the recording; after the owner turns the link
 * off on the page, the listen page says so and has no player.
 */
describe.runIf(browserTestsEnabled)('Make a book (browser)', () => {
  const browser = useBrowser({ args: ['--autoplay-policy=no-user-gesture-required'] });

  it('makes a book from the page, shows its progress to done, and its QR code plays the story logged out until revoked', async () => {
    const user = await registerVerifiedUser();
    const login = await loginAs(user);
    const caller = { token: login.token };
    await createStory(caller, { title: 'The winter the river froze', start_date: '1962-01-05', end_date: null });
    const skipped = await createStory(caller, {
      title: 'Left out of the book',
      start_date: '1970-01-01',
      end_date: null,
    });
    const key = await uploadFile(caller, 'story-audio', wavFile(3), 'audio/wav');
    const recorded = (
      await api<StoryDto>('POST', '/api/stories/audio', {
        token: login.token,
        body: { title: 'Grandma sings', content: 'A lullaby.', upload_key: key },
      })
    ).body;

    await signIn(browser.context, login);
    const { page } = browser;
    await open(page, '/profile');
    await page.getByRole('link', { name: bookText.profileLink }).click();
    await page.getByRole('heading', { name: bookText.pageTitle, level: 1 }).waitFor();
    // Every story is chosen at first, in date order.
    const choices = page.getByRole('group', { name: /Stories in the book/ }).getByRole('checkbox');
    await expect.poll(() => choices.count()).toBe(3);
    const labels = await page.locator('.book-story-title').allTextContents();
    expect(labels).toEqual(['The winter the river froze', skipped.title, 'Grandma sings']);
    await page.getByRole('checkbox', { name: new RegExp(skipped.title) }).uncheck();
    await page.getByLabel(bookText.title).fill('Songs and Rivers');
    await page.getByLabel(bookText.dedication).fill('For Rui');
    await page.getByRole('radio', { name: bookText.pageSizeA5 }).check();
    await page.getByRole('button', { name: bookText.make }).click();
    // The progress shows at once (waiting, making n %, or already ready on a quiet machine).
    await page
      .getByRole('status')
      .filter({ hasText: /Waiting to start|Making your book|Your book is ready/ })
      .first()
      .waitFor();

    // Progress survives a reload: the page reads the build from the server.
    await page.reload();
    await page.getByText(bookText.status.done).waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: bookText.download }).waitFor();
    await page.getByText(bookText.linkLive).waitFor();

    // The PDF the Download button fetches (same call), read for its QR code.
    const latest = (await api<KeepsakeLatestResponse>('GET', '/api/keepsake/book/latest', { token: login.token })).body;
    const download = await api<KeepsakeDownloadResponse>(
      'GET',
      `/api/keepsake/book/builds/${latest.build?.id}/download`,
      { token: login.token },
    );
    const pdf = await openPdf(Buffer.from(await (await fetch(download.body.secure_url)).arrayBuffer()));
    const pages = await pdfText(pdf);
    expect(pages.flatMap((p) => p.lines).join('\n')).not.toContain(skipped.title);
    const recordedPage = pages.findIndex((p) => p.lines[0] === recorded.title) + 1;
    const [listenUrl] = await pageQrCodes(pdf, recordedPage);
    expect(listenUrl).toMatch(new RegExp(`/listen/[A-Za-z0-9_-]{43}/${recorded.ID}$`));

    // A logged-out browser opens the code's page and plays the recording.
    const visitor = await browser.context.browser()?.newContext({ locale: 'en-US' });
    if (!visitor) throw new Error('no browser');
    const listener = await visitor.newPage();
    const path = new URL(listenUrl ?? '').pathname;
    await open(listener, path);
    await listener.getByRole('heading', { name: recorded.title }).waitFor();
    await listener.getByText(bookText.listenBy(user.username)).waitFor();
    await playAndAdvance(listener, 'Audio story', 0.5);

    // The owner turns the link off on the page.
    await page.getByRole('button', { name: bookText.revoke }).click();
    await page.getByRole('dialog').getByRole('button', { name: bookText.revoke, exact: true }).click();
    await page.getByRole('region', { name: bookText.yourBooks }).getByText(bookText.revoked).waitFor();

    await listener.reload();
    await listener.getByRole('alert').getByText(bookText.listenRevoked).waitFor();
    expect(await listener.locator('audio').count()).toBe(0);
    await visitor.close();
  });

  it('asks before Back drops a dedication not yet made into a book, and lets the page go once the book is made', async () => {
    const user = await registerVerifiedUser();
    const login = await loginAs(user);
    await createStory({ token: login.token }, { title: 'The kitchen on Elm Street' });
    await signIn(browser.context, login);
    const { page } = browser;
    await open(page, '/profile');
    await page.getByRole('link', { name: bookText.profileLink }).click();
    await page.getByLabel(bookText.title).fill('Rose remembers');
    await page.getByLabel(bookText.dedication).fill('For Tom, who asked.');

    // Back in the middle: the question, and "Keep Writing" keeps everything typed.
    await page.goBack();
    const leave = page.getByRole('dialog', { name: 'Leave Without Saving?' });
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Keep Writing' }).click();
    await waitForPath(page, '/make-book');
    expect(await page.getByLabel(bookText.title).inputValue()).toBe('Rose remembers');
    expect(await page.getByLabel(bookText.dedication).inputValue()).toBe('For Tom, who asked.');

    // Once the book is made with these choices there is nothing to lose: Back leaves without asking.
    await page.getByRole('button', { name: bookText.make }).click();
    await page.getByText(bookText.status.done).waitFor({ timeout: 60_000 });
    await page.goBack();
    await waitForPath(page, '/profile');
    expect(await leave.count()).toBe(0);
  });
});
