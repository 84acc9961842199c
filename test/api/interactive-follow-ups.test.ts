import { interactiveText } from '@storyloom/shared/interactive';
import type { NarrationTimings } from '@storyloom/shared/narration';
import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/http.ts';
import { expectError, shareWith } from '../support/stories.ts';
import { registerAndLogin, type TestUser } from '../support/users.ts';
import { ask, narratedStory, ownAddress, shareLinkOf, startOwner, startShared } from './interactive-support.ts';

/**
 * Follow-ups over the API (docs/interactive.md, "Follow-ups"): the player sends the sentences its previous
 * answer cited, and a question pointing back ("what year was that") is asked about them.
 */
const STORY =
  'I met your grandfather at a dance in Eau Claire. That was the spring of 1948. ' +
  'My sister Ruth married a farmer named Carl in 1955. He was a quiet man who raised sheep. ' +
  'Years later we moved to Duluth, and we ate fish every Friday.';

type Caller = TestUser & { token: string };
let owner: Caller;
let reader: Caller;
let story: StoryDto;
let timings: NarrationTimings;

beforeAll(async () => {
  [owner, reader] = await Promise.all([registerAndLogin(), registerAndLogin()]);
  ({ story, timings } = await narratedStory(owner, STORY, 'How we met'));
  await shareWith(owner, story.ID, reader.username, 'read');
});

describe('a follow-up question', () => {
  it('is asked about the sentences of the previous answer', async () => {
    const from = ownAddress();
    const { body } = await startShared(await shareLinkOf(owner, story.ID), from);
    const opts = { localAddress: from, askedAt: timings.duration };
    const met = await ask(body.session_id, 'Where did you meet grandpa?', opts);
    expect(met.body.cited.map((c) => c.id)).toEqual([1]);
    const year = await ask(body.session_id, 'what year was that', { ...opts, follows: [1] });
    expect(year.status).toBe(200);
    expect(year.body.answer).toContain('1948');
    // The same words after the sentence about Ruth's wedding: another year.
    const other = await ask(body.session_id, 'what year was that', { ...opts, follows: [3] });
    expect(other.body.answer).toContain('1955');
    expect(other.body.cited.map((c) => c.id)).toEqual([3]);
  });

  it('with sentence ids that are not a list of up to 4 ids gets a clear 400, and nothing is counted', async () => {
    const from = ownAddress();
    const { body } = await startShared(await shareLinkOf(owner, story.ID), from);
    for (const follows of ['1', [-1], [1.5], ['1'], [1, 2, 3, 4, 5], { id: 1 }]) {
      expectError(
        await ask(body.session_id, 'what year was that', { localAddress: from, follows }),
        400,
        interactiveText.followsInvalid,
      );
    }
    // An id beyond the heard part (or the story) is no error: it is not what the listener was told, and is left out.
    const early = await ask(body.session_id, 'what year was that', {
      localAddress: from,
      askedAt: 0,
      follows: [3, 99],
    });
    expect(early.status).toBe(200);
    expect(early.body.answer).not.toContain('1955');
  });

  it('the story cannot answer reaches the storyteller with what it followed', async () => {
    const started = await startOwner(reader, story.ID);
    const id = started.body.session_id;
    const opts = { token: reader.token, askedAt: timings.duration };
    expect((await ask(id, 'Where did you meet grandpa?', opts)).body.cited.map((c) => c.id)).toEqual([1]);
    const band = await ask(id, 'who played there', { ...opts, follows: [1] });
    expect(band.body.declined).toBe('not-in-story');
    const asked = await api<{ questions: Array<{ question: string }> }>(
      'GET',
      `/api/interactive/questions/${story.ID}`,
      { token: owner.token },
    );
    expect(asked.body.questions.map((q) => q.question)).toContain(
      'who played there (after ‘I met your grandfather at a dance in Eau Claire.’)',
    );
  });
});
