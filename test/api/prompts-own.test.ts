import { promptText } from '@storyloom/shared/messages';
import { libraryPrompts } from '@storyloom/shared/prompts/catalog';
import { PROMPT_QUESTION_MAX } from '@storyloom/shared/prompts/limits';
import type { PromptDto, PromptLibraryDto } from '@storyloom/shared/schemas/prompts';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/http.ts';
import { createStory, expectError } from '../support/stories.ts';
import { scanItemsMentioning } from '../support/table.ts';
import { registerAndLogin, type TestUser } from '../support/users.ts';

/** The storyteller's own prompts: the card's next question, answering, hiding, own questions, "Browse all". */
type Caller = TestUser & { token: string };
type Next = { prompt: PromptDto | null; cycled: boolean };

const next = async (user: Caller, exclude: string[] = []) => {
  const query = exclude.length ? `?exclude=${encodeURIComponent(exclude.join(','))}` : '';
  const res = await api<Next>('GET', `/api/prompts/next${query}`, { token: user.token });
  expect(res.status).toBe(200);
  return res.body;
};
const browse = async (user: Caller) => {
  const res = await api<PromptLibraryDto>('GET', '/api/prompts', { token: user.token });
  expect(res.status).toBe(200);
  return res.body;
};
const answer = (user: Caller, promptId: string, storyId: string) =>
  api<{ message: string; prompt: PromptDto }>('POST', `/api/prompts/${promptId}/answered`, {
    token: user.token,
    body: { story_id: storyId },
  });
const hide = (user: Caller, promptId: string, hidden: boolean) =>
  api('PUT', `/api/prompts/${promptId}/hidden`, { token: user.token, body: { hidden } });

let teller: Caller;
let other: Caller;

beforeAll(async () => {
  [teller, other] = await Promise.all([registerAndLogin(), registerAndLogin()]);
});

describe('the next question', () => {
  it('offers a new storyteller a library question, and another storyteller a different order', async () => {
    const first = await next(teller);
    expect(first.cycled).toBe(false);
    expect(first.prompt?.kind).toBe('library');
    expect(libraryPrompts.map((p) => p.id)).toContain(first.prompt?.id);
    // The same storyteller gets the same first question until they do something about it.
    expect((await next(teller)).prompt?.id).toBe(first.prompt?.id);
    const seen = [first.prompt?.id as string];
    for (let i = 0; i < 4; i++) seen.push((await next(teller, seen)).prompt?.id as string);
    const othersSeen = [(await next(other)).prompt?.id as string];
    for (let i = 0; i < 4; i++) othersSeen.push((await next(other, othersSeen)).prompt?.id as string);
    expect(new Set(seen).size).toBe(5);
    expect(othersSeen).not.toEqual(seen);
  });

  it('marks a question answered by one of the storyteller’s stories and never offers it again', async () => {
    const user = await registerAndLogin();
    const { prompt } = await next(user);
    const story = await createStory(user, { title: prompt?.text });
    const res = await answer(user, prompt?.id as string, story.ID);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: promptText.marked, prompt });
    expect((await next(user)).prompt?.id).not.toBe(prompt?.id);
    const listed = (await browse(user)).themes.flatMap((t) => t.prompts).find((p) => p.id === prompt?.id);
    expect(listed).toEqual({ id: prompt?.id, text: prompt?.text, answered_story_id: story.ID, hidden: false });
  });

  it('offers a question again once the story that answered it is deleted', async () => {
    const user = await registerAndLogin();
    const { prompt } = await next(user);
    const story = await createStory(user, { title: prompt?.text });
    expect((await answer(user, prompt?.id as string, story.ID)).status).toBe(200);
    expect((await next(user)).prompt?.id).not.toBe(prompt?.id);
    expect((await api('DELETE', `/api/stories/${story.ID}`, { token: user.token })).status).toBe(200);
    // The mark went with the story: nothing names it any more.
    expect(await scanItemsMentioning([story.ID])).toEqual([]);
    expect((await next(user)).prompt?.id).toBe(prompt?.id);
    const listed = (await browse(user)).themes.flatMap((t) => t.prompts).find((p) => p.id === prompt?.id);
    expect(listed).toEqual({ id: prompt?.id, text: prompt?.text, hidden: false });
  });

  it('refuses to mark with a story that is not the caller’s, or a question that does not exist', async () => {
    const user = await registerAndLogin();
    const { prompt } = await next(user);
    const othersStory = await createStory(other);
    expectError(await answer(user, prompt?.id as string, othersStory.ID), 404);
    const mine = await createStory(user);
    expectError(await answer(user, 'childhood-99', mine.ID), 404, promptText.promptNotFound);
    expectError(await answer(user, 'own.aaaaaaaaaaaaaaaa', mine.ID), 404, promptText.promptNotFound);
    expectError(await answer(user, 'not a prompt', mine.ID), 400, promptText.promptId);
    expectError(await answer(user, prompt?.id as string, 'nope'), 400, promptText.storyRequired);
    // Nothing was marked.
    expect((await next(user)).prompt?.id).toBe(prompt?.id);
  });

  it('“Another question” never offers an answered or hidden question, and starts again once all were shown', async () => {
    const user = await registerAndLogin();
    const story = await createStory(user);
    const answered = (await next(user)).prompt?.id as string;
    expect((await answer(user, answered, story.ID)).status).toBe(200);
    const hidden = (await next(user)).prompt?.id as string;
    expect((await hide(user, hidden, true)).body).toEqual({ message: promptText.hiddenSaved });

    const shown: string[] = [];
    let cycledAt = -1;
    for (let i = 0; i < libraryPrompts.length + 2; i++) {
      const res = await next(user, shown);
      expect(res.prompt?.id).not.toBe(answered);
      expect(res.prompt?.id).not.toBe(hidden);
      if (res.cycled) {
        cycledAt = i;
        // Round two begins with a question other than the one on the card.
        expect(res.prompt?.id).not.toBe(shown.at(-1));
        break;
      }
      expect(shown).not.toContain(res.prompt?.id);
      shown.push(res.prompt?.id as string);
    }
    expect(cycledAt).toBe(libraryPrompts.length - 2);

    // Shown again, the hidden question comes back into the round.
    expect((await hide(user, hidden, false)).body).toEqual({ message: promptText.unhiddenSaved });
    expect((await next(user, shown)).prompt?.id).toBe(hidden);
  });

  it('refuses a malformed skip list', async () => {
    expectError(
      await api('GET', '/api/prompts/next?exclude=a%20b', { token: teller.token }),
      400,
      promptText.excludeInvalid,
    );
  });
});

