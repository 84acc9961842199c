import { fallback, success, validation } from '@storyloom/shared/messages';
import { describe, expect, inject, it } from 'vitest';
import { waitForMail } from '../support/mailbox.ts';
import { browserTestsEnabled, useBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');

describe.runIf(browserTestsEnabled)('Contact Us (browser)', () => {
  const browser = useBrowser();

  it('sends a message from the footer modal, and the mail arrives', async () => {
    const { page } = browser;
    const marker = `contact-${crypto.randomUUID()}`;

    // Prepare: the landing page, with the beta banner.
    await page.goto(baseUrl);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/story worth passing on/i);
    expect(await page.getByRole('link', { name: 'Start Your Story' }).getAttribute('href')).toBe('/register');
    expect(await page.getByRole('link', { name: 'Explore Stories' }).getAttribute('href')).toBe('/stories');
    expect(await page.getByRole('region', { name: 'Beta notice' }).textContent()).toMatch(/beta/i);

    // Act: open the modal from the footer; focus moves into it.
    await page.getByRole('contentinfo').getByRole('button', { name: 'Contact Us' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact Us' });
    await dialog.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');

    // Empty, then a malformed email: the shared schema's messages.
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await dialog.getByRole('alert').getByText(validation.contactRequired).waitFor();
    await dialog.getByLabel('Your name').fill('Ada Lovelace');
    await dialog.getByLabel('Your email').fill('not-an-email');
    await dialog.getByLabel('Message').fill(`Hello from the browser test ${marker}`);
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await dialog.getByRole('alert').getByText(validation.validEmail).waitFor();
    expect(await dialog.getByLabel('Your email').getAttribute('aria-invalid')).toBe('true');

    await dialog.getByLabel('Your email').fill('ada@example.com');
    await dialog.getByRole('button', { name: 'Send Message' }).click();

    // Assess: a success toast, the modal closed with focus back on the footer button, the mail sent.
    await page.getByRole('status', { name: 'Notifications' }).getByText(success.messageSent).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Contact Us');
    const mail = await waitForMail((m) => m.text.includes(marker));
    expect(mail.to.length).toBeGreaterThan(0);
    expect(mail.text).toContain('ada@example.com');

    // The form starts empty next time.
    await page.getByRole('contentinfo').getByRole('button', { name: 'Contact Us' }).click();
    await dialog.waitFor();
    expect(await dialog.getByLabel('Message').inputValue()).toBe('');
    expect(browser.pageErrors).toEqual([]);
  });

  it("shows the server's error, or the fallback text, and keeps the draft", async () => {
    const { page } = browser;
    let reply = { status: 429, body: JSON.stringify({ error: 'Too many messages, try later' }) };
    await page.route('**/backend/contact', (route) => route.fulfill({ ...reply, contentType: 'application/json' }));

    await page.goto(baseUrl);
    await page.getByRole('contentinfo').getByRole('button', { name: 'Contact Us' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact Us' });
    await dialog.getByLabel('Your name').fill('Grace');
    await dialog.getByLabel('Your email').fill('grace@example.com');
    await dialog.getByLabel('Message').fill('Hello');
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await dialog.getByRole('alert').getByText('Too many messages, try later').waitFor();

    reply = { status: 502, body: '<html>Bad gateway</html>' };
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await dialog.getByRole('alert').getByText(fallback.contact).waitFor();
    expect(await dialog.getByLabel('Message').inputValue()).toBe('Hello');
    expect(await dialog.isVisible()).toBe(true);

    // Escape closes; the draft is still there when it opens again.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('contentinfo').getByRole('button', { name: 'Contact Us' }).click();
    expect(await dialog.getByLabel('Message').inputValue()).toBe('Hello');
  });

  it('closes on Back and keeps the page under it and the draft; Back then leaves the page as before', async () => {
    const { page } = browser;
    await page.goto(baseUrl);
    await page.getByRole('link', { name: 'Explore Stories' }).click();
    await page.waitForURL((u) => u.pathname === '/stories');
    await page.getByRole('contentinfo').getByRole('button', { name: 'Contact Us' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact Us' });
    await dialog.getByLabel('Message').fill('Can my grandson read my stories?');

    await page.goBack();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/stories');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Contact Us');

    await page.getByRole('contentinfo').getByRole('button', { name: 'Contact Us' }).click();
    expect(await dialog.getByLabel('Message').inputValue()).toBe('Can my grandson read my stories?');
    // Its own close goes back over its entry: the next Back leaves /stories for the landing page.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/');
    expect(browser.pageErrors).toEqual([]);
  });
});
