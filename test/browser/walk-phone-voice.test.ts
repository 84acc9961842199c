import { describe, expect, it } from 'vitest';
import { loginAs, registerVerifiedUser } from '../support/users.ts';
import { browserTestsEnabled, signIn, useBrowser } from './browser.ts';
import { fakeMicrophoneArgs, open } from './media-support.ts';

/**
 * A stranger's first voice sample on a 390 px phone (the walk through the product): the recorder's
 * preview must fit the screen, a double tap on Upload must send the sample once, and a quick first tap must
 * send it.
 */
describe.runIf(browserTestsEnabled)('Voice sample on a phone (browser, fake microphone)', () => {
  const browser = useBrowser({ args: fakeMicrophoneArgs() });

  async function recordOneSecond() {
    const login = await loginAs(await registerVerifiedUser());
    await signIn(browser.context, login);
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, '/profile');
    await page.getByRole('button', { name: 'Start Recording' }).click();
    await page.getByRole('timer', { name: 'Recording time' }).getByText('00:01').waitFor();
    await page.getByRole('button', { name: 'Stop Recording' }).click();
    await page.getByText(/Sample length: 0:01/).waitFor();
    return page;
  }

  it('the kept take, its player and the upload button stay inside the phone screen', async () => {
    const page = await recordOneSecond();
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      screen: document.documentElement.clientWidth,
      recorderRight: document.querySelector('.recorder')?.getBoundingClientRect().right ?? 0,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.screen);
    expect(widths.recorderRight).toBeLessThanOrEqual(widths.screen);
  });

  it('a double tap on Upload Voice Sample sends the sample once', async () => {
    const page = await recordOneSecond();
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/voice/upload-sample')) uploads.push(r.url());
    });
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/voice/upload-sample'));
    await page.getByRole('button', { name: 'Upload Voice Sample' }).dblclick();
    await answered;
    // The one-second take is refused with the spec's text: the user sees why, once.
    await page.getByRole('alert').getByText('This recording is too short.', { exact: false }).waitFor();
    expect(uploads).toHaveLength(1);
  });

  it('a first tap the browser counts as a second click (it lands where Stop was just tapped) still uploads', async () => {
    const page = await recordOneSecond();
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/voice/upload-sample'));
    // Chromium counts clicks by place: a quick tap on a button that appeared where "Stop" was tapped arrives
    // with detail 2, though it is this button's first press.
    await page
      .getByRole('button', { name: 'Upload Voice Sample' })
      .evaluate((button) =>
        button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail: 2 })),
      );
    await answered;
    await page.getByRole('alert').getByText('This recording is too short.', { exact: false }).waitFor();
  });
});
