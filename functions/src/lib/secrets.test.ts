import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const secretsManager = mockClient(SecretsManagerClient);

async function load() {
  vi.resetModules();
  return import('./secrets.ts');
}

beforeEach(() => {
  secretsManager.reset();
  for (const name of ['ELEVENLABS_API_KEY', 'ELEVENLABS_SECRET_ID', 'OPENAI_API_KEY', 'OPENAI_SECRET_ID']) {
    vi.stubEnv(name, '');
  }
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('secretValue', () => {
  it('uses the local key as given, and nothing when none is configured', async () => {
    vi.stubEnv('OPENAI_API_KEY', 'sk-local');
    const { secretValue, providerConfigured } = await load();
    expect(await secretValue('openai')).toBe('sk-local');
    expect(await secretValue('elevenlabs')).toBeUndefined();
    expect(providerConfigured('elevenlabs')).toBe(false);
    expect(secretsManager.calls()).toHaveLength(0);
  });

  it('fetches the secret named by the id once and serves it from the cache afterwards', async () => {
    vi.stubEnv('ELEVENLABS_SECRET_ID', 'storyloom/elevenlabs');
    secretsManager.on(GetSecretValueCommand, { SecretId: 'storyloom/elevenlabs' }).resolves({ SecretString: 'xi-key' });
    const { secretValue } = await load();
    expect(await secretValue('elevenlabs')).toBe('xi-key');
    expect(await secretValue('elevenlabs')).toBe('xi-key');
    expect(secretsManager.commandCalls(GetSecretValueCommand)).toHaveLength(1);
  });

  it('reads an apiKey field from a JSON secret, and refuses one without it', async () => {
    vi.stubEnv('OPENAI_SECRET_ID', 'storyloom/openai');
    secretsManager.on(GetSecretValueCommand).resolves({ SecretString: '{"apiKey":"sk-json"}' });
    expect(await (await load()).secretValue('openai')).toBe('sk-json');
    // Another id: Powertools caches per id, across module reloads.
    vi.stubEnv('OPENAI_SECRET_ID', 'storyloom/openai-wrong-shape');
    secretsManager.on(GetSecretValueCommand).resolves({ SecretString: '{"key":"sk-json"}' });
    await expect((await load()).secretValue('openai')).rejects.toThrow(/apiKey/);
  });
});
