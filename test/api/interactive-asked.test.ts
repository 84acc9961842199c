import { ASKED_QUESTIONS_KEPT } from '@storyloom/shared/constants';
import type { NarrationTimings } from '@storyloom/shared/narration';
import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/http.ts';
import { registerAndLogin, type TestUser } from '../support/users.ts';
import { ask, justBefore, narratedStory, ownAddress, shareLinkOf, startShared } from './interactive-support.ts';

type Caller = TestUser & { token: string };
type Asked = { questions: Array<{ id: string; question: string; times: number }> };
let owner: Caller;
let story: StoryDto;
let timings: NarrationTimings;
let token: string;

beforeAll(async () => {
  owner = await registerAndLogin();
  ({ story, timings } = await narratedStory(owner));
  token = await shareLinkOf(owner, story.ID);
});

const askedList = async () =>
  (await api<Asked>('GET', `/api/interactive/questions/${story.ID}`, { token: owner.token })).body.questions;

describe('"Your family asked"', () => {
  it('gets only what the story really cannot answer, each question once however it is typed', async () => {
    const address = ownAddress();
    const { body } = await startShared(token, address);
    const end = { askedAt: timings.duration, localAddress: address };
    // Not yet heard: the story tells it further on, so the storyteller is not asked.
    const early = await ask(body.session_id, 'Where did you get married?', {
      askedAt: justBefore(timings, 'shipyard'),
      localAddress: address,
    });
    expect(early.body.declined).toBe('not-yet-heard');
    // The same unanswerable question, typed three ways.
    for (const q of [
      'What was your first dog called?',
      'what was your first dog called',
      "What was your first dog's  called ?!",
    ]) {
      expect((await ask(body.session_id, q, end)).body.declined).toBe('not-in-story');
    }
    const list = await askedList();
    expect(list.map((q) => q.question)).not.toContain('Where did you get married?');
    const dog = list.filter((q) => /first dog/i.test(q.question));
    expect(dog).toHaveLength(1);
    expect(dog[0]!.times).toBe(3);
  });

  it(`keeps the ${ASKED_QUESTIONS_KEPT} most recent per story`, async () => {
    const address = ownAddress();
    let session = (await startShared(token, address)).body.session_id;
    const total = ASKED_QUESTIONS_KEPT + 2;
    for (let i = 1; i <= total; i++) {
      if (i === 35) session = (await startShared(token, address)).body.session_id;
      const res = await ask(session, `What was the name of your cat number ${i}?`, {
        askedAt: timings.duration,
        localAddress: address,
      });
      expect(res.body.declined).toBe('not-in-story');
    }
    const list = await askedList();
    expect(list.length).toBe(ASKED_QUESTIONS_KEPT);
    const texts = list.map((q) => q.question);
    expect(texts).toContain(`What was the name of your cat number ${total}?`);
    expect(texts).not.toContain('What was the name of your cat number 1?');
  });
});
