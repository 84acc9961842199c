import OpenAI from 'openai';
import { emitMetrics } from '../../lib/metrics.ts';

/**
 * OpenAI's rules the answerer keeps (docs/interactive.md, "OpenAI answerer"), read from the `openai` SDK
 * 7.57 (`resources/shared.d.ts` deprecation list, `resources/models.d.ts` `shutdown_date`).
 * The default model lives in select.ts (no SDK import there: the SDK loads only with a key).
 */

/** Reasoning models (o-series, gpt-5 family) refuse `temperature` and count reasoning in their token cap. */
export function isReasoningModel(model: string): boolean {
  return /^(o\d|gpt-5|gpt-6)/.test(model);
}

/**
 * Sampling parameters for the model: reasoning models get `max_completion_tokens` (reasoning tokens count
 * against it, hence the room) and a low reasoning effort (a listener is waiting); other models `temperature:
 * 0` and `max_tokens`, which OpenAI-compatible servers (llama.cpp, Ollama) understand.
 */
export function samplingFor(
  model: string,
  reasoningEffort: 'minimal' | 'low' | 'medium' = 'low',
):
  | { max_completion_tokens: number; reasoning_effort: 'minimal' | 'low' | 'medium' }
  | { temperature: number; max_tokens: number } {
  return isReasoningModel(model)
    ? { max_completion_tokens: 2000, reasoning_effort: reasoningEffort }
    : { temperature: 0, max_tokens: 400 };
}

/**
 * The SDK error's class name, spelled out: minified bundles rename classes, so `constructor.name` would log
 * "e" or "t" (and `Error.name` is "Error" for all of them).
 */
export function openAiErrorName(error: unknown): string {
  if (error instanceof OpenAI.APIConnectionTimeoutError) return 'APIConnectionTimeoutError';
  if (error instanceof OpenAI.APIConnectionError) return 'APIConnectionError';
  if (error instanceof OpenAI.APIUserAbortError) return 'APIUserAbortError';
  if (error instanceof OpenAI.BadRequestError) return 'BadRequestError';
  if (error instanceof OpenAI.AuthenticationError) return 'AuthenticationError';
  if (error instanceof OpenAI.PermissionDeniedError) return 'PermissionDeniedError';
  if (error instanceof OpenAI.NotFoundError) return 'NotFoundError';
  if (error instanceof OpenAI.UnprocessableEntityError) return 'UnprocessableEntityError';
  if (error instanceof OpenAI.RateLimitError) return 'RateLimitError';
  if (error instanceof OpenAI.InternalServerError) return 'InternalServerError';
  if (error instanceof OpenAI.APIError) return 'APIError';
  return error instanceof Error ? (error.name === 'Error' ? 'Error' : error.name) : 'unknown';
}

export interface OpenAiFailure {
  name: string;
  status?: number;
  code?: string;
  /** Will not go away by itself: a wrong key, model or request, or no credit left. */
  permanent: boolean;
}

/** What a failed call means: 400/401/403/404 and `insufficient_quota` (a 429) are permanent. */
export function classifyOpenAiError(error: unknown): OpenAiFailure {
  const name = openAiErrorName(error);
  if (!(error instanceof OpenAI.APIError)) return { name, permanent: false };
  const status = error.status;
  const code = typeof error.code === 'string' ? error.code : undefined;
  const permanent =
    status === 400 || status === 401 || status === 403 || status === 404 || code === 'insufficient_quota';
  return { name, status, code, permanent };
}

/** EMF metric `ProviderPermanentErrors` (provider = openai), alarmed in CDK (infra Operations). */
export function countPermanentError(failure: OpenAiFailure): void {
  emitMetrics({
    directives: [{ dimensions: ['provider'], metrics: [{ name: 'ProviderPermanentErrors', unit: 'Count' }] }],
    values: {
      provider: 'openai',
      ProviderPermanentErrors: 1,
      errorName: failure.name,
      ...(failure.status ? { status: failure.status } : {}),
      ...(failure.code ? { code: failure.code } : {}),
    },
  });
}
