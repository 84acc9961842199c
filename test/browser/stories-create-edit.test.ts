import { REDIRECT_AFTER_STORY_UPDATE_MS } from '@storyloom/shared/constants';
import { fallback, success, validation } from '@storyloom/shared/messages';
import type { MyStoriesResponse, StoryDto } from '@storyloom/shared/schemas/stories';
import { storyMessages } from '@storyloom/shared/schemas/stories';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api } from '../support/http.ts';
import { createStory } from '../support/stories.ts';
import { loginAs, registerVerifiedUser } from '../support/users.ts';
import { browserTestsEnabled, pathOf, signIn, url, useBrowser } from './browser.ts';
import { dashboardCard, expectToast, longDate, metaText, toasts, waitForPath } from './stories-support.ts';

/** A new verified user, logged in through the API. */
async function newSession() {
  const user = await registerVerifiedUser();
  const login = await loginAs(user);
  return { user, login, caller: { token: login.token } };
}

/** Requests of one method to the stories API, recorded for "nothing was sent" checks. */
function recordStoryWrites(page: Page, method: 'POST' | 'PUT'): string[] {
  const seen: string[] = [];
  page.on('request', (req) => {
    if (req.method() === method && req.url().includes('/backend/api/stories')) seen.push(req.url());
  });
  return seen;
}

