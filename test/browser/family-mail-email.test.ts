import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { promptText } from '@storyloom/shared/messages';
import { answeredMailText, familyMailText as t, WEEKDAY_NAMES } from '@storyloom/shared/messages/family-mail';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useServerEnv } from '../support/env.ts';
import { api } from '../support/http.ts';
import { waitForMail } from '../support/mailbox.ts';
import { createStory, shareWith } from '../support/stories.ts';
import { loginAs, registerAndLogin, registerVerifiedUser } from '../support/users.ts';
import { heading } from './accounts-support.ts';
import { browserTestsEnabled, logInOnScreen, pathOf, signIn, url, useBrowser } from './browser.ts';

/**
 * The weekly question by email, tried as a storyteller would in Chromium with the local mailbox
 * (issue 20 B acceptance): choose a day on the profile, "send now" in local mode, click the email's
 * button (also after logging out first), one-click unsubscribe without login (twice), forged or
 * expired links that do nothing, and the email to a grandchild whose question was answered and shared.
 */
const env = useServerEnv();
const { nextPromptFor } = await import('@storyloom/functions/domain/prompts/next');
const { signWithKey } = await import('@storyloom/functions/domain/family-mail/links');
const { isoWeekday } = await import('@storyloom/functions/domain/family-mail/calendar');
const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious and critical WCAG 2 A/AA violations on the page (as accessibility.test.ts runs axe). */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(await axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (d: Document, o: object) => Promise<{ violations: { id: string; impact: string | null }[] }> };
      }
    ).axe;
    return (await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } })).violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

/** Not today's weekday: the hourly run (test/api) must not send this user's question before "send now". */
const tomorrowName = WEEKDAY_NAMES[isoWeekday(new Date(Date.now() + 86_400_000)) - 1]!;

/** A storyteller who chose a weekly day on the profile, signed in on the page. */
async function storytellerOnProfile(page: Page, context: Parameters<typeof signIn>[0]) {
  const user = await registerVerifiedUser();
  await signIn(context, await loginAs(user));
  await page.goto(url('/profile'));
  const section = page.locator('#email-settings');
  await section.getByRole('heading', { name: t.settingsHeading }).waitFor();
  const day = section.getByLabel(t.weeklyLabel);
  expect(await day.inputValue()).toBe('');
  expect(await section.getByLabel(t.digestLabel).isChecked()).toBe(true);
  await day.selectOption({ label: tomorrowName });
  await section.getByRole('button', { name: 'Save Email Settings' }).click();
  await section.getByRole('status').getByText(t.settingsSaved).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  return user;
}

/** "Send now" on the local mailbox page; returns the user's weekly email. */
async function sendWeeklyNow(page: Page, username: string, email: string) {
  await page.goto(url('/_local/mailbox'));
  await page.getByLabel('Username').fill(username);
  await page.getByRole('button', { name: 'Send the weekly question now' }).click();
  await page.getByRole('status').getByText(t.localSentWeekly).waitFor();
  return waitForMail((m) => m.to.includes(email) && m.subject === t.weeklySubject);
}

/** Clicks the button inside the email as the mailbox page shows it (a sandboxed frame). */
async function clickEmailButton(page: Page, email: string) {
  await page.goto(url('/_local/mailbox'));
  const article = page.locator('article').filter({ hasText: email });
  await article.frameLocator('iframe').getByRole('link', { name: t.weeklyButton }).click();
}

const linkToken = (text: string, page: string) =>
  decodeURIComponent(new RegExp(`${page}\\?token=([^\\s]+)`).exec(text)![1]!);

