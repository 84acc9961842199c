import { intEnv, optionalEnv } from '../../lib/env.ts';
import { providerConfigured, secretValue } from '../../lib/secrets.ts';
import { LocalAnswerer } from './local.ts';
import type { Answerer } from './port.ts';

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
      model: optionalEnv('ANSWERER_MODEL') ?? 'gpt-4o-mini',
      timeoutMs: intEnv('ANSWERER_TIMEOUT_MS', 4000),
    });
  })();
  chosen.catch(() => {
    chosen = undefined;
  });
  return chosen;
}
