import { intEnv, optionalEnv } from '../../lib/env.ts';
import { providerConfigured, secretValue } from '../../lib/secrets.ts';
import { LocalAnswerer } from './local.ts';
import type { Answerer } from './port.ts';

/**
 * The default OpenAI model: one the provider still serves with no announced shutdown (openai SDK 7.57,
 * `resources/shared.d.ts`: gpt-4o-mini shuts down on 2027-01-14, gpt-5 / gpt-5-mini on 2026-12-11;
 * gpt-5.4-mini has no date). Pick another with `ANSWERER_MODEL` after reading `GET /v1/models` (its
 * `shutdown_date` is null); `npm run smoke:providers` prints the configured model's date.
 */
export const DEFAULT_ANSWERER_MODEL = 'gpt-5.4-mini';

function reasoningEffort(value: string | undefined): 'minimal' | 'low' | 'medium' | undefined {
  if (value === undefined) return undefined;
  if (value === 'minimal' || value === 'low' || value === 'medium') return value;
  throw new Error(`ANSWERER_REASONING_EFFORT must be minimal, low or medium, got "${value}"`);
}

let chosen: Promise<Answerer> | undefined;

/**
 * The answerer this deployment runs: OpenAI (or any OpenAI-compatible server) when a key is configured,
 * else the local extractive one (docs/interactive.md). Built once per cold start.
 */
export function answerer(): Promise<Answerer> {
  chosen ??= (async () => {
    if (!providerConfigured('openai')) return new LocalAnswerer();
    const apiKey = await secretValue('openai');
    if (!apiKey) return new LocalAnswerer();
    const { OpenAiAnswerer } = await import('./openai.ts');
    return new OpenAiAnswerer({
      apiKey,
      baseURL: optionalEnv('ANSWERER_BASE_URL'),
      model: optionalEnv('ANSWERER_MODEL') ?? DEFAULT_ANSWERER_MODEL,
      reasoningEffort: reasoningEffort(optionalEnv('ANSWERER_REASONING_EFFORT')),
      timeoutMs: intEnv('ANSWERER_TIMEOUT_MS', 4000),
    });
  })();
  chosen.catch(() => {
    chosen = undefined;
  });
  return chosen;
}
