import { interactiveText } from '@storyloom/shared/interactive';
import type { NarrationTimings } from '@storyloom/shared/narration';
import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { beforeAll, describe, expect, it } from 'vitest';
import { useServerEnv } from '../support/env.ts';
import { api } from '../support/http.ts';
import { registerAndLogin, type TestUser } from '../support/users.ts';
import {
  ask,
  justBefore,
  narratedStory,
  ownAddress,
  shareLinkOf,
  startOwner,
  startShared,
} from './interactive-support.ts';

type Caller = TestUser & { token: string };
let owner: Caller;
let story: StoryDto;
let timings: NarrationTimings;
let token: string;

beforeAll(async () => {
  owner = await registerAndLogin();
  ({ story, timings } = await narratedStory(owner));
  token = await shareLinkOf(owner, story.ID);
});

describe('grounded answers', () => {
  it("answers from the heard part, in the narrator's voice, citing the sentence with its offsets and time", async () => {
    const start = await startShared(token, ownAddress());
    expect(start.status).toBe(201);
    expect(start.body).toMatchObject({ spoken: true });
    const sessionId = start.body.session_id;
    const askedAt = justBefore(timings, 'shipyard');
    const res = await ask(sessionId, 'Where did you meet grandpa?', { askedAt });
    expect(res.status).toBe(200);
    expect(res.body.declined).toBe(false);
    expect(res.body.answer).toContain('Roseland dance hall');
    expect(res.body.heard_sentences).toBe(1);
    const [cited] = res.body.cited;
    expect(cited).toMatchObject({ id: 1, start: 0, time: 0 });
    expect(story.content.slice(cited!.start, cited!.end)).toBe(cited!.text);
    // Spoken: a presigned MP3 of the answer.
    expect(res.body.answer_audio_url).toMatch(/^https?:\/\//);
    const audio = await fetch(res.body.answer_audio_url!);
    expect(audio.status).toBe(200);
    expect((await audio.arrayBuffer()).byteLength).toBeGreaterThan(1000);

    // Same heard text, same question: the cached answer and the same audio object.
    const again = await ask(sessionId, 'where did you meet grandpa', { askedAt: askedAt - 0.001 });
    expect(again.body.answer).toBe(res.body.answer);
    expect(new URL(again.body.answer_audio_url!).pathname).toBe(new URL(res.body.answer_audio_url!).pathname);

    // Spoken answers live a day: the bucket's lifecycle rule in AWS, the sweep in local mode.
    useServerEnv();
    const { sweepExpiredAnswers } = await import('@storyloom/functions/domain/interactive/sweep');
    const prefix = `users/${owner.id}/stories/${story.ID}/`;
    expect(await sweepExpiredAnswers(undefined, { prefix })).toBe(0);
    expect(await sweepExpiredAnswers(0, { prefix, now: Date.now() + 1000 })).toBeGreaterThanOrEqual(1);
    expect((await fetch(res.body.answer_audio_url!)).status).toBe(404);
  });

  it('says "not yet heard" for the unheard part, and answers it once heard', async () => {
    const { body } = await startShared(token, ownAddress());
    const early = await ask(body.session_id, 'Where did you get married?', {
      askedAt: justBefore(timings, 'shipyard'),
    });
    expect(early.body).toMatchObject({ declined: 'not-yet-heard', cited: [] });
    expect(early.body.answer).toMatch(/haven't got to that part yet/);
    const late = await ask(body.session_id, 'Where did you get married?', { askedAt: timings.duration });
    expect(late.body.declined).toBe(false);
    expect(late.body.cited.map((c) => c.id)).toContain(3);
  });

  it('uses the last time report when asked_at is absent', async () => {
    const { body } = await startShared(token, ownAddress());
    const time = await api('PUT', `/shared/interactive/time/${body.session_id}`, { body: { current_time: 0 } });
    expect(time.status).toBe(200);
    expect((await ask(body.session_id, 'What street was the house on?')).body.declined).toBe('not-yet-heard');
    await api('PUT', `/shared/interactive/time/${body.session_id}`, {
      body: { current_time: Math.ceil(timings.duration) },
    });
    expect((await ask(body.session_id, 'What street was the house on?')).body.answer).toContain('Maple Street');
  });

  it("says the story does not say, and the storyteller sees the question (not the owner's own)", async () => {
    const { body } = await startShared(token, ownAddress());
    const res = await ask(body.session_id, 'What was your favourite song?', { askedAt: timings.duration });
    expect(res.body).toMatchObject({ declined: 'not-in-story', cited: [] });
    expect(res.body.answer).toMatch(/^My story doesn't say/);

    const mine = await startOwner(owner, story.ID);
    await ask(mine.body.session_id, 'Did you have a dog?', { token: owner.token, askedAt: timings.duration });

    const asked = await api<{ questions: Array<{ id: string; question: string; kind: string }> }>(
      'GET',
      `/api/interactive/questions/${story.ID}`,
      { token: owner.token },
    );
    expect(asked.status).toBe(200);
    const texts = asked.body.questions.map((q) => q.question);
    expect(texts).toContain('What was your favourite song?');
    expect(texts).not.toContain('Did you have a dog?');
    const id = asked.body.questions.find((q) => q.question === 'What was your favourite song?')!.id;
    expect((await api('DELETE', `/api/interactive/questions/${story.ID}/${id}`, { token: owner.token })).status).toBe(
      200,
    );
  });

  it('answers only from its own story', async () => {
    const other = await narratedStory(
      owner,
      'My brother Tom built a red sailboat in 1960. It sank on the first day.',
      'Tom',
    );
    const { body } = await startShared(token, ownAddress());
    const res = await ask(body.session_id, 'What colour was the sailboat Tom built?', { askedAt: timings.duration });
    expect(res.body.declined).toBe('not-in-story');
    expect(other.story.ID).not.toBe(story.ID);
  });

  it('refuses a blank or over-long question with a clear 400', async () => {
    const { body } = await startShared(token, ownAddress());
    const long = await ask(body.session_id, 'why '.repeat(500));
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ error: interactiveText.questionTooLong });
    const blank = await ask(body.session_id, '   ');
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({ error: interactiveText.questionRequired });
  });
});
