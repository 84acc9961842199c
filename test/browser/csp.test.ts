import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserTestsEnabled, isCspViolation, launchBrowser, url } from './browser.ts';

/**
 * The SPA is served with production's security headers (infra/lib/security-headers.ts), and the browser
 * fixture fails any test whose console reports a CSP violation. This file checks both halves: the
 * headers arrive, and an inline script is refused and reported as the fixture expects.
 */
describe.runIf(browserTestsEnabled)('content security policy', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('serves the app under a strict CSP, no framing, and the microphone for this origin only', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (m) => {
      if (isCspViolation(m.text())) violations.push(m.text());
    });
    const response = await page.goto(url('/'));
    const headers = response?.headers() ?? {};
    expect(headers['content-security-policy']).toMatch(/script-src 'self'; style-src 'self'/);
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).not.toContain('unsafe-inline');
    expect(headers['permissions-policy']).toContain('microphone=(self)');
    expect(headers['x-frame-options']).toBe('DENY');
    await page
      .getByRole('link', { name: /storyloom/i })
      .first()
      .waitFor();
    expect(violations).toEqual([]);

    // An inline script is blocked and reported on the console: what the fixture listens for.
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true;';
      document.body.appendChild(script);
      return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    await context.close();
  });
});
