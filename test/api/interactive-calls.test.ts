import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InteractiveSessionDto, QuestionAnswerDto } from '@storyloom/shared/interactive';
import type { LoginResponse } from '@storyloom/shared/schemas/auth';
import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalStack, startLocalStack } from '../../infra/local/stack.ts';
import { callServer } from '../support/local-server.ts';
import { GRANDPA_STORY } from './interactive-support.ts';

/**
 * "Cheap to ask" (issue 16, docs/interactive.md "Calls per question"): at most 3 DynamoDB calls per question
 * in every case, and the narration's timings file read once per container. Counting needs the handlers'
 * own client, so this file starts a local stack of its own in this process (as test/api/stories-paging.test.ts)
 * and counts with a middleware on the same DynamoDB and S3 client instances the handlers use.
 */
let stack: LocalStack;
let dataDir: string;
let owner: Person;
let reader: Person;
let story: StoryDto;
let linkToken: string;
/** Seconds per word of the narration's timings (one word every 0.3 s). */
const WORD = 0.3;
let duration: number;

interface Person {
  id: string;
  username: string;
  token: string;
}

const dynamoCalls: string[] = [];
let timingsReads = 0;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'storyloom-askcost-'));
  stack = await startLocalStack({ dataDir, port: 0, quiet: true, webDir: join(dataDir, 'web') });
  // The handlers and these imports read the environment startLocalStack just set: same modules, same clients.
  const { dynamo } = await import('@storyloom/functions/lib/clients/dynamo');
  const { s3 } = await import('@storyloom/functions/lib/clients/s3');
  const { logContext } = await import('@storyloom/functions/lib/logger');
  dynamo.middlewareStack.add(
    (next, context) => async (args) => {
      // Only what the question handlers send (the stack's own sweeps run in the same process).
      if (/interactive-question/.test(logContext()?.functionName ?? '')) {
        const input = args.input as { Key?: Record<string, string>; TransactItems?: unknown[] };
        const what = input.Key ? input.Key.sk : input.TransactItems ? `${input.TransactItems.length} items` : '';
        dynamoCalls.push(`${String(context.commandName).replace(/Command$/, '')} ${what}`.trim());
      }
      return next(args);
    },
    { step: 'initialize', name: 'askcostDynamoCounter' },
  );
  s3.middlewareStack.add(
    (next, context) => async (args) => {
      const key = (args.input as { Key?: string }).Key ?? '';
      if (context.commandName === 'GetObjectCommand' && key.endsWith('.timings.json')) timingsReads++;
      return next(args);
    },
    { step: 'initialize', name: 'askcostTimingsCounter' },
  );

  [owner, reader] = [await signedInPerson('owner'), await signedInPerson('reader')];
  story = (
    await call<StoryDto>('POST', '/api/stories', owner.token, { title: 'How I met him', content: GRANDPA_STORY })
  ).body;
  await narrate(story);
  expect(
    (
      await call('POST', `/api/stories/${story.ID}/share`, owner.token, {
        username: reader.username,
        permission: 'read',
      })
    ).status,
  ).toBeLessThan(300);
  linkToken = (await call<{ share_token: string }>('POST', `/api/stories/${story.ID}/share-link`, owner.token)).body
    .share_token;
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

let n = 0;
async function signedInPerson(prefix: string): Promise<Person> {
  const { createUser } = await import('@storyloom/functions/domain/accounts/registration');
  const username = `${prefix}${++n}${Date.now().toString(36)}`;
  const user = await createUser({
    username,
    email: `${username}@example.com`,
    password: 'askcost-password',
    emailVerified: true,
  });
  const login = await call<LoginResponse>('POST', '/login', undefined, { username, password: 'askcost-password' });
  return { id: user.id, username, token: login.body.token };
}

/**
 * A ready narration in the storyteller's own voice (their voice profile names it), with word timings one word
 * every 0.3 s, stored where the narration job stores them; the question route never reads the MP3 itself.
 */
