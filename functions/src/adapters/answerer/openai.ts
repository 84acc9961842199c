import OpenAI from 'openai';
import * as z from 'zod/mini';
import { logger } from '../../lib/logger.ts';
import { groundedInCitations } from './grounding.ts';
import { answerLocally } from './local.ts';
import { SYSTEM_PROMPT, userPrompt } from './openai-prompt.ts';
import { classifyOpenAiError, countPermanentError, openAiErrorName, samplingFor } from './openai-rules.ts';
import { type Answer, type Answerer, type AnswerRequest, declineText, detailsSentence, grounded } from './port.ts';

export interface OpenAiAnswererOptions {
  apiKey: string;
  /** Any OpenAI-compatible server (llama.cpp, Ollama, vLLM): its `/v1` URL. OpenAI's own when absent. */
  baseURL?: string;
  model: string;
  /** The whole call, after which the local answerer answers instead. */
  timeoutMs: number;
  /** Reasoning models only (openai-rules.ts). */
  reasoningEffort?: 'minimal' | 'low' | 'medium';
}

/** What the model must return (JSON schema, strict). */
const RESPONSE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['answer', 'cited_sentence_ids', 'declined'],
  properties: {
    answer: { type: 'string', description: "The answer, in the first person, as the story's narrator." },
    cited_sentence_ids: {
      type: 'array',
      items: { type: 'integer' },
      description: 'Ids of the numbered sentences the answer stands on (0 = the story details).',
    },
    declined: { type: 'boolean', description: 'True when the numbered sentences do not hold the answer.' },
  },
} as const;

const modelAnswer = z.object({
  answer: z.string(),
  cited_sentence_ids: z.array(z.number()),
  declined: z.boolean(),
});

/**
 * The OpenAI answerer (chat completions with a JSON-schema response). Only the heard sentences are sent,
 * numbered; the cited ids are checked against them before the answer is used. When the model declines, the
 * local ranking over the unheard part decides between "not yet heard" and "not in the story". Any failure
 * (time-out, 429, 5xx, malformed output) falls back to the local answerer, said in the log, not to the listener.
 */
export class OpenAiAnswerer implements Answerer {
  readonly name = 'openai';
  private readonly client: OpenAI;

  constructor(private readonly options: OpenAiAnswererOptions) {
    this.client = new OpenAI({
      apiKey: options.apiKey,
      baseURL: options.baseURL,
      timeout: options.timeoutMs,
      // A listener is waiting: one attempt, then the local answer.
      maxRetries: 0,
    });
  }

  async answer(request: AnswerRequest): Promise<Answer> {
    try {
      return await this.ask(request);
    } catch (error) {
      const failure = classifyOpenAiError(error);
      const fields = { reason: describe(error), errorName: failure.name, status: failure.status, code: failure.code };
      if (failure.permanent) {
        // A wrong key, model or request, or no credit: every question falls back until someone acts.
        logger.error('openai answerer failing permanently; the local answerer answered', {
          ...fields,
          model: this.options.model,
        });
        countPermanentError(failure);
      } else {
        logger.warn('openai answerer failed; the local answerer answered', { ...fields, model: this.options.model });
      }
      return answerLocally(request, 'local-fallback');
    }
  }

  private async ask(request: AnswerRequest): Promise<Answer> {
    const completion = await this.client.chat.completions.create({
      model: this.options.model,
      ...samplingFor(this.options.model, this.options.reasoningEffort),
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: userPrompt(request) },
      ],
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'story_answer', strict: true, schema: RESPONSE_SCHEMA },
      },
    });
    const message = completion.choices[0]?.message;
    if (!message) throw new Error('no choice in the completion');
    if (message.refusal) {
      logger.info('openai answerer refused; answered as a decline', { model: this.options.model });
      return this.declined(request);
    }
    const parsed = modelAnswer.safeParse(safeJson(message.content ?? ''));
    if (!parsed.success) throw new Error('the model answered outside the JSON schema');
    if (parsed.data.declined) return this.declined(request);
    const answer = grounded(
      {
        answer: parsed.data.answer.trim(),
        citedSentenceIds: parsed.data.cited_sentence_ids,
        declined: false,
        engine: 'openai',
      },
      request.heardCount,
    );
    if (answer.declined) logger.info('openai answer cited no heard sentence; declined', { model: this.options.model });
    if (answer.declined) return this.declined(request);
    // Cited, but saying what the cited sentences do not: not the story's answer (grounding.ts).
    const details = detailsSentence(request.story);
    if (!groundedInCitations({ ...answer, question: request.question, sentences: request.sentences, details })) {
      logger.info('openai answer not grounded in its cited sentences; declined', { model: this.options.model });
      return this.declined(request);
    }
    return answer;
  }

  /** The model found nothing in the heard text: the local ranking says whether the unheard part holds it. */
  private declined(request: AnswerRequest): Answer {
    const local = answerLocally(request);
    const kind = local.declined === 'not-yet-heard' ? 'not-yet-heard' : 'not-in-story';
    return { answer: declineText[kind], citedSentenceIds: [], declined: kind, engine: 'openai' };
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function describe(error: unknown): string {
  if (error instanceof OpenAI.APIError) return `${openAiErrorName(error)} ${error.status ?? ''}`.trim();
  return error instanceof Error ? `${openAiErrorName(error)}: ${error.message}` : 'unknown';
}
