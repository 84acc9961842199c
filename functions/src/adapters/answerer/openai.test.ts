import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAiFake, startOpenAiFake } from '../../../../test/support/openai-fake.ts';
import { OpenAiAnswerer } from './openai.ts';
import type { AnswerRequest } from './port.ts';
import { splitSentences } from './text.ts';

/** Contract tests: the OpenAI answerer against a local server speaking OpenAI's chat completions format. */
let fake: OpenAiFake;
beforeAll(async () => {
  fake = await startOpenAiFake();
});
afterAll(() => fake.close());

const CONTENT =
  'I met your grandfather at the Roseland dance hall in 1952. He stepped on my feet twice. ' +
  'He proposed on the Coney Island boardwalk the next spring.';
const sentences = splitSentences(CONTENT);
const request = (question: string, heardCount = 2): AnswerRequest => ({
  story: { title: 'How I Met Your Grandfather', location: 'Brooklyn' },
  sentences,
  heardCount,
  question,
});
const answerer = (timeoutMs = 2000) =>
  new OpenAiAnswerer({ apiKey: 'sk-test', baseURL: fake.url, model: 'fake-model', timeoutMs });
const json = (answer: string, ids: number[], declined = false) =>
  JSON.stringify({ answer, cited_sentence_ids: ids, declined });

describe('OpenAI answerer', () => {
  it('sends only the heard sentences, numbered, with a JSON schema, and uses a grounded answer', async () => {
    fake.reply({ kind: 'answer', content: json('I met him at the Roseland dance hall.', [1]) });
    const answer = await answerer().answer(request('Where did you meet grandpa?'));
    expect(answer).toEqual({
      answer: 'I met him at the Roseland dance hall.',
      citedSentenceIds: [1],
      declined: false,
      engine: 'openai',
    });
    const sent = fake.requests.at(-1)!;
    expect(sent.authorization).toBe('Bearer sk-test');
    expect(sent.body.model).toBe('fake-model');
    expect(JSON.stringify(sent.body.response_format)).toContain('cited_sentence_ids');
    const user = (sent.body.messages as Array<{ role: string; content: string }>)[1]!.content;
    expect(user).toContain('[1] I met your grandfather');
    expect(user).toContain('[2] He stepped');
    expect(user).not.toContain('Coney Island');
  });

  it('refuses an answer citing a sentence not heard (or none) and declines instead', async () => {
    fake.reply({ kind: 'answer', content: json('On the boardwalk.', [3]) });
    const unheard = await answerer().answer(request('Where did grandpa propose?'));
    expect(unheard.declined).toBe('not-yet-heard');
    expect(unheard.citedSentenceIds).toEqual([]);
    fake.reply({ kind: 'answer', content: json('He loved jazz.', []) });
    expect((await answerer().answer(request('What music did he like?'))).declined).toBe('not-in-story');
  });

  it('turns a model decline into "not yet heard" when the unheard part holds the answer', async () => {
    fake.reply({ kind: 'answer', content: json('', [], true) });
    expect((await answerer().answer(request('Where did he propose to you?'))).declined).toBe('not-yet-heard');
    fake.reply({ kind: 'answer', content: json('', [], true) });
    expect((await answerer().answer(request('What was his favourite song?'))).declined).toBe('not-in-story');
  });

  it('treats a refusal as a decline', async () => {
    fake.reply({ kind: 'refusal', refusal: "I can't help with that." });
    const answer = await answerer().answer(request('Tell me something nasty'));
    expect(answer.declined).toBe('not-in-story');
    expect(answer.engine).toBe('openai');
  });

  it.each([
    ['429', { kind: 'error', status: 429, headers: { 'retry-after': '1' } }],
    ['500', { kind: 'error', status: 500 }],
    ['malformed JSON', { kind: 'answer', content: '{"answer": "I met him at' }],
    ['JSON outside the schema', { kind: 'answer', content: '{"text": "hello"}' }],
  ] as const)('falls back to the local answerer on %s', async (_name, reply) => {
    fake.reply(reply);
    const answer = await answerer().answer(request('Where did you meet grandpa?'));
    expect(answer.engine).toBe('local-fallback');
    expect(answer.declined).toBe(false);
    expect(answer.citedSentenceIds).toContain(1);
  });

  it('falls back to the local answerer on a time-out, without waiting for the server', async () => {
    fake.reply({ kind: 'delay', ms: 5000, content: json('late', [1]) });
    const started = Date.now();
    const answer = await answerer(200).answer(request('Where did you meet grandpa?'));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(answer.engine).toBe('local-fallback');
  });
});
