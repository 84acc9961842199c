import { describe, expect, it } from 'vitest';
import { browserTestsEnabled, useBrowser } from './browser.ts';
import { grandchildOnPhone } from './family-support.ts';

/**
 * A grandchild invited by name logs in on a phone (the family's walk through the product): they came for the
 * stories shared with them, which sat three screens down, under the prompts and the "Your Storybook is Waiting"
 * invitation meant for storytellers. With no stories of their own, "Shared with you" leads the page; a storyteller's
 * dashboard keeps its order.
 */
describe.runIf(browserTestsEnabled)('The dashboard of someone who only reads the family’s stories (browser)', () => {
  const browser = useBrowser();

  it('shows "Shared with you" first, on the first screen, when they have no stories of their own', async () => {
    const title = `Grandma's dance hall ${crypto.randomUUID().slice(0, 6)}`;
    const { context, page } = await grandchildOnPhone(browser.context.browser()!, { title, role: 'comment' });
    try {
      await page.waitForURL((u) => u.pathname === '/dashboard');
      const shared = page.getByRole('heading', { name: /Shared with you/ });
      await shared.waitFor();
      const card = page.getByRole('link', { name: title }).first();
      const box = (await card.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(844);
      const order = await page.evaluate(() =>
        [...document.querySelectorAll('main h2')].map((h) => h.textContent?.replace(/\s*\(.*$/, '').trim()),
      );
      expect(order[0]).toBe('Shared with you');
      await page.getByRole('heading', { name: 'A question to answer' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
