import { describe, expect, inject, it } from 'vitest';
import { createStory } from '../support/stories.ts';
import { createAdmin, loginAs } from '../support/users.ts';
import { seriousViolations } from './axe-support.ts';
import { browserTestsEnabled, signIn, useBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');

/**
 * Every screen checked with axe-core against WCAG 2 A/AA, as it renders for the people who use it
 * (visitors, a signed-in admin): contrast, names, labels, landmarks, ARIA use.
 */
describe.runIf(browserTestsEnabled)('accessibility (axe-core, WCAG 2 A/AA)', () => {
  const browser = useBrowser();

  it('open pages have no serious or critical violations', async () => {
    const { page } = browser;
    for (const path of [
      '/',
      '/login',
      '/register',
      '/forgot-password',
      '/stories',
      '/privacy-policy',
      '/terms-of-service',
    ]) {
      await page.goto(new URL(path, baseUrl).href);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });

  it('signed-in pages have no serious or critical violations', async () => {
    const admin = await createAdmin();
    const session = await loginAs(admin);
    const story = await createStory({ token: session.token }, { title: 'Checked for access' });
    await signIn(browser.context, session);
    const { page } = browser;
    for (const path of [
      '/dashboard',
      '/create-story',
      `/story/${story.ID}`,
      `/edit-story/${story.ID}`,
      '/profile',
      '/admin',
      // Prompts (docs/family-loop.md): "Browse all", and both answer screens with a question above the form.
      '/prompts',
      '/create-story?prompt=childhood-01',
      '/create-story?type=audio&prompt=childhood-01',
    ]) {
      await page.goto(new URL(path, baseUrl).href);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // Pages load their data after the first paint: wait for the spinners to go.
      await page
        .locator('.spinner')
        .first()
        .waitFor({ state: 'detached' })
        .catch(() => undefined);
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });
});
