import { mediaText } from '@storyloom/shared/media';
import { promptText } from '@storyloom/shared/messages';
import type { PromptDto, PromptLibraryDto } from '@storyloom/shared/schemas/prompts';
import type { MyStoriesResponse } from '@storyloom/shared/schemas/stories';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api } from '../support/http.ts';
import { createStory } from '../support/stories.ts';
import { loginAs, registerVerifiedUser } from '../support/users.ts';
import { browserTestsEnabled, signIn, useBrowser } from './browser.ts';
import { fakeMicrophoneArgs, open } from './media-support.ts';
import { expectToast, waitForPath } from './stories-support.ts';

/** The question on the dashboard's card, as a reader sees it. */
const cardQuestion = (page: Page) => page.locator('.prompt-card .prompt-text');
const card = (page: Page) => page.getByRole('region', { name: promptText.cardTitle });

async function newStoryteller() {
  const user = await registerVerifiedUser();
  return { user, login: await loginAs(user) };
}

describe.runIf(browserTestsEnabled)('prompts on the dashboard (browser)', () => {
  const browser = useBrowser({ args: fakeMicrophoneArgs() });

  it('a new storyteller answers the card’s question by recording, and it is marked answered', async () => {
    const { login } = await newStoryteller();
    await signIn(browser.context, login);
    const { page } = browser;

    await open(page, '/dashboard');
    const question = (await cardQuestion(page).textContent())?.trim() ?? '';
    expect(question.length).toBeGreaterThan(10);

    await card(page).getByRole('link', { name: promptText.answerByRecording }).click();
    await page.getByRole('heading', { name: 'Create an Audio Story' }).waitFor();
    // The question stands above the form and is the title to start with.
    await page.getByRole('region', { name: promptText.answeringLabel }).getByText(question).waitFor();
    expect(await page.getByLabel('Title').inputValue()).toBe(question);

    await page.getByRole('button', { name: 'Start Recording' }).click();
    const timer = page.getByRole('timer', { name: 'Recording time' });
    await expect.poll(async () => /00:0[2-9]/.test((await timer.textContent()) ?? ''), { timeout: 15_000 }).toBe(true);
    await page.getByRole('button', { name: 'Stop Recording' }).click();
    await page.getByText(mediaText.recordingKeptStory).waitFor();
    await page.getByRole('button', { name: 'Save Audio Story' }).click();

    await expectToast(page, mediaText.audioStoryCreated);
    await waitForPath(page, '/dashboard');
    // Back does not reopen an empty form for the question just answered (the saved form left the history).
    await page.goBack();
    await waitForPath(page, '/dashboard');
    expect(await page.getByRole('heading', { name: 'Create an Audio Story' }).count()).toBe(0);
    // The card moved on to another question.
    await expect.poll(async () => (await cardQuestion(page).textContent())?.trim()).not.toBe(question);

    // "Browse all" marks it answered, linking to the new audio story.
    await card(page).getByRole('link', { name: promptText.browseAll }).click();
    await page.getByRole('heading', { name: promptText.browseTitle, level: 1 }).waitFor();
    const answered = page.getByRole('link', { name: `${promptText.answeredLabel}: ${question}` });
    await answered.waitFor();
    expect(await page.getByRole('link', { name: new RegExp(`^${promptText.answeredLabel}:`) }).count()).toBe(1);

    const mine = await api<MyStoriesResponse>('GET', '/api/stories', { token: login.token });
    expect(mine.body.stories).toHaveLength(1);
    expect(mine.body.stories[0]).toMatchObject({ title: question, story_type: 'audio' });
    await answered.click();
    await waitForPath(page, `/story/${mine.body.stories[0]?.ID}`);
  });

  it('“Another question” never shows an answered or hidden question, nor one twice in a round', async () => {
    const { login } = await newStoryteller();
    // Prepare: answer the storyteller's first question and hide their second, as they would on the card.
    const first = await api<{ prompt: PromptDto }>('GET', '/api/prompts/next', { token: login.token });
    const story = await createStory(login, { title: first.body.prompt?.text });
    await api('POST', `/api/prompts/${first.body.prompt?.id}/answered`, {
      token: login.token,
      body: { story_id: story.ID },
    });
    const second = await api<{ prompt: PromptDto }>('GET', '/api/prompts/next', { token: login.token });
    await signIn(browser.context, login);
    const { page } = browser;

    // Hide the second one on "Browse all" (its theme links jump down the long page).
    await open(page, '/prompts');
    await page
      .getByRole('navigation', { name: promptText.themesNav })
      .getByRole('link', { name: 'Lessons and advice' })
      .click();
    const lessons = page.getByRole('heading', { name: 'Lessons and advice', level: 3 });
    await expect.poll(() => lessons.evaluate((h) => Math.round(h.getBoundingClientRect().top))).toBeLessThan(100);
    // By keyboard: Enter on Hide, and the focus stays on the same button, now "Show again".
    await page.getByRole('button', { name: `${promptText.hide}: ${second.body.prompt?.text}` }).focus();
    await page.keyboard.press('Enter');
    const showAgain = page.getByRole('button', { name: `${promptText.unhide}: ${second.body.prompt?.text}` });
    await showAgain.waitFor();
    await expect.poll(() => showAgain.evaluate((el) => el === document.activeElement)).toBe(true);

    await open(page, '/dashboard');
    const seen: string[] = [];
    // By keyboard: Enter on "Another question" again and again, the focus staying on the button.
    const anotherButton = card(page).getByRole('button', { name: promptText.another });
    await anotherButton.focus();
    for (let i = 0; i < 12; i++) {
      await expect.poll(async () => seen.includes((await cardQuestion(page).textContent())?.trim() ?? '')).toBe(false);
      const shown = (await cardQuestion(page).textContent())?.trim() ?? '';
      expect(shown).not.toBe(first.body.prompt?.text);
      expect(shown).not.toBe(second.body.prompt?.text);
      seen.push(shown);
      await expect.poll(() => anotherButton.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
    }
    expect(new Set(seen).size).toBe(12);
    // Every question shown is from the library and still open.
    const library = await api<PromptLibraryDto>('GET', '/api/prompts', { token: login.token });
    const open_ = new Set(
      library.body.themes
        .flatMap((t) => t.prompts)
        .filter((p) => !p.hidden && !p.answered_story_id)
        .map((p) => p.text),
    );
    for (const text of seen) expect(open_.has(text), text).toBe(true);
  });
});
