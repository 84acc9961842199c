import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { createStory } from '../support/stories.ts';
import { createAdmin, loginAs } from '../support/users.ts';
import { browserTestsEnabled, signIn, useBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');
const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/** Runs axe-core in the page (WCAG 2 A/AA rules) and returns the serious and critical violations. */
async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated, not added as a <script>: the app's CSP (no inline script) rightly refuses an inline tag.
  await page.evaluate(await axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

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
