import { promptText, storyMessages } from '@storyloom/shared/messages';
import {
  ASKER_DAILY_QUESTIONS,
  PROMPT_QUESTION_MAX,
  STORYTELLER_DAILY_QUESTIONS,
} from '@storyloom/shared/prompts/limits';
import type { CanAskDto, FamilyQuestionsDto, PromptDto } from '@storyloom/shared/schemas/prompts';
import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { beforeAll, describe, expect, it } from 'vitest';
import { useServerEnv } from '../support/env.ts';
import { api } from '../support/http.ts';
import { createStory, expectError, shareWith } from '../support/stories.ts';
import { scanItemsMentioning } from '../support/table.ts';
import { registerAndLogin, type TestUser } from '../support/users.ts';
import { ask as askListener, narratedStory, ownAddress, shareLinkOf, startShared } from './interactive-support.ts';

/**
 * Questions from the family: who may ask (only people a story is shared with by name), the limits, the
 * storyteller's list (with the listeners' questions joined in), answering one and sharing it with the asker.
 */
type Caller = TestUser & { token: string };

const canAsk = (who: Caller, teller: Caller) =>
  api<CanAskDto>('GET', `/api/family-questions/${teller.id}`, { token: who.token });
const send = (who: Caller, teller: Caller, text: string) =>
  api<{ message: string; id: string }>('POST', `/api/family-questions/${teller.id}`, {
    token: who.token,
    body: { text },
  });
const familyList = async (teller: Caller) => {
  const res = await api<FamilyQuestionsDto>('GET', '/api/prompts/family', { token: teller.token });
  expect(res.status).toBe(200);
  return res.body.questions;
};

/** A storyteller and the four kinds of caller: a reader by name, a holder of the link only, a stranger. */
async function family() {
  const [teller, reader, linkOnly, stranger] = await Promise.all([
    registerAndLogin(),
    registerAndLogin(),
    registerAndLogin(),
    registerAndLogin(),
  ]);
  const story = await createStory(teller, { title: 'The summer at the lake' });
  await shareWith(teller, story.ID, reader.username, 'read');
  await shareLinkOf(teller, story.ID);
  return { teller, reader, linkOnly, stranger, story };
}