async function narrate(s: StoryDto) {
  const { putMedia } = await import('@storyloom/functions/data/media');
  const { setStoryNarration, updateVoiceProfile, voiceMedia } = await import('@storyloom/functions/data/voice');
  const { localVoiceId } = await import('@storyloom/functions/adapters/voice/local-voices');
  const words = [...s.content.matchAll(/[\w']+/g)].map((m, i) => ({
    text: m[0],
    offset: m.index!,
    length: m[0].length,
    start: i * WORD,
    end: i * WORD + 0.25,
  }));
  duration = words.length * WORD + 1;
  // The storyteller's own local voice (a clone's parameters, not one of the presets anyone may use).
  const voiceId = localVoiceId({ family: 'f', hz: 190, wpm: 150 });
  await updateVoiceProfile(s.author.id, { voiceId, engine: 'local', cloneStatus: 'ready' });
  const audioKey = voiceMedia.narrationAudio(s.author.id, s.ID, 'n1');
  await putMedia(audioKey, new Uint8Array([0xff, 0xfb, 0x90, 0x00]), 'audio/mpeg');
  await putMedia(
    voiceMedia.narrationTimings(s.author.id, s.ID, 'n1'),
    new TextEncoder().encode(JSON.stringify({ duration, words })),
    'application/json',
  );
  await setStoryNarration(s.ID, { audioKey, voiceId, ownVoice: true });
}

/**
 * An audio story of `who` with a typed transcript longer than the story item's excerpt (its last sentence
 * only in the transcript record), stored by the data layer's own calls as the transcript route stores it.
 */
async function audioStoryWithTranscript(who: Person) {
  const data = await import('@storyloom/functions/data/stories');
  const transcripts = await import('@storyloom/functions/data/transcripts');
  const { mediaKeys, putMedia } = await import('@storyloom/functions/data/media');
  const id = crypto.randomUUID();
  const audioKey = mediaKeys.storyAudio(who.id, id, 'a1', 'wav');
  await putMedia(audioKey, new Uint8Array(64), 'audio/wav');
  const now = new Date().toISOString();
  await data.putNewStory({
    id,
    authorId: who.id,
    authorUsername: who.username,
    title: 'Milk round',
    content: 'A recording of the milk round.',
    storyType: 'audio',
    audioKey,
    createdAt: now,
    updatedAt: now,
    isPublic: false,
    allowComments: true,
  });
  const text =
    'My father drove a milk float in Leeds. The horse was called Bramble and she knew every stop by heart. ' +
    'We rode through the streets before dawn while the town slept. '.repeat(20) +
    'In the end the milk float went to a museum in York.';
  const record = await transcripts.storeTranscriptText(
    { id, authorId: who.id },
    { text, source: 'typed' },
    { kind: 'owner' },
  );
  const summary = record && transcripts.transcriptSummary(record);
  expect(summary?.truncated).toBe(true);
  expect(await transcripts.setStoryTranscriptSummary(id, summary!)).toBe(true);
  return { id };
}

/** The API of this file's own stack, as the SPA calls it. */
function call<T = Record<string, unknown>>(method: string, path: string, token?: string, body?: unknown) {
  return callServer<T>(stack.url, method, path, body, token);
}

/** One question, and the DynamoDB commands its handler sent. */
async function asked(sessionId: string, question: string, opts: { token?: string; askedAt?: number } = {}) {
  dynamoCalls.length = 0;
  const base = opts.token ? '/api' : '/shared';
  const res = await call<QuestionAnswerDto>('POST', `${base}/interactive/question/${sessionId}`, opts.token, {
    question,
    asked_at: opts.askedAt ?? duration,
  });
  expect(res.status).toBe(200);
  return { answer: res.body, calls: [...dynamoCalls] };
}

async function start(path: string, token?: string): Promise<string> {
  const res = await call<InteractiveSessionDto>('POST', path, token);
  expect(res.status).toBe(201);
  return res.body.session_id;
}

const asks: Array<{ label: string; calls: string[] }> = [];
/**
 * 2 calls: one batch read (the session, the story, a reader's share, the author's voice profile, a
 * signed-in caller's user record), one transaction (the session claimed and counted, the client's hourly
 * counter). A family member's question the story cannot answer writes the storyteller's record too: 3.
 */
