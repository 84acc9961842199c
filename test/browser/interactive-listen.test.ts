import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { interactiveText } from '@storyloom/shared/interactive';
import type { NarrationTimings } from '@storyloom/shared/narration';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api } from '../support/http.ts';
import { narrateStory } from '../support/narration.ts';
import { createStory } from '../support/stories.ts';
import { loginAs, registerVerifiedUser } from '../support/users.ts';
import { browserTestsEnabled, signIn, url, useBrowser } from './browser.ts';

/** One fact per sentence, so the heard cut can fall between them. */
const CONTENT =
  'I met your grandfather at the Roseland dance hall in 1952.\n\n' +
  'He was working at the shipyard then, and he walked me home every night. ' +
  'We were married at St. Agnes Church the next June, and all our friends came. ' +
  'Years later we bought a little house on Maple Street, with a garden full of roses.';

/**
 * Records, in the page, when audio starts and ends (story or spoken answer) and when answers arrive, so the
 * timing rules of spec section 4 can be checked against the page's own clock.
 */
async function recordAudio(page: Page) {
  await page.addInitScript(() => {
    type Ev = { kind: string; t: number; src?: string };
    const events: Ev[] = [];
    (window as unknown as { __audio: Ev[] }).__audio = events;
    const kindOf = (el: HTMLMediaElement) => (el.src.includes('/answers/') ? 'answer' : 'story');
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      const kind = kindOf(this);
      events.push({ kind: `${kind}-play`, t: performance.now(), src: this.src });
      if (kind === 'answer')
        this.addEventListener('ended', () => events.push({ kind: 'answer-ended', t: performance.now() }));
      return play.call(this);
    };
    const fetch = window.fetch;
    window.fetch = async (...args) => {
      const res = await fetch(...args);
      const target = String(args[0] instanceof Request ? args[0].url : args[0]);
      if (target.includes('/interactive/question/')) events.push({ kind: 'answer-arrived', t: performance.now() });
      return res;
    };
  });
}

const audioEvents = (page: Page) =>
  page.evaluate(() => (window as unknown as { __audio: Array<{ kind: string; t: number }> }).__audio);

async function storyTime(page: Page): Promise<number> {
  return page.evaluate(() => document.querySelector<HTMLAudioElement>('dialog[open] audio')?.currentTime ?? -1);
}

async function narratedStoryWithLink() {
  const user = await registerVerifiedUser();
  const login = await loginAs(user);
  const title = `How I met your grandfather ${crypto.randomUUID().slice(0, 6)}`;
  const story = await createStory({ token: login.token }, { title, content: CONTENT });
  const timings = await narrateStory(story);
  const link = await api<{ share_token: string }>('POST', `/api/stories/${story.ID}/share-link`, {
    token: login.token,
  });
  return { user, login, story, title, timings, token: link.body.share_token };
}

const wordStart = (timings: NarrationTimings, word: string) => timings.words.find((w) => w.text === word)!.start;

