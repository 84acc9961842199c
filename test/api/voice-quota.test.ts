import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type NarrationDto, narrationQuotaText } from '@storyloom/shared/voice';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type LocalStack, startLocalStack } from '../../infra/local/stack.ts';
import { callServer, registerOn } from '../support/local-server.ts';
import { pollUntil } from '../support/voice.ts';

/**
 * The narration quota (docs/voice.md, "Quota") on a stack of this file's own with small limits: three jobs
 * an hour, 2,000 characters a day. Voice switches count as jobs; the same text in the same voice is never
 * narrated (or counted) twice; an edit re-narrates nothing by itself.
 */
let dir: string;
let app: LocalStack;
const LOWER = 'local:m:105:160';
const HIGHER = 'local:f:210:165';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'storyloom-voice-quota-'));
  app = await startLocalStack({
    dataDir: dir,
    port: 0,
    quiet: true,
    webDir: inject('webDir'),
    env: { NARRATION_HOURLY_LIMIT: '3', NARRATION_DAILY_CHARACTERS: '2000' },
  });
}, 60_000);
afterAll(async () => {
  await app?.stop();
  await rm(dir, { recursive: true, force: true });
});

const sentence = 'We walked to the mill by the river every Sunday morning. ';

async function storyOf(token: string, content: string): Promise<string> {
  const res = await callServer<{ ID: string }>(app.url, 'POST', '/api/stories', { title: 'Mill', content }, token);
  return res.body.ID;
}

const narrate = (token: string, id: string, voice: string) =>
  callServer<NarrationDto & { error?: string }>(
    app.url,
    'POST',
    `/api/voice/narrate/${id}`,
    { voice_id: voice },
    token,
  );
const narration = (token: string, id: string) =>
  callServer<NarrationDto>(app.url, 'GET', `/api/voice/narrate/${id}`, undefined, token).then((r) => r.body);

describe('narration quota', () => {
  it('counts every job of the hour, voice switches too, and answers the next with 429 and when it resets', async () => {
    const token = await (await registerOn(app.url))();
    const id = await storyOf(token, sentence.repeat(2));
    expect((await narrate(token, id, LOWER)).status).toBe(202);
    expect((await narrate(token, id, HIGHER)).status).toBe(202);
    expect((await narrate(token, id, LOWER)).status).toBe(202);
    await pollUntil(
      () => narration(token, id),
      (n) => n.status === 'ready' && n.voice_id === LOWER,
    );

    // The same text in the same voice: already there, not counted, whatever the quota says.
    const same = await narrate(token, id, LOWER);
    expect(same.status).toBe(200);
    expect(same.body.status).toBe('ready');

    const refused = await narrate(token, id, HIGHER);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused.body.error).toBe(narrationQuotaText.jobs(3, retryAfter));
    expect(refused.body.error).toMatch(
      /You have started 3 narrations in the last hour\. You can start another in \d+ (minute|hour)s?\./,
    );
    // Nothing was queued: the ready narration is still the current one.
    expect(await narration(token, id)).toMatchObject({ status: 'ready', voice_id: LOWER });
  });

  it("refuses a story that would pass the day's characters, with the reset time; an edit re-narrates nothing", async () => {
    const token = await (await registerOn(app.url))();
    const first = await storyOf(token, sentence.repeat(25)); // 1,425 characters
    expect((await narrate(token, first, LOWER)).status).toBe(202);
    const ready = await pollUntil(
      () => narration(token, first),
      (n) => n.status === 'ready',
    );

    const second = await storyOf(token, sentence.repeat(11)); // 627: over 2,000 together
    const refused = await narrate(token, second, LOWER);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    expect(refused.body.error).toBe(narrationQuotaText.characters(2000, retryAfter));
    expect(refused.body.error).toMatch(/today's limit of 2,000 characters\. The limit resets in \d+ (minute|hour)s?\./);
    // Refused as a whole: the hour's job slot it had taken was given back, a short story still fits.
    const short = await storyOf(token, sentence.repeat(4)); // 228
    expect((await narrate(token, short, LOWER)).status).toBe(202);

    // Editing the text marks the narration out of date; it does not queue a new one.
    const edit = await callServer(
      app.url,
      'PUT',
      `/api/stories/${first}`,
      { title: 'Mill', content: `${sentence.repeat(25)}And then it rained.` },
      token,
    );
    expect(edit.status).toBe(200);
    const after = await narration(token, first);
    expect(after).toMatchObject({
      status: 'ready',
      stale: true,
      attempts: ready.attempts,
      updated_at: ready.updated_at,
    });
  });
});
