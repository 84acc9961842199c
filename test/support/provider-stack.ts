import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NarrationDto, VoiceStatusDto } from '@storyloom/shared/voice';
import { inject } from 'vitest';
import { type LocalStack, startLocalStack } from '../../infra/local/stack.ts';
import { type ElevenLabsFake, type ElevenLabsFakeOptions, startElevenLabsFake } from './elevenlabs-fake.ts';
import { type OpenAiFake, startOpenAiFake } from './openai-fake.ts';
import { multipart, pollUntil, voiceSampleWav } from './voice.ts';

/**
 * A stack of the test file's own with the providers configured (the keys are configuration read at start):
 * ElevenLabs and, when asked, OpenAI, each a local fake speaking its wire format. The shared stack's helpers
 * (test/support/users.ts) point at the shared stack, so this one brings its own.
 */
export interface ProviderStack {
  app: LocalStack;
  fake: ElevenLabsFake;
  openai?: OpenAiFake;
  call<T = Record<string, unknown>>(
    method: string,
    path: string,
    opts?: { body?: unknown; token?: string; raw?: { rawBody: Buffer; headers: Record<string, string> } },
  ): Promise<{ status: number; body: T; text: string }>;
  newUser(): Promise<{ id: string; username: string; token: string }>;
  /** Uploads a sample, consents, clones; waits for a final state. */
  cloneVoice(token: string, name?: string): Promise<VoiceStatusDto>;
  narration(token: string, storyId: string): Promise<NarrationDto>;
  stop(): Promise<void>;
}

export async function startProviderStack(
  opts: { env?: Record<string, string>; fake?: ElevenLabsFakeOptions; openai?: boolean } = {},
): Promise<ProviderStack> {
  const dir = await mkdtemp(join(tmpdir(), 'storyloom-provider-'));
  const fake = await startElevenLabsFake(opts.fake);
  const openai = opts.openai ? await startOpenAiFake() : undefined;
  const app = await startLocalStack({
    dataDir: dir,
    port: 0,
    quiet: true,
    webDir: inject('webDir'),
    visibilityTimeoutSeconds: 1,
    mediaVisibilityTimeoutSeconds: 1,
    env: {
      ELEVENLABS_API_KEY: 'fake-key',
      ELEVENLABS_BASE_URL: fake.url,
      ELEVENLABS_ATTEMPTS: '2',
      ELEVENLABS_BACKOFF_MS: '10',
      STORY_HOURLY_LIMIT: '100000',
      ...(openai ? { OPENAI_API_KEY: 'sk-test', ANSWERER_BASE_URL: openai.url, ANSWERER_MODEL: 'fake-model' } : {}),
      ...opts.env,
    },
  });
  // The stack set this process's environment: the domain modules imported now use its table and pool.
  const { createUser } = await import('@storyloom/functions/domain/accounts/registration');

  const call: ProviderStack['call'] = async (method, path, callOpts = {}) => {
    const headers: Record<string, string> = { ...callOpts.raw?.headers };
    if (callOpts.body !== undefined) headers['content-type'] = 'application/json';
    if (callOpts.token) headers.authorization = `Bearer ${callOpts.token}`;
    const res = await fetch(`${app.url}/backend${path}`, {
      method,
      headers,
      body: callOpts.raw
        ? new Uint8Array(callOpts.raw.rawBody)
        : callOpts.body === undefined
          ? undefined
          : JSON.stringify(callOpts.body),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON
    }
    return { status: res.status, body: body as never, text };
  };

  const newUser = async () => {
    const username = `p${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    const password = `pw-${Math.random().toString(36).slice(2)}`;
    const user = await createUser({
      username,
      email: `${username}@example.com`,
      password,
      role: 'user',
      emailVerified: true,
    });
    const login = await call<{ token: string }>('POST', '/login', { body: { username, password } });
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
    return { id: user.id, username, token: login.body.token };
  };

  const status = async (token: string) => (await call<VoiceStatusDto>('GET', '/api/voice/status', { token })).body;

  return {
    app,
    fake,
    openai,
    call,
    newUser,
    async cloneVoice(token, name = 'Grandpa') {
      const up = await call('POST', '/api/voice/upload-sample', {
        token,
        raw: multipart('voice_sample', voiceSampleWav(35), 'sample.wav', 'audio/wav'),
      });
      if (up.status !== 200) throw new Error(`upload failed: ${up.status} ${up.text}`);
      const clone = await call('POST', '/api/voice/clone', { token, body: { name, consent: true } });
      if (clone.status !== 202) throw new Error(`clone failed: ${clone.status} ${clone.text}`);
      return pollUntil(
        () => status(token),
        (s) => s.clone_status !== 'queued' && s.clone_status !== 'cloning',
      );
    },
    narration: async (token, storyId) =>
      (await call<NarrationDto>('GET', `/api/voice/narrate/${storyId}`, { token })).body,
    async stop() {
      await app.stop();
      await fake.close();
      await openai?.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