describe('asking a storyteller', () => {
  let f: Awaited<ReturnType<typeof family>>;
  beforeAll(async () => {
    f = await family();
  });

  it('lets only a person shared with by name ask; everyone else is told why or not found', async () => {
    expect((await canAsk(f.reader, f.teller)).body).toEqual({ can_ask: true, name: f.teller.username });
    expect((await canAsk(f.linkOnly, f.teller)).body).toEqual({ can_ask: false, name: f.teller.username });
    expect((await canAsk(f.stranger, f.teller)).body).toEqual({ can_ask: false, name: f.teller.username });
    expect((await canAsk(f.teller, f.teller)).body).toEqual({ can_ask: false, name: f.teller.username });

    const sent = await send(f.reader, f.teller, 'What was your first car?');
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({
      message: promptText.askSent(f.teller.username),
      id: expect.stringMatching(/^family\./),
    });

    expectError(await send(f.linkOnly, f.teller, 'Can I ask?'), 403, promptText.askNotAllowed);
    expectError(await send(f.stranger, f.teller, 'Can I ask?'), 403, promptText.askNotAllowed);
    expectError(await send(f.teller, f.teller, 'Can I ask myself?'), 400, promptText.askYourself);
    expectError(
      await api('POST', '/api/family-questions/no-such-user', { token: f.reader.token, body: { text: 'Hi?' } }),
      404,
      storyMessages.userNotFound,
    );
    expect((await api('POST', `/api/family-questions/${f.teller.id}`, { body: { text: 'Hi?' } })).status).toBe(401);

    // Only what the reader sent reached the storyteller, with who asked and when.
    const list = await familyList(f.teller);
    expect(list).toEqual([
      {
        id: sent.body.id,
        text: 'What was your first car?',
        kind: 'family',
        asked_by: { user_id: f.reader.id, name: f.reader.username },
        asked_at: expect.any(String),
      },
    ]);
    // It is the storyteller's next question, before any library prompt.
    const next = await api<{ prompt: PromptDto }>('GET', '/api/prompts/next', { token: f.teller.token });
    expect(next.body.prompt).toEqual({
      id: sent.body.id,
      text: 'What was your first car?',
      kind: 'family',
      asked_by: { user_id: f.reader.id, name: f.reader.username },
    });
    // Nobody else sees it, reads it, hides it or answers it.
    for (const who of [f.reader, f.linkOnly, f.stranger]) {
      expect(await familyList(who)).toEqual([]);
      expectError(await api('GET', `/api/prompts/${sent.body.id}`, { token: who.token }), 404);
      expectError(
        await api('PUT', `/api/prompts/${sent.body.id}/hidden`, { token: who.token, body: { hidden: true } }),
        404,
      );
      const theirs = await createStory(who);
      expectError(
        await api('POST', `/api/prompts/${sent.body.id}/answered`, { token: who.token, body: { story_id: theirs.ID } }),
        404,
      );
    }
  });

  it('a dismissed question leaves the list and the card; shown again, it is back', async () => {
    const sent = await send(f.reader, f.teller, 'Did you ever meet a film star?');
    const hide = (hidden: boolean) =>
      api('PUT', `/api/prompts/${sent.body.id}/hidden`, { token: f.teller.token, body: { hidden } });
    expect((await hide(true)).status).toBe(200);
    expect((await familyList(f.teller)).map((q) => q.id)).not.toContain(sent.body.id);
    const next = await api<{ prompt: PromptDto }>('GET', '/api/prompts/next', { token: f.teller.token });
    expect(next.body.prompt.id).not.toBe(sent.body.id);
    expect((await hide(false)).status).toBe(200);
    expect((await familyList(f.teller)).map((q) => q.id)).toContain(sent.body.id);
  });

  it('caps a question’s length with the spec-style message and refuses a blank one', async () => {
    expectError(await send(f.reader, f.teller, 'x'.repeat(PROMPT_QUESTION_MAX + 1)), 400, promptText.questionTooLong);
    expectError(await send(f.reader, f.teller, '   '), 400, promptText.questionRequired);
  });

  it('refuses a question of only emoji or punctuation, as Listen Interactively does: it asks nothing', async () => {
    for (const text of ['🙂🙂', '?!', '👵🏼 … ❤️']) {
      expectError(await send(f.reader, f.teller, text), 400, promptText.questionNoWords);
    }
    expect((await familyList(f.teller)).map((q) => q.text)).not.toContain('🙂🙂');
    // Any script's letters or digits are words.
    expect((await send(f.reader, f.teller, '¿Dónde naciste? 🙂')).status).toBe(201);
    expect((await send(f.reader, f.teller, '1962?')).status).toBe(201);
  });

  it('answering a family question, then sharing the story with the asker, lets the asker open it', async () => {
    const sent = await send(f.reader, f.teller, 'Where did you learn to dance?');
    const story = await createStory(f.teller, { title: 'Where did you learn to dance?' });
    expectError(await api('GET', `/api/stories/${story.ID}`, { token: f.reader.token }), 404);
    const marked = await api<{ prompt: PromptDto }>('POST', `/api/prompts/${sent.body.id}/answered`, {
      token: f.teller.token,
      body: { story_id: story.ID },
    });
    expect(marked.status).toBe(200);
    expect(marked.body.prompt.asked_by).toEqual({ user_id: f.reader.id, name: f.reader.username });
    // Opened again (the weekly email's button, Back), the question says which story answers it.
    const again = await api<PromptDto>('GET', `/api/prompts/${sent.body.id}`, { token: f.teller.token });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: sent.body.id, answered_story_id: story.ID });
    expect((await familyList(f.teller)).map((q) => q.id)).not.toContain(sent.body.id);
    // The same flow shares it with the asker by name, through the stories' own sharing.
    await shareWith(f.teller, story.ID, marked.body.prompt.asked_by?.name as string, 'read');
    const opened = await api<StoryDto>('GET', `/api/stories/${story.ID}`, { token: f.reader.token });
    expect(opened.status).toBe(200);
    expect(opened.body.title).toBe('Where did you learn to dance?');
  });
});

