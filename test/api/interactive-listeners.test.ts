import { interactiveText, QUESTIONS_PER_SESSION, type ReadAlongDto } from '@storyloom/shared/interactive';
import { serverText } from '@storyloom/shared/messages';
import type { NarrationTimings } from '@storyloom/shared/narration';
import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/http.ts';
import { createPublicStory, expectError, shareWith } from '../support/stories.ts';
import { registerAndLogin, type TestUser } from '../support/users.ts';
import { ask, narratedStory, ownAddress, shareLinkOf, startOwner, startShared } from './interactive-support.ts';

/**
 * Who may listen on the signed-in routes besides the owner (people shared with by name), and the questions
 * refused before anything is counted or stored (docs/interactive.md, "Calls" and "Limits").
 */
type Caller = TestUser & { token: string };
let owner: Caller;
let reader: Caller;
let commenter: Caller;
let stranger: Caller;
let story: StoryDto;
let timings: NarrationTimings;

beforeAll(async () => {
  [owner, reader, commenter, stranger] = await Promise.all([
    registerAndLogin(),
    registerAndLogin(),
    registerAndLogin(),
    registerAndLogin(),
  ]);
  ({ story, timings } = await narratedStory(owner));
  await shareWith(owner, story.ID, reader.username, 'read');
  await shareWith(owner, story.ID, commenter.username, 'comment');
});

type Asked = { questions: Array<{ question: string }> };
const askedQuestions = async () =>
  (await api<Asked>('GET', `/api/interactive/questions/${story.ID}`, { token: owner.token })).body.questions.map(
    (q) => q.question,
  );

describe('people a story is shared with by name', () => {
  it('listen on the signed-in routes with read or comment, and their unanswered questions reach the storyteller', async () => {
    for (const person of [reader, commenter]) {
      const view = await api<StoryDto>('GET', `/api/stories/${story.ID}`, { token: person.token });
      expect(view.body.permissions).toMatchObject({ manage: false, listen: true });

      const readAlong = await api<ReadAlongDto>('GET', `/api/interactive/read-along/${story.ID}`, {
        token: person.token,
      });
      expect(readAlong.status).toBe(200);
      expect(readAlong.body.sentences.length).toBe(4);

      const started = await startOwner(person, story.ID);
      expect(started.status).toBe(201);
      expect(started.body.spoken).toBe(true);
      const id = started.body.session_id;
      const res = await ask(id, 'Where did you meet grandpa?', { token: person.token, askedAt: timings.duration });
      expect(res.status).toBe(200);
      expect(res.body.answer).toContain('Roseland dance hall');
      const time = await api('PUT', `/api/interactive/time/${id}`, { token: person.token, body: { current_time: 2 } });
      expect(time.status).toBe(200);
      // Their session is theirs alone: not the owner's, not usable on the shared routes.
      expectError(await ask(id, 'Still there?', { token: owner.token }), 404, interactiveText.sessionEnded);
      expectError(await ask(id, 'Still there?', { localAddress: ownAddress() }), 404, interactiveText.sessionEnded);
      expect((await api('DELETE', `/api/interactive/end/${id}`, { token: person.token })).status).toBe(200);
    }

    // A reader is family: what the story could not tell them is passed on, like a link listener's question.
    const started = await startOwner(reader, story.ID);
    const question = `What was the name of your first dog ${crypto.randomUUID().slice(0, 4)}?`;
    const res = await ask(started.body.session_id, question, { token: reader.token, askedAt: timings.duration });
    expect(res.body.declined).toBe('not-in-story');
    expect(await askedQuestions()).toContain(question);
  });

  it('everyone else is refused as before: a stranger 404, a signed-in reader of a public story or an admin 403', async () => {
    for (const path of [`/api/interactive/start/${story.ID}`, `/api/interactive/read-along/${story.ID}`]) {
      const method = path.includes('start') ? 'POST' : 'GET';
      expect((await api(method, path, { token: stranger.token })).status).toBe(404);
    }
    const view = await api<StoryDto>('GET', `/api/stories/${story.ID}`, { token: stranger.token });
    expect(view.status).toBe(404);

    // A public story's readers listen on the shared routes (by its id), not on the signed-in ones.
    const other = await createPublicStory(owner);
    expectError(await startOwner(stranger, other.ID), 403, serverText.forbidden);
    const publicView = await api<StoryDto>('GET', `/api/stories/${other.ID}`, { token: stranger.token });
    expect(publicView.body.permissions).toMatchObject({ manage: false, listen: false });
  });

  it('removing the share ends the reader’s session at the next call', async () => {
    const person = await registerAndLogin();
    const share = await shareWith(owner, story.ID, person.username, 'read');
    const started = await startOwner(person, story.ID);
    const id = started.body.session_id;
    expect((await ask(id, 'Where did you meet grandpa?', { token: person.token })).status).toBe(200);
    expect((await api('DELETE', `/api/shares/${share.id}`, { token: owner.token })).status).toBe(200);
    expectError(
      await ask(id, 'Where did you meet grandpa?', { token: person.token }),
      404,
      interactiveText.sessionEnded,
    );
    expect((await startOwner(person, story.ID)).status).toBe(404);
  });
});

describe('a bad question', () => {
  const bad: Array<[string, string, string]> = [
    ['blank', ' \t ', interactiveText.questionRequired],
    ['only invisible characters', '\u200B\u2060', interactiveText.questionRequired],
    ['2,000 characters', 'why '.repeat(500), interactiveText.questionTooLong],
    ['only emoji', '🐕🏠❓', interactiveText.questionNoWords],
    ['only punctuation', '?!…', interactiveText.questionNoWords],
    ['a bidi override', 'Where did you meet \u202Egrandpa?', interactiveText.questionDirection],
    ['a bidi isolate', '\u2067Where did you live?\u2069', interactiveText.questionDirection],
  ];

  it('gets a clear 400 and nothing is stored or counted', async () => {
    const token = await shareLinkOf(owner, story.ID);
    const from = ownAddress();
    const { body } = await startShared(token, from);
    const before = await askedQuestions();
    for (const [, question, error] of bad) {
      expectError(await ask(body.session_id, question, { localAddress: from, askedAt: timings.duration }), 400, error);
    }
    // Not counted: more bad questions than a session may ask, and a real one is still answered.
    for (let i = 0; i <= QUESTIONS_PER_SESSION; i++) {
      expect((await ask(body.session_id, '🐕', { localAddress: from })).status).toBe(400);
    }
    const good = await ask(body.session_id, 'Where did you meet grandpa?', { localAddress: from });
    expect(good.status).toBe(200);
    // Not stored: the storyteller's list is unchanged.
    expect(await askedQuestions()).toEqual(before);
  });

  it('in another script, with digits or with an emoji among words, is a question', async () => {
    const token = await shareLinkOf(owner, story.ID);
    const from = ownAddress();
    const { body } = await startShared(token, from);
    // Right-to-left text needs no controls; its marks (RLM here) reorder nothing and are allowed.
    const questions = ['¿Dónde conociste al abuelo?', 'Где вы жили?', 'איפה גרת?\u200F', 'what about 1952', 'a 🐕?'];
    for (const question of questions) {
      expect((await ask(body.session_id, question, { localAddress: from })).status).toBe(200);
    }
  });
});
