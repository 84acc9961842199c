import type { InteractiveSessionDto, QuestionAnswerDto } from '@storyloom/shared/interactive';
import type { NarrationDto } from '@storyloom/shared/voice';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ProviderStack, startProviderStack } from '../support/provider-stack.ts';
import { pollUntil } from '../support/voice.ts';
import { GRANDPA_STORY } from './interactive-support.ts';

/**
 * Spoken answers have a budget of their own (docs/interactive.md, "Spoken answers"): with ElevenLabs
 * configured and its text-to-speech hanging, the listener gets the text answer within 8 s, after at most two
 * attempts on the fast answer model — never the narration's minutes of time-outs and retries.
 */
let stack: ProviderStack;

beforeAll(async () => {
  // The product's default budget, said here: test workers inherit the shared stack's longer one (global-setup.ts).
  stack = await startProviderStack({ env: { ANSWER_SPEECH_BUDGET_MS: '6000' } });
}, 60_000);
afterAll(() => stack?.stop());

describe('a spoken answer whose speech does not come', () => {
  it('answers in text within 8 s after at most two attempts', async () => {
    const { token } = await stack.newUser();
    const story = await stack.call<{ ID: string }>('POST', '/api/stories', {
      body: { title: 'How I met your grandfather', content: GRANDPA_STORY },
      token,
    });
    const id = story.body.ID;
    await stack.call('POST', `/api/voice/narrate/${id}`, { body: { voice_id: 'fake-premade-adam' }, token });
    await pollUntil(
      () => stack.call<NarrationDto>('GET', `/api/voice/narrate/${id}`, { token }),
      (r) => r.body.status === 'ready',
    );
    const start = await stack.call<InteractiveSessionDto>('POST', `/api/interactive/start/${id}`, { token });
    expect(start.body.spoken).toBe(true);

    // The provider takes the request and never answers in time (and bills it: a cut request is paid).
    stack.fake.reset();
    stack.fake.behave({ latencyMs: 60_000 });
    const started = Date.now();
    const answer = await stack.call<QuestionAnswerDto>('POST', `/api/interactive/question/${start.body.session_id}`, {
      body: { question: 'Where did you meet grandfather?', asked_at: 1000 },
      token,
    });
    const elapsed = Date.now() - started;
    expect(answer.status).toBe(200);
    expect(answer.body.answer.length).toBeGreaterThan(0);
    expect(answer.body.answer_audio_url).toBeNull();
    expect(elapsed).toBeLessThan(8000);
    const tts = stack.fake.requests.filter((r) => r.route === 'tts');
    expect(tts.length).toBeGreaterThanOrEqual(1);
    expect(tts.length).toBeLessThanOrEqual(2);
    // The answer model of its own, not the narration's.
    expect(JSON.parse(tts[0]!.body).model_id).toBe('eleven_flash_v2_5');

    // The provider back: the same question is spoken now (the text-only answer was not kept as final).
    stack.fake.behave({ latencyMs: 0 });
    const again = await stack.call<QuestionAnswerDto>('POST', `/api/interactive/question/${start.body.session_id}`, {
      body: { question: 'Where did you meet grandfather?', asked_at: 1000 },
      token,
    });
    expect(again.body.answer_audio_url).toMatch(/answers\/.*\.mp3/);
  });
});