describe.runIf(browserTestsEnabled)('Stories: create, edit, delete (browser)', () => {
  const browser = useBrowser();

  it('creates a text story: toast, then a dashboard card with long created date, short period and a 200-character preview', async () => {
    // Prepare
    const { login, caller } = await newSession();
    await signIn(browser.context, login);
    const { page } = browser;
    const title = `The summer at Lake Como ${crypto.randomUUID().slice(0, 8)}`;
    const firstLine = 'We took the night train from Milan, all five of us in one compartment.';
    const content = `${firstLine}\nGrandpa sang the whole way.\n\n${'The water was cold and bright. '.repeat(12)}`;

    // Act
    await page.goto(url('/create-story'));
    await page.getByRole('heading', { level: 1, name: 'Create a Story' }).waitFor();
    expect(await page.title()).toBe('Create a Story · Storyloom');
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Your story').fill(content);
    await page.getByLabel('Location (optional)').fill('Lake Como');
    await page.getByLabel('Start date').fill('1962-01-05');
    await page.getByLabel('End date').fill('1965-03-03');
    await page.getByRole('button', { name: 'Create Text Story' }).click();

    // Assess: the toast, the dashboard, and the card's formats.
    await expectToast(page, success.storyCreated);
    await waitForPath(page, '/dashboard');
    const card = dashboardCard(page, title);
    await card.waitFor();
    const mine = await api<MyStoriesResponse>('GET', '/api/stories', { token: caller.token });
    const story = mine.body.stories.find((s) => s.title === title) as StoryDto;
    expect(story.content).toBe(content.trim());
    expect(await metaText(card, 'created')).toBe(longDate(story.created_at));
    expect(await metaText(card, 'created')).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    expect(await metaText(card, 'location')).toBe('Lake Como');
    expect(await metaText(card, 'period')).toBe('Jan 5, 1962 – Mar 3, 1965');
    const preview = card.locator('.story-preview');
    expect(await preview.textContent()).toBe(`${story.content.slice(0, 200).trimEnd()}…`);
    expect(await preview.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('pre-line');
    // The rendered text, which depends on CSS: that is the point (line breaks shown, not collapsed).
    expect((await preview.innerText()).split('\n')[0]).toBe(firstLine);
    expect(await card.locator('.badge').textContent()).toBe('Private');
    expect(await page.getByRole('heading', { level: 2, name: /^Your Stories/ }).textContent()).toBe('Your Stories (1)');
    // No voice status exists yet: treated as "no cloned voice", so the banner invites to set one up.
    await page.getByRole('heading', { level: 2, name: 'Unlock AI Voice Cloning' }).waitFor();
    expect(await page.getByRole('link', { name: 'Set Up Voice Cloning' }).getAttribute('href')).toBe('/profile');

    // A single date, and only an end date.
    await createStory(caller, { title: `${title} B`, start_date: '1976-07-04', end_date: null });
    await createStory(caller, { title: `${title} C`, start_date: null, end_date: '1980-12-25', location: null });
    await page.reload();
    await dashboardCard(page, `${title} C`).waitFor();
    expect(await metaText(dashboardCard(page, `${title} B`), 'period')).toBe('Jul 4, 1976');
    expect(await metaText(dashboardCard(page, `${title} C`), 'period')).toBe('Until Dec 25, 1980');
    expect(await metaText(dashboardCard(page, `${title} C`), 'location')).toBeNull();
    expect(await page.getByRole('heading', { level: 2, name: /^Your Stories/ }).textContent()).toBe('Your Stories (3)');

    // The whole card leads to the story (the title's link covers it).
    await card.click();
    await waitForPath(page, `/story/${story.ID}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(browser.pageErrors).toEqual([]);
  });

  it('shows the empty dashboard with its three points, two buttons and the tip', async () => {
    const { login } = await newSession();
    await signIn(browser.context, login);
    const { page } = browser;
    await page.goto(url('/dashboard'));
    await page.getByRole('heading', { level: 1, name: 'Your Dashboard' }).waitFor();
    expect(await page.getByText('Welcome back! Here are your stories.').isVisible()).toBe(true);
    await page.getByRole('heading', { level: 2, name: 'Your Storybook is Waiting' }).waitFor();
    for (const point of ['Record in your voice', 'Write your stories', 'Share with family']) {
      expect(await page.getByRole('heading', { level: 3, name: point }).isVisible()).toBe(true);
    }
    expect(await page.getByRole('link', { name: 'Create Your First Story' }).getAttribute('href')).toBe(
      '/create-story',
    );
    expect(await page.getByRole('link', { name: 'Set Up Voice Cloning' }).getAttribute('href')).toBe('/profile');
    expect(await page.getByText(/start with a childhood memory or a family tradition/i).isVisible()).toBe(true);
    // The banner needs at least one story.
    expect(await page.getByRole('heading', { name: 'Unlock AI Voice Cloning' }).count()).toBe(0);
  });

  it("says 'Failed to load stories' when the list cannot be loaded, and empties it", async () => {
    const { login } = await newSession();
    await signIn(browser.context, login);
    const { page } = browser;
    await page.route('**/backend/api/stories', (route) => route.fulfill({ status: 500, body: '' }));
    await page.goto(url('/dashboard'));
    await page.getByRole('alert').getByText(fallback.loadStories, { exact: true }).waitFor();
    expect(await page.locator('article.story-card').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Try Again' }).isVisible()).toBe(true);
  });

  it('edits a story: trimmed values and null dates are sent, the toast shows, and the dashboard follows after 1.5 s', async () => {
    // Prepare
    const { login, caller } = await newSession();
    const story = await createStory(caller, { title: 'Old title', location: 'Lake Tahoe' });
    await signIn(browser.context, login);
    const { page } = browser;

    // Act: from the story page to the edit form.
    await page.goto(url(`/story/${story.ID}`));
    await page.getByRole('link', { name: 'Edit Story' }).click();
    await waitForPath(page, `/edit-story/${story.ID}`);
    await page.getByRole('heading', { level: 1, name: 'Edit Story' }).waitFor();
    const title = page.getByLabel('Title', { exact: true });
    expect(await title.inputValue()).toBe('Old title');
    expect(await page.getByLabel('Start date').inputValue()).toBe('1988-07-01');
    await title.fill('  A new title  ');
    await page.getByLabel('Location (optional)').fill('  Rome  ');
    await page.getByLabel('Start date').fill('');
    await page.getByLabel('End date').fill('');
    const put = page.waitForRequest((req) => req.method() === 'PUT' && req.url().endsWith(`/api/stories/${story.ID}`));
    await page.getByRole('button', { name: 'Save Changes' }).click();

    // Assess: the body, the toast, a pause on the page, then the dashboard.
    expect((await put).postDataJSON()).toEqual({
      title: 'A new title',
      content: story.content,
      location: 'Rome',
      start_date: null,
      end_date: null,
      // The version the edit started from (issue 11: an older one gets 409).
      version: expect.any(Number),
    });
    await expectToast(page, success.storyUpdated);
    const toastAt = Date.now();
    expect(pathOf(page)).toBe(`/edit-story/${story.ID}`);
    await waitForPath(page, '/dashboard');
    const waited = Date.now() - toastAt;
    expect(waited).toBeGreaterThanOrEqual(REDIRECT_AFTER_STORY_UPDATE_MS - 300);
    expect(waited).toBeLessThan(REDIRECT_AFTER_STORY_UPDATE_MS + 4000);
    const card = dashboardCard(page, 'A new title');
    await card.waitFor();
    expect(await metaText(card, 'period')).toBeNull();
    expect(await metaText(card, 'location')).toBe('Rome');
    expect(browser.pageErrors).toEqual([]);
  });

  it('shows the validation messages of spec section 5 on create and edit, and sends nothing', async () => {
    const { login, caller } = await newSession();
    const story = await createStory(caller, { title: 'Valid story' });
    await signIn(browser.context, login);
    const { page } = browser;
    const posts = recordStoryWrites(page, 'POST');
    const puts = recordStoryWrites(page, 'PUT');
    const alert = page.getByRole('alert');

    // Create: title first, then content (blank counts as missing), then the date order.
    await page.goto(url('/create-story'));
    await page.getByRole('button', { name: 'Create Text Story' }).click();
    await alert.getByText(validation.storyTitleCreate, { exact: true }).waitFor();
    const title = page.getByLabel('Title', { exact: true });
    expect(await title.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('title');
    await title.fill('My first day at school');
    await page.getByLabel('Your story').fill('   \n  ');
    await page.getByRole('button', { name: 'Create Text Story' }).click();
    await alert.getByText(validation.storyContentCreate, { exact: true }).waitFor();
    expect(await page.getByLabel('Your story').getAttribute('aria-invalid')).toBe('true');
    expect(await title.getAttribute('aria-invalid')).toBeNull();
    await page.getByLabel('Your story').fill('The satchel was too big for me.');
    await page.getByLabel('Start date').fill('2000-01-02');
    await page.getByLabel('End date').fill('2000-01-01');
    await page.getByRole('button', { name: 'Create Text Story' }).click();
    await alert.getByText(storyMessages.dateOrder, { exact: true }).waitFor();
    expect(posts).toEqual([]);

    // Cancel with typing asks first; "Keep Writing" stays.
    await page.getByRole('button', { name: 'Cancel' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave Without Saving?' });
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Keep Writing' }).click();
    await leave.waitFor({ state: 'hidden' });
    expect(pathOf(page)).toBe('/create-story');

    // Edit: title required, then content required for text stories.
    await page.goto(url(`/edit-story/${story.ID}`));
    await page.getByRole('heading', { level: 1, name: 'Edit Story' }).waitFor();
    await page.getByLabel('Title', { exact: true }).fill('   ');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await alert.getByText(validation.storyTitleEdit, { exact: true }).waitFor();
    await page.getByLabel('Title', { exact: true }).fill('Valid story');
    await page.getByLabel('Your story').fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await alert.getByText(validation.storyContentEdit, { exact: true }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('content');
    expect(puts).toEqual([]);

    // A story that does not exist (or is not yours) cannot be edited.
    await page.goto(url(`/edit-story/${crypto.randomUUID()}`));
    await page.getByRole('alert').getByText(fallback.editLoad, { exact: true }).waitFor();
    expect(browser.pageErrors).toEqual([]);
  });

  it('deletes a story after confirmation, and a missing story says Story Not Found', async () => {
    const { login, caller } = await newSession();
    // A title that asks, as every answered question's does: the dialog does not add a second "?".
    const story = await createStory(caller, { title: 'What did we eat on Sundays?' });
    await signIn(browser.context, login);
    const { page } = browser;

    await page.goto(url(`/story/${story.ID}`));
    await page.getByRole('heading', { level: 1, name: story.title }).waitFor();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await crumbs.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(await crumbs.locator('[aria-current="page"]').textContent()).toBe(story.title);
    // The AI Features panel (test/browser/voice-narration.test.ts drives it).
    await page.getByRole('button', { name: 'Generate Narration' }).waitFor();
    // The content as paragraphs, split on line breaks.
    expect(await page.locator('.story-text p').allTextContents()).toEqual(story.content.split('\n'));

    // Keep first, then delete.
    await page.getByRole('button', { name: 'Delete Story', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Story?' });
    await dialog.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Keep Story');
    expect(await dialog.locator('p').first().textContent()).toBe(
      '“What did we eat on Sundays?” will be deleted for good, with its comments, shares and share link. This cannot be undone.',
    );
    await dialog.getByRole('button', { name: 'Keep Story' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Delete Story', exact: true }).click();
    await dialog.getByRole('button', { name: 'Delete Story', exact: true }).click();
    await expectToast(page, success.storyDeleted);
    await waitForPath(page, '/dashboard');
    expect((await api('GET', `/api/stories/${story.ID}`, { token: caller.token })).status).toBe(404);

    await page.goto(url(`/story/${story.ID}`));
    await page.getByRole('heading', { level: 1, name: 'Story Not Found' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(await toasts(page).textContent()).not.toContain(fallback.deleteStory);
  });
});