/** Serious and critical axe-core (WCAG 2 A/AA) violations on the page, as in accessibility.test.ts. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));
  return page.evaluate(async () => {
    type Violation = { id: string; impact: string | null; nodes: Array<{ target: string[] }> };
    const axe = (
      window as unknown as { axe: { run: (d: Document, o: object) => Promise<{ violations: Violation[] }> } }
    ).axe;
    const { violations } = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

describe.runIf(browserTestsEnabled)('Listen interactively (browser)', () => {
  const browser = useBrowser();

  it('a logged-out listener on a share link: ask, hear, seek, decline, replay, clear, close', async () => {
    const { title, timings, token } = await narratedStoryWithLink();
    const { page } = browser;
    await recordAudio(page);
    const times: number[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes('/shared/interactive/time/'))
        times.push(JSON.parse(r.postData()!).current_time);
    });

    // The overlay opens at once for a text story with audio.
    await page.goto(url(`/shared/${token}?interactive=true`), { waitUntil: 'domcontentloaded', timeout: 30_000 });
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByText(interactiveText.spokenNote).count()).toBe(1);
    await dialog.getByText(interactiveText.sharedNote).waitFor();
    const play = dialog.getByRole('button', { name: 'Play Story' });
    await play.waitFor();
    await expect.poll(() => play.isEnabled()).toBe(true);

    // Play; the position is reported (whole seconds), and the read-along follows the voice.
    await play.click();
    await dialog.locator('.read-along-sentence.is-speaking[data-sentence="1"]').waitFor();
    const afterFirst = wordStart(timings, '1952') + 0.3;
    await page.waitForFunction(
      (t) => (document.querySelector<HTMLAudioElement>('dialog[open] audio')?.currentTime ?? 0) > t,
      afterFirst,
    );
    await expect.poll(() => times.length, { timeout: 8000 }).toBeGreaterThan(0);
    expect(times.every((t) => Number.isInteger(t))).toBe(true);

    // A question answered by the first part: the spoken answer plays 0.5 s after it arrives, then the story goes on.
    const input = dialog.getByLabel('Ask the story a question');
    await input.fill('Where did you meet grandpa?');
    await dialog.getByRole('button', { name: 'Ask' }).click();
    const entry = dialog.locator('.conversation-entry').first();
    // The first answer of a fresh server also loads the language model and the voice engine: allow for it.
    await entry.getByText('Roseland dance hall', { exact: false }).first().waitFor({ timeout: 45_000 });
    expect(await input.isDisabled()).toBe(true);
    await expect
      .poll(async () => (await audioEvents(page)).some((e) => e.kind === 'answer-ended'), { timeout: 15_000 })
      .toBe(true);
    await expect.poll(async () => (await audioEvents(page)).filter((e) => e.kind === 'story-play').length).toBe(2);
    const events = await audioEvents(page);
    const arrived = events.find((e) => e.kind === 'answer-arrived')!.t;
    const answerPlay = events.find((e) => e.kind === 'answer-play')!.t;
    const answerEnd = events.find((e) => e.kind === 'answer-ended')!.t;
    const resumed = events.filter((e) => e.kind === 'story-play')[1]!.t;
    expect(answerPlay - arrived).toBeGreaterThanOrEqual(480);
    expect(answerPlay - arrived).toBeLessThan(1500);
    expect(resumed - answerEnd).toBeGreaterThanOrEqual(480);
    expect(resumed - answerEnd).toBeLessThan(1500);
    await expect.poll(() => input.isEnabled()).toBe(true);

    // The cited sentence shows under the answer, and a click seeks the story there.
    await entry.getByText(interactiveText.fromStory).waitFor();
    await page.waitForFunction(
      () => (document.querySelector<HTMLAudioElement>('dialog[open] audio')?.currentTime ?? 0) > 2,
    );
    await entry.getByRole('button', { name: /Play the story from: I met your grandfather/ }).click();
    expect(await storyTime(page)).toBeLessThan(1.5);

    // Something from the part not heard yet, then something the story never tells.
    await input.fill('Where did you buy a house?');
    await dialog.getByRole('button', { name: 'Ask' }).click();
    await dialog.getByText("I haven't got to that part yet", { exact: false }).waitFor({ timeout: 30_000 });
    await expect.poll(() => input.isEnabled(), { timeout: 15_000 }).toBe(true);
    await input.fill('What was your favourite song?');
    await dialog.getByRole('button', { name: 'Ask' }).click();
    await dialog.getByText("My story doesn't say", { exact: false }).waitFor({ timeout: 30_000 });
    await expect.poll(() => input.isEnabled(), { timeout: 15_000 }).toBe(true);
    expect(await dialog.locator('.conversation-entry').count()).toBe(3);

    // Replay plays the first answer again.
    const before = (await audioEvents(page)).filter((e) => e.kind === 'answer-play').length;
    await entry.getByRole('button', { name: 'Replay answer' }).click();
    await expect
      .poll(async () => (await audioEvents(page)).filter((e) => e.kind === 'answer-play').length)
      .toBe(before + 1);

    // Clear asks first, then empties the list.
    await dialog.getByRole('button', { name: 'Clear', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: interactiveText.clearConfirm });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect.poll(() => dialog.locator('.conversation-entry').count()).toBe(0);

    // Close ends the session, and the server says so.
    const ended = page.waitForResponse(
      (r) => r.request().method() === 'DELETE' && r.url().includes('/shared/interactive/end/'),
    );
    await dialog.getByRole('button', { name: `Close ${title}` }).click();
    const end = await ended;
    expect(end.status()).toBe(200);
    // The server agrees: the session is gone (a keepalive response's body is not readable from the test).
    const sessionId = new URL(end.url()).pathname.split('/').pop()!;
    const after = await api('POST', `/shared/interactive/question/${sessionId}`, {
      body: { question: 'Still there?' },
    });
    expect(after).toMatchObject({ status: 404, body: { error: interactiveText.sessionEnded } });
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    expect(browser.pageErrors).toEqual([]);
  }, 180_000);

  it('the owner from the story page: Interactive features, a spoken answer, and what the family asked', async () => {
    const { login, story, title, token } = await narratedStoryWithLink();
    // A family member asked something the story does not tell.
    const start = await api<{ session_id: string }>('POST', `/shared/interactive/start/${token}`);
    // Asked twice, typed differently: one entry on the storyteller's list.
    for (const question of ['did you ever have a DOG', 'Did you ever have a dog?']) {
      await api('POST', `/shared/interactive/question/${start.body.session_id}`, {
        body: { question, asked_at: 1000 },
      });
    }

    await signIn(browser.context, login);
    const { page } = browser;
    await recordAudio(page);
    await page.goto(url(`/story/${story.ID}`), { waitUntil: 'domcontentloaded', timeout: 30_000 });
    const panel = page.getByRole('region', { name: 'Interactive Features' });
    await panel.getByText(interactiveText.familyAsked).waitFor();
    await panel.getByText('Did you ever have a dog?').waitFor();
    expect(await panel.getByText(/have a dog/i).count()).toBe(1);
    // The panel says what the list holds: only unanswered questions, each once, the most recent kept.
    await panel.getByText(interactiveText.familyAskedNote).waitFor();
    await panel.getByRole('link', { name: 'Add to the story' }).waitFor();

    await panel.getByRole('button', { name: 'Listen Interactively' }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.waitFor();
    expect(await dialog.getByText(interactiveText.sharedNote).count()).toBe(0);
    const play = dialog.getByRole('button', { name: 'Play Story' });
    await expect.poll(() => play.isEnabled()).toBe(true);
    await play.click();
    await page.waitForFunction(
      () => (document.querySelector<HTMLAudioElement>('dialog[open] audio')?.currentTime ?? 0) > 4.5,
    );
    await dialog.getByLabel('Ask the story a question').fill('Where did you meet grandpa?');
    await dialog.getByRole('button', { name: 'Ask' }).click();
    await dialog
      .locator('.conversation-entry')
      .getByText('Roseland dance hall', { exact: false })
      .first()
      .waitFor({ timeout: 45_000 });
    await expect
      .poll(async () => (await audioEvents(page)).some((e) => e.kind === 'answer-play'), { timeout: 10_000 })
      .toBe(true);
    // The open player, with an answer and its cited sentence, passes axe-core's WCAG 2 A/AA checks.
    expect(await seriousViolations(page)).toEqual([]);

    const ended = page.waitForResponse(
      (r) => r.request().method() === 'DELETE' && r.url().includes('/api/interactive/end/'),
    );
    await page.keyboard.press('Escape');
    expect((await ended).status()).toBe(200);

    // The read-along on the story page follows the AI Narration player.
    await page.getByRole('button', { name: 'Play AI Narration' }).click();
    await page.locator('.read-along-sentence.is-speaking[data-sentence="1"]').waitFor();
    await page.locator('.read-along-sentence.is-speaking[data-sentence="2"]').waitFor({ timeout: 15_000 });
    expect(browser.pageErrors).toEqual([]);
  }, 180_000);
});
