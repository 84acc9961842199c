import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InteractiveSessionDto, QuestionAnswerDto } from '@storyloom/shared/interactive';
import type { NarrationDto } from '@storyloom/shared/voice';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type LocalStack, startLocalStack } from '../../infra/local/stack.ts';
import { type ElevenLabsFake, startElevenLabsFake } from '../support/elevenlabs-fake.ts';
import { callServer, registerOn } from '../support/local-server.ts';
import { pollUntil } from '../support/voice.ts';
import { GRANDPA_STORY } from './interactive-support.ts';

/**
 * Spoken answers have a budget of their own (docs/interactive.md, "Spoken answers"): with ElevenLabs
 * configured and its text-to-speech hanging, the listener gets the text answer within 8 s, after at most two
 * attempts on the fast answer model — never the narration's minutes of time-outs and retries.
 */
let dir: string;
let app: LocalStack;
let fake: ElevenLabsFake;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'storyloom-speech-budget-'));
  fake = await startElevenLabsFake();
  app = await startLocalStack({
    dataDir: dir,
    port: 0,
    quiet: true,
    webDir: inject('webDir'),
    // The product's default budget, said here: test workers inherit the shared stack's longer one (global-setup.ts).
    env: { ELEVENLABS_API_KEY: 'fake-key', ELEVENLABS_BASE_URL: fake.url, ANSWER_SPEECH_BUDGET_MS: '6000' },
  });
}, 60_000);
afterAll(async () => {
  await app?.stop();
  await fake?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a spoken answer whose speech does not come', () => {
  it('answers in text within 8 s after at most two attempts', async () => {
    const token = await (await registerOn(app.url))();
    const story = await callServer<{ ID: string }>(
      app.url,
      'POST',
      '/api/stories',
      { title: 'How I met your grandfather', content: GRANDPA_STORY },
      token,
    );
    const id = story.body.ID;
    await callServer(app.url, 'POST', `/api/voice/narrate/${id}`, { voice_id: 'fake-premade-adam' }, token);
    await pollUntil(
      () => callServer<NarrationDto>(app.url, 'GET', `/api/voice/narrate/${id}`, undefined, token),
      (r) => r.body.status === 'ready',
    );
    const start = await callServer<InteractiveSessionDto>(
      app.url,
      'POST',
      `/api/interactive/start/${id}`,
      undefined,
      token,
    );
    expect(start.body.spoken).toBe(true);

    // The provider takes the request and never answers in time (and bills it: a cut request is paid).
    fake.reset();
    fake.behave({ latencyMs: 60_000 });
    const started = Date.now();
    const answer = await callServer<QuestionAnswerDto>(
      app.url,
      'POST',
      `/api/interactive/question/${start.body.session_id}`,
      { question: 'Where did you meet grandfather?', asked_at: 1000 },
      token,
    );
    const elapsed = Date.now() - started;
    expect(answer.status).toBe(200);
    expect(answer.body.answer.length).toBeGreaterThan(0);
    expect(answer.body.answer_audio_url).toBeNull();
    expect(elapsed).toBeLessThan(8000);
    const tts = fake.requests.filter((r) => r.route === 'tts');
    expect(tts.length).toBeGreaterThanOrEqual(1);
    expect(tts.length).toBeLessThanOrEqual(2);
    // The answer model of its own, not the narration's.
    expect(JSON.parse(tts[0]!.body).model_id).toBe('eleven_flash_v2_5');

    // The provider back: the same question is spoken now (the text-only answer was not kept as final).
    fake.behave({ latencyMs: 0 });
    const again = await callServer<QuestionAnswerDto>(
      app.url,
      'POST',
      `/api/interactive/question/${start.body.session_id}`,
      { question: 'Where did you meet grandfather?', asked_at: 1000 },
      token,
    );
    expect(again.body.answer_audio_url).toMatch(/answers\/.*\.mp3/);
  });
});
