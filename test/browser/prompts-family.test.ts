import { promptText, success } from '@storyloom/shared/messages';
import { answeredMailText } from '@storyloom/shared/messages/family-mail';
import { describe, expect, it } from 'vitest';
import { waitForMail } from '../support/mailbox.ts';
import { createStory, setPublic, shareWith } from '../support/stories.ts';
import { loginAs, registerVerifiedUser } from '../support/users.ts';
import { seriousViolations } from './axe-support.ts';
import { browserTestsEnabled, pathOf, signIn, url, useBrowser } from './browser.ts';
import { expectToast, openContext, waitForPath } from './stories-support.ts';

/**
 * The family loop on screen: a grandchild a story is shared with by name asks the storyteller a question;
 * the storyteller sees it with who asked, answers it, and shares the answer with the asker in the same
 * flow; the grandchild is emailed at once that the question was answered and can open the new story.
 */
describe.runIf(browserTestsEnabled)('questions from the family (browser)', () => {
  const browser = useBrowser();

  it('a grandchild asks, the storyteller answers and shares it back, and the grandchild opens the answer', async () => {
    // Prepare: grandma has shared a story with her grandchild by name.
    const [grandma, grandchild] = await Promise.all([registerVerifiedUser(), registerVerifiedUser()]);
    const [grandmaLogin, grandchildLogin] = await Promise.all([loginAs(grandma), loginAs(grandchild)]);
    const story = await createStory(grandmaLogin, { title: 'The summer at the lake' });
    await shareWith(grandmaLogin, story.ID, grandchild.username, 'read');
    const question = 'What was your wedding dress like?';

    // The grandchild asks from the shared story's page.
    await signIn(browser.context, grandchildLogin);
    const child = browser.page;
    await child.goto(url(`/story/${story.ID}`));
    await child.getByRole('heading', { name: 'The summer at the lake', level: 1 }).waitFor();
    await child.getByRole('button', { name: promptText.askTitle(grandma.username) }).click();
    const dialog = child.getByRole('dialog', { name: promptText.askTitle(grandma.username) });
    // Too long first: the limit is said before anything is sent.
    await dialog.getByLabel(promptText.askLabel).fill('x'.repeat(201));
    await dialog.getByRole('button', { name: promptText.askSend }).click();
    await dialog.getByRole('alert').getByText(promptText.questionTooLong).waitFor();
    expect(await seriousViolations(child), 'the ask dialog').toEqual([]);
    await dialog.getByLabel(promptText.askLabel).fill(question);
    await dialog.getByRole('button', { name: promptText.askSend }).click();
    await expectToast(child, promptText.askSent(grandma.username));
    await expect.poll(() => dialog.count()).toBe(0);

    // The storyteller sees it beside the prompts, with who asked; it is also the card's question now.
    const other = await openContext(browser.context);
    try {
      await signIn(other.context, grandmaLogin);
      const teller = other.page;
      await teller.goto(url('/dashboard'));
      const family = teller.getByRole('region', { name: promptText.familyTitle });
      const item = family.getByRole('listitem').filter({ hasText: question });
      await item.waitFor();
      await item.getByText(new RegExp(`^Asked by ${grandchild.username} on `)).waitFor();
      await teller
        .getByRole('region', { name: promptText.cardTitle })
        .getByText(promptText.familyKind(grandchild.username))
        .waitFor();

      // She answers it in writing: the question above the form, and as the title.
      await item.getByRole('link', { name: `${promptText.answerByWriting}: ${question}` }).click();
      await teller.getByRole('heading', { name: 'Create a Story', level: 1 }).waitFor();
      await teller.getByRole('region', { name: promptText.answeringLabel }).getByText(question).waitFor();
      expect(await teller.getByLabel('Title').inputValue()).toBe(question);
      // Not answered yet: no note saying it was.
      expect(await teller.getByText(promptText.alreadyAnswered).count()).toBe(0);
      const promptId = new URL(teller.url()).searchParams.get('prompt') ?? '';
      await teller.getByLabel('Your story').fill('Ivory silk, with a long veil my mother sewed.');
      await teller.getByRole('button', { name: 'Create Text Story' }).click();
      await expectToast(teller, success.storyCreated);

      // Same flow: the offer to share it with the grandchild.
      await expect.poll(() => pathOf(teller)).toMatch(/^\/prompts\/answered\//);
      const answerId = pathOf(teller).split('/').at(-1) as string;
      // Back from the offer goes to the dashboard, not to an empty form for the question just answered;
      // Forward brings the offer back.
      await teller.goBack();
      await waitForPath(teller, '/dashboard');
      expect(await teller.getByRole('heading', { name: 'Create a Story', level: 1 }).count()).toBe(0);
      await teller.goForward();
      await teller.getByRole('button', { name: promptText.shareWith(grandchild.username) }).waitFor();
      expect(await seriousViolations(teller), 'the share offer').toEqual([]);
      await teller.getByRole('button', { name: promptText.shareWith(grandchild.username) }).click();
      await teller.getByText(promptText.sharedWith(grandchild.username)).waitFor();
      // The Share button is gone: the focus is on what comes next, not thrown to the top of the page.
      const openIt = teller.getByRole('link', { name: promptText.openStory });
      await expect.poll(() => openIt.evaluate((el) => el === document.activeElement)).toBe(true);
      // What the notice promises: the grandchild is emailed now, with a link to the answer.
      const mail = await waitForMail(
        (m) => m.to.includes(grandchild.email) && m.subject === answeredMailText.subject(grandma.username),
      );
      expect(mail.text).toContain(`/story/${answerId}`);
      await teller.getByRole('link', { name: promptText.backToDashboard }).click();
      await waitForPath(teller, '/dashboard');
      // Answered: gone from her family list.
      await family.getByText(promptText.familyEmpty).waitFor();
      // Opened again (an old email's button), the answer screen says it was answered and links to the answer.
      await teller.goto(url(`/create-story?prompt=${encodeURIComponent(promptId)}`));
      const above = teller.getByRole('region', { name: promptText.answeringLabel });
      await above.getByText(promptText.alreadyAnswered).waitFor();
      await above.getByRole('link', { name: promptText.readYourAnswer }).click();
      await waitForPath(teller, `/story/${answerId}`);

      // The grandchild opens the answer.
      await child.goto(url(`/story/${answerId}`));
      await child.getByRole('heading', { name: question, level: 1 }).waitFor();
      await child.getByText('Ivory silk, with a long veil my mother sewed.').waitFor();
    } finally {
      await other.context.close();
    }
  });

  it('keyboard only: asking from the story page, focus comes back to the Ask button after Escape and after sending', async () => {
    const [grandma, grandchild] = await Promise.all([registerVerifiedUser(), registerVerifiedUser()]);
    const [grandmaLogin, grandchildLogin] = await Promise.all([loginAs(grandma), loginAs(grandchild)]);
    const story = await createStory(grandmaLogin, { title: 'The washing machine' });
    await shareWith(grandmaLogin, story.ID, grandchild.username, 'read');

    await signIn(browser.context, grandchildLogin);
    const { page } = browser;
    await page.goto(url(`/story/${story.ID}`));
    const ask = page.getByRole('button', { name: promptText.askTitle(grandma.username) });
    const dialog = page.getByRole('dialog', { name: promptText.askTitle(grandma.username) });
    const askHasFocus = () => ask.evaluate((el) => el === document.activeElement);
    await ask.focus();

    // Opened with Enter, closed with Escape: back where the reader was, not at the top of the page.
    await page.keyboard.press('Enter');
    await dialog.getByLabel(promptText.askLabel).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(askHasFocus).toBe(true);

    // Opened again, typed and sent with Enter: the toast says so and focus is on the button again.
    await page.keyboard.press('Enter');
    await expect
      .poll(() => dialog.getByLabel(promptText.askLabel).evaluate((el) => el === document.activeElement))
      .toBe(true);
    await page.keyboard.type('Where did the washing machine stand?');
    await page.keyboard.press('Enter');
    await expectToast(page, promptText.askSent(grandma.username));
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(askHasFocus).toBe(true);
  });

  it('the page after answering, opened without its question, offers the way on instead of loading for ever', async () => {
    const teller = await registerVerifiedUser();
    const login = await loginAs(teller);
    const story = await createStory(login, { title: 'An answer' });
    await signIn(browser.context, login);
    const { page } = browser;
    await page.goto(url(`/prompts/answered/${story.ID}`));
    await page.getByRole('heading', { name: promptText.answeredSaved, level: 1 }).waitFor();
    await page.getByRole('link', { name: promptText.openStory }).click();
    await waitForPath(page, `/story/${story.ID}`);
    expect(await page.getByText('Loading the question…').count()).toBe(0);
  });

  it('the author page offers the question to a reader shared with by name, and never to a stranger', async () => {
    const [teller, reader, stranger] = await Promise.all([
      registerVerifiedUser(),
      registerVerifiedUser(),
      registerVerifiedUser(),
    ]);
    const [tellerLogin, readerLogin, strangerLogin] = await Promise.all([
      loginAs(teller),
      loginAs(reader),
      loginAs(stranger),
    ]);
    const shared = await createStory(tellerLogin, { title: 'Only for family' });
    await shareWith(tellerLogin, shared.ID, reader.username, 'read');
    await setPublic(tellerLogin, (await createStory(tellerLogin, { title: 'For everyone' })).ID, true);

    // The stranger reads the public story on the author page; once the server has said no, no button.
    await signIn(browser.context, strangerLogin);
    const { page } = browser;
    const answered = page.waitForResponse((res) => res.url().includes(`/backend/api/family-questions/${teller.id}`));
    await page.goto(url(`/author/${teller.id}`));
    await page.getByRole('heading', { name: teller.username, level: 1 }).waitFor();
    await page.getByText('For everyone').waitFor();
    expect((await answered).status()).toBe(200);
    expect(await (await answered).json()).toEqual({ can_ask: false, name: teller.username });
    expect(await page.getByRole('button', { name: promptText.askTitle(teller.username) }).count()).toBe(0);

    // The reader shared with by name gets the button on the same page.
    const other = await openContext(browser.context);
    try {
      await signIn(other.context, readerLogin);
      await other.page.goto(url(`/author/${teller.id}`));
      await other.page.getByRole('button', { name: promptText.askTitle(teller.username) }).waitFor();
    } finally {
      await other.context.close();
    }
  });
});