describe.runIf(browserTestsEnabled)('Family-loop email (browser)', () => {
  const browser = useBrowser();

  it('sent now in local mode, its button opens the answer screen for that question, also after logging out', async () => {
    const { page, context } = browser;
    const user = await storytellerOnProfile(page, context);
    const question = await nextPromptFor(user.id);
    expect(question).not.toBeNull();
    const mail = await sendWeeklyNow(page, user.username, user.email);
    expect(mail.text).toContain(question!.text);

    await clickEmailButton(page, user.email);
    await page.waitForURL((u) => u.pathname === '/create-story');
    expect(new URL(page.url()).searchParams.get('prompt')).toBe(question!.id);
    // The answer screen shows that question above the form (the prompts feature's create screen).
    await page.getByRole('region', { name: promptText.answeringLabel }).getByText(question!.text).waitFor();

    // Logged out first: the button goes through the login screen and lands on the same question.
    await page.goto(url('/profile'));
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((u) => u.pathname !== '/profile');
    await clickEmailButton(page, user.email);
    await heading(page, 'Welcome Back');
    expect(pathOf(page)).toBe('/login');
    await logInOnScreen(page, user);
    await page.waitForURL((u) => u.pathname === '/create-story');
    expect(new URL(page.url()).searchParams.get('prompt')).toBe(question!.id);
    // The answer screen shows that question above the form (the prompts feature's create screen).
    await page.getByRole('region', { name: promptText.answeringLabel }).getByText(question!.text).waitFor();
    expect(browser.pageErrors).toEqual([]);
  });

  it('unsubscribes in one click without login, and a second click says it is already done', async () => {
    const { page, context } = browser;
    const user = await storytellerOnProfile(page, context);
    const mail = await sendWeeklyNow(page, user.username, user.email);
    const { token } = await loginAs(user);

    // A fresh context: no session at all.
    const anonymous = await context.browser()!.newContext();
    const visitor = await anonymous.newPage();
    await visitor.goto(url(`/unsubscribe?token=${encodeURIComponent(linkToken(mail.text, '/unsubscribe'))}`));
    await heading(visitor, t.unsubscribeHeading);
    await visitor.getByText(t.unsubscribeWeeklyQuestion).waitFor();
    expect(await seriousViolations(visitor)).toEqual([]);
    // Opening the page changed nothing.
    expect((await api('GET', '/api/profile/family-mail', { token })).body).toMatchObject({
      weekly_day: expect.any(Number),
    });
    await visitor.getByRole('button', { name: t.unsubscribeButton }).click();
    await visitor.getByRole('status').getByText(t.unsubscribedWeekly).waitFor();
    expect((await api('GET', '/api/profile/family-mail', { token })).body).toMatchObject({ weekly_day: null });
    await visitor.getByRole('button', { name: t.unsubscribeButton }).click();
    await visitor.getByRole('status').getByText(t.alreadyUnsubscribed).waitFor();
    await anonymous.close();
  });

  it('forged and expired links show a clear page and do nothing', async () => {
    const { page, context } = browser;
    const user = await storytellerOnProfile(page, context);
    const mail = await sendWeeklyNow(page, user.username, user.email);
    const answer = linkToken(mail.text, '/mail/answer');
    const unsubscribe = linkToken(mail.text, '/unsubscribe');
    const [v, payload, sig] = answer.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forgedAnswer = `${v}.${Buffer.from(JSON.stringify({ ...claims, r: 'another' })).toString('base64url')}.${sig}`;
    const past = Math.floor(Date.now() / 1000) - 60;
    const expiredAnswer = signWithKey(env.MAIL_LINK_SECRET!, {
      userId: user.id,
      purpose: 'answer-prompt',
      promptId: claims.r,
      expiresAt: past,
    });
    const [uv, upayload] = unsubscribe.split('.');
    const forgedUnsubscribe = `${uv}.${upayload}.${Buffer.alloc(32, 7).toString('base64url')}`;
    const expiredUnsubscribe = signWithKey(env.MAIL_LINK_SECRET!, {
      userId: user.id,
      purpose: 'unsubscribe-weekly',
      expiresAt: past,
    });

    for (const [token, message] of [
      [forgedAnswer, t.linkInvalid],
      [expiredAnswer, t.linkExpired],
      [unsubscribe, t.linkWrongPurpose],
    ] as const) {
      await page.goto(url(`/mail/answer?token=${encodeURIComponent(token)}`));
      await page.getByRole('alert').getByText(message).waitFor();
      expect(pathOf(page)).toBe('/mail/answer');
    }
    expect(await seriousViolations(page)).toEqual([]);
    for (const [token, message] of [
      [forgedUnsubscribe, t.linkInvalid],
      [expiredUnsubscribe, t.linkExpired],
    ] as const) {
      await page.goto(url(`/unsubscribe?token=${encodeURIComponent(token)}`));
      await page.getByRole('alert').getByText(message).waitFor();
      expect(await page.getByRole('button', { name: t.unsubscribeButton }).count()).toBe(0);
    }
    // Nothing changed: the weekly day is still chosen.
    const { token } = await loginAs(user);
    expect((await api('GET', '/api/profile/family-mail', { token })).body).toMatchObject({
      weekly_day: WEEKDAY_NAMES.indexOf(tomorrowName as (typeof WEEKDAY_NAMES)[number]) + 1,
    });
  });

  it('a grandchild who asked gets an email when the answer is shared with them, and its link opens the story', async () => {
    const { page } = browser;
    const grandma = await registerAndLogin();
    const grandchild = await registerAndLogin();
    const first = await createStory(grandma, { title: 'Where we lived' });
    await shareWith(grandma, first.ID, grandchild.username, 'read');
    const question = `What was your first job? ${Date.now()}`;
    const asked = await api<{ id: string }>('POST', `/api/family-questions/${grandma.id}`, {
      token: grandchild.token,
      body: { text: question },
    });
    expect(asked.status).toBe(201);
    const answer = await createStory(grandma, { title: 'The bakery on Elm Street' });
    await api('POST', `/api/prompts/${asked.body.id}/answered`, {
      token: grandma.token,
      body: { story_id: answer.ID },
    });
    await shareWith(grandma, answer.ID, grandchild.username, 'read');

    const mail = await waitForMail((m) => m.to.includes(grandchild.email) && m.text.includes(question));
    expect(mail.subject).toBe(answeredMailText.subject(grandma.username));
    // Not signed in on this device: the link goes through the login screen to the story.
    await page.goto(url('/_local/mailbox'));
    await page
      .locator('article')
      .filter({ hasText: grandchild.email })
      .filter({ hasText: answeredMailText.subject(grandma.username) })
      .frameLocator('iframe')
      .getByRole('link', { name: answeredMailText.button })
      .click();
    await heading(page, 'Welcome Back');
    await logInOnScreen(page, grandchild);
    await page.waitForURL((u) => u.pathname === `/story/${answer.ID}`);
    await heading(page, 'The bakery on Elm Street');
    expect(browser.pageErrors).toEqual([]);
  });
});