function counted<T extends { calls: string[] }>(label: string, result: T): T {
  asks.push({ label, calls: result.calls });
  return result;
}

/** A link listener's session as stored before session ids named their story (the random part alone). */
async function putLegacySession(): Promise<string> {
  const { putSession } = await import('@storyloom/functions/data/interactive');
  const { idleTtl } = await import('@storyloom/functions/domain/interactive/sessions');
  const id = randomBytes(32).toString('base64url');
  await putSession({
    id,
    storyId: story.ID,
    authorId: story.author.id,
    listener: { kind: 'link', token: linkToken },
    currentTime: 0,
    questions: 0,
    createdAt: new Date().toISOString(),
    ttl: idleTtl(),
  });
  return id;
}

describe('cheap to ask', () => {
  it('makes at most 3 DynamoDB calls per question (3 when the storyteller gets it), reads the timings once', async () => {
    const link = await start(`/shared/interactive/start/${linkToken}`);
    const first = counted('link: first question, answered, spoken', await asked(link, 'Where did you meet grandpa?'));
    expect(first.answer).toMatchObject({ declined: false, answer_audio_url: expect.stringMatching(/^https?:/) });
    counted('link: the same question again', await asked(link, 'where did you meet grandpa'));
    const notYet = counted('link: not yet heard', await asked(link, 'Where did you get married?', { askedAt: 0.5 }));
    expect(notYet.answer.declined).toBe('not-yet-heard');
    const notIn = counted('link: not in the story (recorded)', await asked(link, 'What was your first dog called?'));
    expect(notIn.answer.declined).toBe('not-in-story');
    // The recorded case: one read, one transaction (session and client counter together), the record.
    expect(notIn.calls).toEqual([
      'BatchGetItem',
      'TransactWriteItems 2 items',
      expect.stringMatching(/^UpdateItem ASKED#/),
    ]);
    expect(first.calls).toEqual(['BatchGetItem', 'TransactWriteItems 2 items']);
    counted('link: not in the story again (counted up)', await asked(link, 'what was your FIRST dog called'));

    const own = await start(`/api/interactive/start/${story.ID}`, owner.token);
    counted('owner: first question, answered', await asked(own, 'Where did you meet grandpa?', { token: owner.token }));
    counted(
      'owner: not in the story (not recorded)',
      await asked(own, 'What was your cat called?', { token: owner.token }),
    );

    const read = await start(`/api/interactive/start/${story.ID}`, reader.token);
    counted(
      'reader: first question, answered',
      await asked(read, 'Where did you meet grandpa?', { token: reader.token }),
    );
    const readerNotIn = counted(
      'reader: not in the story (recorded)',
      await asked(read, 'What was your horse called?', { token: reader.token }),
    );
    expect(readerNotIn.answer.declined).toBe('not-in-story');

    // Text answers: the storyteller's voice is no longer the one the narration used (read in the same batch).
    const { updateVoiceProfile } = await import('@storyloom/functions/data/voice');
    const { localVoiceId } = await import('@storyloom/functions/adapters/voice/local-voices');
    await updateVoiceProfile(owner.id, { voiceId: localVoiceId({ family: 'f', hz: 200, wpm: 150 }) });
    const text = counted('link: answered in text (voice replaced)', await asked(link, 'What did he work at?'));
    expect(text.answer).toMatchObject({ declined: false, answer_audio_url: null });
    expect(text.answer.answer).toContain('shipyard');

    // An audio story heard through its long transcript (its text lives beside the story), by a storyteller
    // without a voice of their own: answers in text; the first question reads the transcript with the story.
    const recorded = await audioStoryWithTranscript(reader);
    const audioToken = (
      await call<{ share_token: string }>('POST', `/api/stories/${recorded.id}/share-link`, reader.token)
    ).body.share_token;
    const heard = await start(`/shared/interactive/start/${audioToken}`);
    const firstAudio = counted(
      'audio story, long transcript: first question, answered in text',
      await asked(heard, 'What was the horse called?'),
    );
    expect(firstAudio.answer).toMatchObject({ declined: false, answer_audio_url: null });
    expect(firstAudio.answer.answer).toContain('Bramble');
    const later = counted(
      'audio story: a question about the end of the long transcript',
      await asked(heard, 'Where did the milk float end up?'),
    );
    expect(later.answer.answer).toContain('museum');

    console.log(asks.map((a) => `${a.calls.length}  ${a.label}: ${a.calls.join(', ')}`).join('\n'));
    for (const a of asks) expect(a.calls.length, `${a.label}: ${a.calls.join(', ')}`).toBeLessThanOrEqual(3);
    expect(timingsReads).toBe(1);

    const family = await call<{ questions: Array<{ question: string; times: number }> }>(
      'GET',
      `/api/interactive/questions/${story.ID}`,
      owner.token,
    );
    expect(family.body.questions.map((q) => [q.question, q.times])).toEqual(
      expect.arrayContaining([
        [expect.stringMatching(/first dog/i), 2],
        ['What was your horse called?', 1],
      ]),
    );
    expect(family.body.questions.map((q) => q.question)).not.toContain('What was your cat called?');
  }, 120_000);

  it('still answers a session started before ids named their story: one read more, to learn its story', async () => {
    const id = await putLegacySession();
    const legacy = await asked(id, 'Where did you meet grandpa?');
    expect(legacy.answer.declined).toBe(false);
    expect(legacy.calls).toEqual(['GetItem SESSION', 'BatchGetItem', 'TransactWriteItems 2 items']);
  });

  it('claims the session and counts the client in one write, all or nothing, each with its own condition', async () => {
    const data = await import('@storyloom/functions/data/interactive');
    const { windowOf } = await import('@storyloom/functions/data/rate-limit');
    const { idleTtl } = await import('@storyloom/functions/domain/interactive/sessions');
    const { dynamo } = await import('@storyloom/functions/lib/clients/dynamo');
    const { config } = await import('@storyloom/functions/lib/config');
    const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
    const limit = { scope: 'iquestion', subject: `ip:claim-test-${Date.now()}`, limit: 2, windowSeconds: 3600 };
    const id = await putLegacySession();
    const counted = async () => [
      (await data.getSession(id))?.questions,
      (
        await dynamo.send(
          new GetCommand({ TableName: config.tableName, Key: windowOf(limit).key, ConsistentRead: true }),
        )
      ).Item?.count,
    ];
    const claim = (max: number, family: { kind: 'shared' } | { kind: 'user'; userId: string } = { kind: 'shared' }) =>
      data.claimQuestionAndCount(id, family, max, idleTtl(), limit);

    expect(await claim(40)).toBe('claimed');
    expect(await counted()).toEqual([1, 1]);
    // The session's conditions fail: the client is not counted either.
    expect(await claim(1)).toBe('session-full');
    expect(await claim(40, { kind: 'user', userId: owner.id })).toBe('session-ended');
    expect(await counted()).toEqual([1, 1]);
    expect(await claim(40)).toBe('claimed');
    // The client's limit is reached: the session does not count the question.
    expect(await claim(40)).toBe('client-cap');
    expect(await counted()).toEqual([2, 2]);
    expect(await data.deleteSession(id)).toBe(true);
    expect(await claim(40)).toBe('session-ended');
    expect(await counted()).toEqual([undefined, 2]);
  });

  it("still checks the caller's user record: a logged-out token is refused, and nothing is answered", async () => {
    const person = await signedInPerson('leaver');
    await call('POST', `/api/stories/${story.ID}/share`, owner.token, {
      username: person.username,
      permission: 'comment',
    });
    const session = await start(`/api/interactive/start/${story.ID}`, person.token);
    expect((await asked(session, 'Where did you meet grandpa?', { token: person.token })).answer.declined).toBe(false);
    expect((await call('POST', '/logout', person.token)).status).toBeLessThan(300);
    const refused = await call('POST', `/api/interactive/question/${session}`, person.token, {
      question: 'Where did you meet grandpa?',
    });
    expect(refused.status).toBe(401);
  });
});