describe('own questions', () => {
  it('are offered before the library, oldest first, and listed under "Your own questions"', async () => {
    const user = await registerAndLogin();
    const add = (text: string) =>
      api<{ message: string; prompt: PromptDto }>('POST', '/api/prompts/own', {
        token: user.token,
        body: { text },
      });
    const a = await add('  What did Dad build in the shed?  ');
    expect(a.status).toBe(201);
    expect(a.body).toEqual({
      message: promptText.ownAdded,
      prompt: { id: expect.stringMatching(/^own\./), text: 'What did Dad build in the shed?', kind: 'own' },
    });
    const b = await add('Who taught me to swim?');
    expect((await next(user)).prompt).toEqual(a.body.prompt);
    expect((await next(user, [a.body.prompt.id])).prompt).toEqual(b.body.prompt);
    const own = (await browse(user)).own;
    expect(own.map((q) => q.text)).toEqual(['What did Dad build in the shed?', 'Who taught me to swim?']);
    expect((await api<PromptDto>('GET', `/api/prompts/${a.body.prompt.id}`, { token: user.token })).body).toEqual(
      a.body.prompt,
    );
    // Someone else cannot read, hide or answer it.
    expectError(await api('GET', `/api/prompts/${a.body.prompt.id}`, { token: other.token }), 404);
    expectError(await hide(other, a.body.prompt.id, true), 404, promptText.promptNotFound);
  });

  it('refuses a blank or too long question with the spec-style message', async () => {
    const post = (text: unknown) => api('POST', '/api/prompts/own', { token: teller.token, body: { text } });
    expectError(await post('   '), 400, promptText.questionRequired);
    expectError(await post(undefined), 400, promptText.questionRequired);
    expectError(await post('x'.repeat(PROMPT_QUESTION_MAX + 1)), 400, promptText.questionTooLong);
    expectError(await post('line one\nline two'), 400);
  });
});

describe('who may call the prompt routes', () => {
  it('refuses every prompt route without a login', async () => {
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/prompts'],
      ['GET', '/api/prompts/next'],
      ['GET', '/api/prompts/family'],
      ['GET', '/api/prompts/childhood-01'],
      ['PUT', '/api/prompts/childhood-01/hidden', { hidden: true }],
      ['POST', '/api/prompts/childhood-01/answered', { story_id: '00000000-0000-4000-8000-000000000000' }],
      ['POST', '/api/prompts/own', { text: 'Hello?' }],
      ['GET', `/api/family-questions/${teller.id}`],
      ['POST', `/api/family-questions/${teller.id}`, { text: 'Hello?' }],
    ];
    for (const [method, path, body] of calls) {
      expect((await api(method, path, { body })).status, `${method} ${path}`).toBe(401);
    }
  });

  it('lists the library in ten themes, each with its stage', async () => {
    const { themes } = await browse(teller);
    expect(themes).toHaveLength(10);
    expect(themes.flatMap((t) => t.prompts)).toHaveLength(libraryPrompts.length);
    expect(themes[0]).toMatchObject({ id: 'childhood', stage: 'early', title: 'Childhood and home' });
  });
});
