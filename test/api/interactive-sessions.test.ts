import {
  interactiveText,
  QUESTIONS_PER_CLIENT_PER_HOUR,
  QUESTIONS_PER_SESSION,
  SESSIONS_PER_CLIENT_PER_HOUR,
} from '@storyloom/shared/interactive';
import { fallback } from '@storyloom/shared/messages';
import type { NarrationTimings } from '@storyloom/shared/narration';
import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { beforeAll, describe, expect, it } from 'vitest';
import { useServerEnv } from '../support/env.ts';
import { api } from '../support/http.ts';
import { createStory, expectError, setPublic } from '../support/stories.ts';
import { registerAndLogin, type TestUser } from '../support/users.ts';
import { ask, narratedStory, ownAddress, shareLinkOf, startOwner, startShared } from './interactive-support.ts';

type Caller = TestUser & { token: string };
let owner: Caller;
let stranger: Caller;
let story: StoryDto;
let timings: NarrationTimings;

beforeAll(async () => {
  [owner, stranger] = await Promise.all([registerAndLogin(), registerAndLogin()]);
  ({ story, timings } = await narratedStory(owner));
});

describe('starting a session', () => {
  it('is for the owner on /api, and for a live link or a public story on /shared', async () => {
    const mine = await startOwner(owner, story.ID);
    expect(mine.status).toBe(201);
    // 256 random bits, then the story and its author (a question reads them with its session in one call).
    expect(mine.body.session_id).toBe(`${mine.body.session_id.slice(0, 43)}.${story.ID}.${story.author.id}`);
    expect(mine.body.session_id.slice(0, 43)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await startOwner(stranger, story.ID)).status).toBe(404);
    expectError(await startShared(story.ID, ownAddress()), 404, fallback.sharedNotFound);
    const token = await shareLinkOf(owner, story.ID);
    expect((await startShared(token, ownAddress())).status).toBe(201);
    await setPublic(owner, story.ID, true);
    expect((await startShared(story.ID, ownAddress())).status).toBe(201);
    await setPublic(owner, story.ID, false);
  });

  it('needs narration audio', async () => {
    const plain = await createStory(owner);
    expectError(await startOwner(owner, plain.ID), 400, interactiveText.noAudio);
  });

  it(`caps starts per client at ${SESSIONS_PER_CLIENT_PER_HOUR} an hour with a clear 429`, async () => {
    const token = await shareLinkOf(owner, story.ID);
    const from = ownAddress();
    for (let i = 0; i < SESSIONS_PER_CLIENT_PER_HOUR; i++) expect((await startShared(token, from)).status).toBe(201);
    const capped = await startShared(token, from);
    expectError(capped, 429, interactiveText.startCap);
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('who may use a session', () => {
  it("another user's session id is a 404, and an owner session is not usable on the shared routes", async () => {
    const { body } = await startOwner(owner, story.ID);
    const id = body.session_id;
    expectError(
      await ask(id, 'Where did you meet grandpa?', { token: stranger.token }),
      404,
      interactiveText.sessionEnded,
    );
    expectError(
      await ask(id, 'Where did you meet grandpa?', { localAddress: ownAddress() }),
      404,
      interactiveText.sessionEnded,
    );
    expect(
      (await api('PUT', `/api/interactive/time/${id}`, { token: stranger.token, body: { current_time: 3 } })).status,
    ).toBe(404);
    // An id no session can have (a forged story part) is told as an unknown one, never with the id's pattern.
    expectError(
      await ask(`${id.slice(0, 43)}.not-a-story.x`, 'Where did you meet grandpa?', { token: owner.token }),
      400,
      interactiveText.sessionEnded,
    );
    expect((await api('DELETE', `/api/interactive/end/${id}`, { token: stranger.token })).status).toBe(404);
    expect((await ask(id, 'Where did you meet grandpa?', { token: owner.token })).status).toBe(200);
  });

  it('a revoked link ends its sessions at once', async () => {
    const token = await shareLinkOf(owner, story.ID);
    const { body } = await startShared(token, ownAddress());
    expect((await ask(body.session_id, 'Where did you meet grandpa?')).status).toBe(200);
    expect((await api('DELETE', `/api/stories/${story.ID}/share-link`, { token: owner.token })).status).toBe(200);
    expectError(await ask(body.session_id, 'Where did you meet grandpa?'), 404, interactiveText.sessionEnded);
    expect(
      (await api('PUT', `/shared/interactive/time/${body.session_id}`, { body: { current_time: 5 } })).status,
    ).toBe(404);
  });

  it("a story made private ends the public listeners' sessions at once", async () => {
    await setPublic(owner, story.ID, true);
    const { body } = await startShared(story.ID, ownAddress());
    expect(
      (await api('PUT', `/shared/interactive/time/${body.session_id}`, { body: { current_time: 5 } })).status,
    ).toBe(200);
    await setPublic(owner, story.ID, false);
    expectError(await ask(body.session_id, 'Where did you meet grandpa?'), 404, interactiveText.sessionEnded);
  });

  it('time reports take whole seconds', async () => {
    const { body } = await startOwner(owner, story.ID);
    const res = await api('PUT', `/api/interactive/time/${body.session_id}`, {
      token: owner.token,
      body: { current_time: 2.5 },
    });
    expect(res.status).toBe(400);
  });
});

describe('ending and expiry', () => {
  it('ends on DELETE; the server says so, and the id is dead afterwards', async () => {
    const { body } = await startOwner(owner, story.ID);
    const end = await api('DELETE', `/api/interactive/end/${body.session_id}`, { token: owner.token });
    expect(end).toMatchObject({ status: 200, body: { message: 'Session ended' } });
    expect((await api('DELETE', `/api/interactive/end/${body.session_id}`, { token: owner.token })).status).toBe(404);
    expect((await ask(body.session_id, 'Where did you meet grandpa?', { token: owner.token })).status).toBe(404);
  });

  it('an idle session has expired even where the table never deletes it (dynalite keeps TTL items)', async () => {
    const { body } = await startOwner(owner, story.ID);
    useServerEnv();
    const { dynamo } = await import('@storyloom/functions/lib/clients/dynamo');
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const { keys } = await import('@storyloom/functions/data/keys');
    await dynamo.send(
      new UpdateCommand({
        TableName: process.env.TABLE_NAME,
        Key: keys.interactiveSession(body.session_id),
        UpdateExpression: 'SET #ttl = :past',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
      }),
    );
    expect((await ask(body.session_id, 'Where did you meet grandpa?', { token: owner.token })).status).toBe(404);
  });
});

describe('caps', () => {
  it(`${QUESTIONS_PER_SESSION} questions per session, then a clear 429`, async () => {
    const { body } = await startOwner(owner, story.ID);
    for (let i = 0; i < QUESTIONS_PER_SESSION; i++) {
      expect(
        (await ask(body.session_id, 'Where did you meet grandpa?', { token: owner.token, askedAt: timings.duration }))
          .status,
      ).toBe(200);
    }
    const capped = await ask(body.session_id, 'Where did you meet grandpa?', { token: owner.token });
    expectError(capped, 429, interactiveText.sessionCap);
    expect(capped.headers['retry-after']).toBeDefined();
  });

  it(`${QUESTIONS_PER_CLIENT_PER_HOUR} questions per client an hour across sessions, then 429 with retry-after`, async () => {
    const token = await shareLinkOf(owner, story.ID);
    const from = ownAddress();
    let asked = 0;
    while (asked < QUESTIONS_PER_CLIENT_PER_HOUR) {
      const { body } = await startShared(token, from);
      for (let i = 0; i < QUESTIONS_PER_SESSION && asked < QUESTIONS_PER_CLIENT_PER_HOUR; i++, asked++) {
        expect((await ask(body.session_id, 'Where did you meet grandpa?', { localAddress: from })).status).toBe(200);
      }
    }
    const { body } = await startShared(token, from);
    const capped = await ask(body.session_id, 'Where did you meet grandpa?', { localAddress: from });
    expectError(capped, 429, interactiveText.clientCap);
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(0);
  });
});