describe('limits', () => {
  it(`lets one person send ${ASKER_DAILY_QUESTIONS} questions a day, then says so with a 429`, async () => {
    const f = await family();
    for (let i = 0; i < ASKER_DAILY_QUESTIONS; i++) {
      expect((await send(f.reader, f.teller, `Question number ${i}?`)).status).toBe(201);
    }
    const refused = await send(f.reader, f.teller, 'One more?');
    expectError(refused, 429, promptText.askerQuota);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await familyList(f.teller)).toHaveLength(ASKER_DAILY_QUESTIONS);
  });

  it(`lets one storyteller receive ${STORYTELLER_DAILY_QUESTIONS} questions a day, from everyone together`, async () => {
    const teller = await registerAndLogin();
    const askers = await Promise.all(
      Array.from({ length: Math.ceil(STORYTELLER_DAILY_QUESTIONS / ASKER_DAILY_QUESTIONS) + 1 }, () =>
        registerAndLogin(),
      ),
    );
    const story = await createStory(teller);
    for (const a of askers) await shareWith(teller, story.ID, a.username, 'read');
    let sent = 0;
    for (const a of askers) {
      for (let i = 0; i < ASKER_DAILY_QUESTIONS && sent < STORYTELLER_DAILY_QUESTIONS; i++, sent++) {
        expect((await send(a, teller, `From ${a.username}, number ${i}?`)).status).toBe(201);
      }
    }
    const fresh = askers.at(-1) as Caller;
    expectError(await send(fresh, teller, 'And mine?'), 429, promptText.storytellerQuota);
    // Refused by the storyteller's limit, the asker's own count was given back: they may ask someone else.
    const other = await registerAndLogin();
    const otherStory = await createStory(other);
    await shareWith(other, otherStory.ID, fresh.username, 'read');
    expect((await send(fresh, other, 'Hello?')).status).toBe(201);
  });

  it('a stranger’s refused questions do not use up the storyteller’s limit', async () => {
    const f = await family();
    for (let i = 0; i < STORYTELLER_DAILY_QUESTIONS + 1; i++) {
      expect((await send(f.stranger, f.teller, `Spam ${i}?`)).status).toBe(403);
    }
    expect((await send(f.reader, f.teller, 'A real question?')).status).toBe(201);
  });
});

describe('the listeners’ questions join the list', () => {
  // The narration (local voice engine) takes seconds of CPU: made once, before the test, with the hook's time.
  let teller: Caller;
  let narrated: Awaited<ReturnType<typeof narratedStory>>;
  beforeAll(async () => {
    teller = await registerAndLogin();
    narrated = await narratedStory(teller);
  });

  it('shows what a listener asked that the story could not answer, and answering it takes it off the story’s list', async () => {
    const { story, timings } = narrated;
    const token = await shareLinkOf(teller, story.ID);
    const address = ownAddress();
    const session = (await startShared(token, address)).body.session_id;
    const declined = await askListener(session, 'What was your first dog called?', {
      askedAt: timings.duration,
      localAddress: address,
    });
    expect(declined.body.declined).toBe('not-in-story');

    const list = await familyList(teller);
    expect(list).toEqual([
      {
        id: expect.stringMatching(new RegExp(`^asked\\.${story.ID}\\.`)),
        text: 'What was your first dog called?',
        kind: 'family',
        asked_at: expect.any(String),
        story: { id: story.ID, title: story.title },
      },
    ]);
    const id = list[0]?.id as string;
    const answerStory = await createStory(teller, { title: 'What was your first dog called?' });
    expect(
      (await api('POST', `/api/prompts/${id}/answered`, { token: teller.token, body: { story_id: answerStory.ID } }))
        .status,
    ).toBe(200);
    expect(await familyList(teller)).toEqual([]);
    const asked = await api<{ questions: unknown[] }>('GET', `/api/interactive/questions/${story.ID}`, {
      token: teller.token,
    });
    expect(asked.body.questions).toEqual([]);
  });
});

describe('account deletion', () => {
  it('removes the storyteller’s prompt data and the questions a deleted asker sent', async () => {
    const f = await family();
    const sent = await send(f.reader, f.teller, 'What did you cook on Sundays?');
    const own = await api<{ prompt: PromptDto }>('POST', '/api/prompts/own', {
      token: f.teller.token,
      body: { text: 'Who was my best friend?' },
    });
    await api('PUT', '/api/prompts/school-03/hidden', { token: f.teller.token, body: { hidden: true } });

    useServerEnv();
    const { userDataPurgers } = await import('@storyloom/functions/domain/user-data-purgers');
    const prompts = userDataPurgers.find((p) => p.name === 'prompts');
    expect(prompts).toBeDefined();
    // The asker leaves: their question goes from the storyteller's list.
    await prompts?.purge(f.reader.id);
    expect(await familyList(f.teller)).toEqual([]);
    // The storyteller leaves: everything under their prompts goes; twice is fine.
    await prompts?.purge(f.teller.id);
    await prompts?.purge(f.teller.id);
    expect(await scanItemsMentioning([sent.body.id, own.body.prompt.id, `PROMPT#HIDDEN#school-03`])).toEqual([]);
  });
});
