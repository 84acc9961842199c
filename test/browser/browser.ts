import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { REFRESH_TOKEN_KEY, TOKEN_KEY } from '../../web/src/lib/token-storage.ts';

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * Browser tests run unless SKIP_BROWSER_TESTS=1. A missing Chromium is an error, not a skip:
 * a silently skipped suite looks exactly like a passing one.
 */
export const browserTestsEnabled = process.env.SKIP_BROWSER_TESTS !== '1';

/** Where screenshots of failed tests go (git-ignored). */
export const ARTIFACTS_DIR = '.test-artifacts';

/** Extra Chromium switches, e.g. a fake microphone for the media tests (see media-support.ts). */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  if (!existsSync(CHROME_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROME_PATH}: install it with \`apt-get install chromium\` (Debian) or set CHROME_PATH`,
    );
  }
  return chromium.launch({
    executablePath: CHROME_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

export interface BrowserFixture {
  /** The page of the current test, in a fresh context (no cookies, no local storage). */
  readonly page: Page;
  readonly context: BrowserContext;
  /** Uncaught errors thrown in the page during the current test. */
  readonly pageErrors: readonly Error[];
  /** Content Security Policy violations the console reported during the current test (any fails the test). */
  readonly cspViolations: readonly string[];
}

/** Chromium reports a blocked load or inline script/style on the console with this wording. */
export const isCspViolation = (text: string) => /Content Security Policy/i.test(text);

/**
 * Call once inside a `describe`: one browser for the file, a fresh context and page per test,
 * and a full-page screenshot in `.test-artifacts/` when a test fails.
 */
export function useBrowser(opts: { args?: readonly string[] } = {}): BrowserFixture {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let pageErrors: Error[] = [];
  let cspViolations: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser(opts.args);
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    if (!browser) throw new Error('the browser did not start');
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    context.setDefaultTimeout(10_000);
    page = await context.newPage();
    pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error));
    // The SPA runs under production's CSP (local mode sends the same headers): a violation is a failure.
    cspViolations = [];
    context.on('console', (message) => {
      if (isCspViolation(message.text())) cspViolations.push(message.text());
    });
  });
  afterEach(async ({ task }) => {
    // afterEach runs before onTestFailed, while the page is still open: the moment to take the picture.
    if (task.result?.state === 'fail' && page) await saveScreenshot(page, task.name);
    await context?.close();
    context = undefined;
    page = undefined;
    if (cspViolations.length > 0) {
      throw new Error(`Content Security Policy violations in the console:\n${cspViolations.join('\n')}`);
    }
  });

  return {
    get page() {
      if (!page) throw new Error('no page: use the fixture inside a test');
      return page;
    },
    get context() {
      if (!context) throw new Error('no context: use the fixture inside a test');
      return context;
    },
    get pageErrors() {
      return pageErrors;
    },
    get cspViolations() {
      return cspViolations;
    },
  };
}

/** Saves a full-page screenshot under `.test-artifacts/`; returns its path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  const file = join(ARTIFACTS_DIR, `${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}-${Date.now()}.png`);
  await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
  return file;
}

/** An absolute URL of the run's local server. */
export const url = (path: string) => new URL(path, inject('baseUrl')).href;

/** The path of the page's current URL (client-side navigations fire no load event to wait for). */
export const pathOf = (page: Page) => new URL(page.url()).pathname;

/**
 * Starts the context signed in, as if the user had logged in on this device: the tokens (a POST /login
 * answer) go into local storage before the app's code runs. Only a tab's first load is seeded, so a
 * later refresh, logout or login in the test is not undone by a reload.
 */
export async function signIn(context: BrowserContext, session: { token: string; refresh_token?: string }) {
  await context.addInitScript(
    ([tokenKey, token, refreshKey, refresh]) => {
      try {
        if (sessionStorage.getItem('storyloom-test-seeded')) return;
        sessionStorage.setItem('storyloom-test-seeded', '1');
        localStorage.setItem(tokenKey, token);
        if (refresh) localStorage.setItem(refreshKey, refresh);
      } catch {
        // about:blank has no storage
      }
    },
    [TOKEN_KEY, session.token, REFRESH_TOKEN_KEY, session.refresh_token ?? ''] as const,
  );
}

/** Logs in on the login screen the page is showing, as a user types it. */
export async function logInOnScreen(page: Page, user: { username: string; password: string }): Promise<void> {
  await page.getByLabel('Username or Email', { exact: true }).fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}
