import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAiFake, startOpenAiFake } from '../../../../test/support/openai-fake.ts';
import { OpenAiAnswerer } from './openai.ts';
import { classifyOpenAiError, isReasoningModel, openAiErrorName } from './openai-rules.ts';
import type { AnswerRequest } from './port.ts';
import { DEFAULT_ANSWERER_MODEL } from './select.ts';
import { splitSentences } from './text.ts';

/** OpenAI kept current: the default model, reasoning-model parameters, permanent errors and their names. */
let fake: OpenAiFake;
beforeAll(async () => {
  fake = await startOpenAiFake();
});
afterAll(() => fake.close());

const CONTENT = 'I met your grandfather at the Roseland dance hall in 1952. He stepped on my feet twice.';
const request: AnswerRequest = {
  story: { title: 'How I Met Your Grandfather' },
  sentences: splitSentences(CONTENT),
  heardCount: 2,
  question: 'Where did you meet grandpa?',
};
const answerer = (model: string) =>
  new OpenAiAnswerer({ apiKey: 'sk-test', baseURL: fake.url, model, timeoutMs: 2000 });
const reply = JSON.stringify({ answer: 'At the Roseland dance hall.', cited_sentence_ids: [1], declined: false });

describe('OpenAI kept current', () => {
  it('defaults to a model the SDK announces no shutdown for (not gpt-4o-mini, not gpt-5 / gpt-5-mini)', () => {
    // The SDK's own deprecation list (openai 7.x, resources/shared.d.ts): every model named with a shutdown date.
    const list = readFileSync('node_modules/openai/resources/shared.d.ts', 'utf8');
    const deprecated = list.slice(list.indexOf('Deprecated values:'), list.indexOf('export type ChatModel'));
    const named = [...deprecated.matchAll(/"([^"]+)"/g)].map((m) => m[1]);
    expect(named).toContain('gpt-4o-mini');
    expect(named).toContain('gpt-5-mini');
    expect(named).not.toContain(DEFAULT_ANSWERER_MODEL);
    expect(list).toMatch(new RegExp(`'${DEFAULT_ANSWERER_MODEL.replace(/\./g, '\\.')}'`));
  });

  it('sends a reasoning model max_completion_tokens and no temperature; other models temperature 0', async () => {
    expect(isReasoningModel(DEFAULT_ANSWERER_MODEL)).toBe(true);
    fake.reply({ kind: 'answer', content: reply });
    expect((await answerer(DEFAULT_ANSWERER_MODEL).answer(request)).engine).toBe('openai');
    const reasoning = fake.requests.at(-1)!.body;
    expect(reasoning).not.toHaveProperty('temperature');
    expect(reasoning).not.toHaveProperty('max_tokens');
    expect(reasoning.max_completion_tokens).toBeGreaterThan(0);
    expect(reasoning.reasoning_effort).toBe('low');

    fake.reply({ kind: 'answer', content: reply });
    await answerer('llama-3.1-8b-instruct').answer(request);
    const plain = fake.requests.at(-1)!.body;
    expect(plain.temperature).toBe(0);
    expect(plain).not.toHaveProperty('reasoning_effort');
  });

  it('tells permanent failures (400/401/403/404, insufficient_quota) from passing ones, with their names', async () => {
    const cases: Array<[number, string | undefined, string, boolean]> = [
      [400, undefined, 'BadRequestError', true],
      [401, undefined, 'AuthenticationError', true],
      [403, undefined, 'PermissionDeniedError', true],
      [404, undefined, 'NotFoundError', true],
      [429, 'insufficient_quota', 'RateLimitError', true],
      [429, 'rate_limit_exceeded', 'RateLimitError', false],
      [500, undefined, 'InternalServerError', false],
    ];
    for (const [status, code, name, permanent] of cases) {
      fake.reply({ kind: 'error', status, code });
      // The listener still gets an answer: the local one.
      const answer = await answerer(DEFAULT_ANSWERER_MODEL).answer(request);
      expect(answer.engine).toBe('local-fallback');
      // The same failure as the SDK raises it, classified.
      fake.reply({ kind: 'error', status, code });
      const { default: OpenAI } = await import('openai');
      const client = new OpenAI({ apiKey: 'sk-test', baseURL: fake.url, maxRetries: 0 });
      const error = await client.chat.completions
        .create({ model: 'x', messages: [{ role: 'user', content: 'hi' }] })
        .catch((e: unknown) => e);
      expect(classifyOpenAiError(error)).toMatchObject({ name, status, permanent });
    }
    expect(openAiErrorName(new TypeError('x'))).toBe('TypeError');
  });
});
