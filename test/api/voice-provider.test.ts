import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { NarrationDto, VoiceStatusDto } from '@storyloom/shared/voice';
import { voiceText } from '@storyloom/shared/voice';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { SentEmail } from '../../infra/local/services.ts';
import { type LocalStack, startLocalStack } from '../../infra/local/stack.ts';
import { type ElevenLabsFake, startElevenLabsFake } from '../support/elevenlabs-fake.ts';
import { multipart, pollUntil, voiceSampleWav } from '../support/voice.ts';

/**
 * The voice calls with ElevenLabs configured, against a local server speaking its wire format: a stack of
 * this file's own (the provider key is configuration read at start), with short retries.
 */
let dir: string;
let app: LocalStack;
let fake: ElevenLabsFake;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'storyloom-voice-provider-'));
  fake = await startElevenLabsFake();
  app = await startLocalStack({
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
    },
  });
}, 60_000);
afterAll(async () => {
  await app?.stop();
  await fake?.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => fake.reset());

async function call<T = Record<string, unknown>>(
  method: string,
  path: string,
  opts: { body?: unknown; token?: string; raw?: { rawBody: Buffer; headers: Record<string, string> } } = {},
) {
  const headers: Record<string, string> = { ...opts.raw?.headers };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const res = await fetch(`${app.url}/backend${path}`, {
    method,
    headers,
    body: opts.raw ? new Uint8Array(opts.raw.rawBody) : opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

async function newUser(): Promise<string> {
  const name = `v${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `${name}@example.com`;
  expect((await call('POST', '/register', { body: { username: name, email, password: 'secret-pw' } })).status).toBe(
    201,
  );
  const mail = await pollUntil(
    async () =>
      ((await (await fetch(`${app.url}/_local/mailbox.json`)).json()) as SentEmail[]).find((m) =>
        JSON.stringify(m).includes(email),
      ),
    (m) => m !== undefined,
    20_000,
  );
  const token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(JSON.stringify(mail))![1]!;
  expect((await call('GET', `/verify-email?token=${token}`)).status).toBe(200);
  return (await call<{ token: string }>('POST', '/login', { body: { username: name, password: 'secret-pw' } })).body
    .token;
}

async function storyOf(token: string): Promise<string> {
  const res = await call<{ ID: string }>('POST', '/api/stories', {
    token,
    body: { title: 'Boats', content: 'My grandfather built boats. He sang while he worked, every single day.' },
  });
  return res.body.ID;
}

const narration = (token: string, id: string) =>
  call<NarrationDto>('GET', `/api/voice/narrate/${id}`, { token }).then((r) => r.body);
const final = (n: NarrationDto) => n.status === 'ready' || n.status === 'failed';

describe('voice with ElevenLabs configured (contract fake)', () => {
  it('clones at the provider with the sample, lists its voices after the own one, and narrates', async () => {
    const token = await newUser();
    const up = await call('POST', '/api/voice/upload-sample', {
      token,
      raw: multipart('voice_sample', voiceSampleWav(35), 'sample.wav', 'audio/wav'),
    });
    expect(up.status).toBe(200);
    expect((await call('POST', '/api/voice/clone', { token, body: { name: 'Grandpa', consent: true } })).status).toBe(
      202,
    );
    const status = await pollUntil(
      () => call<VoiceStatusDto>('GET', '/api/voice/status', { token }).then((r) => r.body),
      (s) => s.clone_status === 'ready' || s.clone_status === 'failed',
    );
    expect(status).toMatchObject({ clone_status: 'ready', engine: 'elevenlabs' });
    // The owner's handle, never the provider's id (the provider voice is a cache: docs/voice.md).
    expect(status.voice_id).toMatch(/^own-/);
    expect(fake.account.clones()).toHaveLength(1);
    const clone = fake.requests.find((r) => r.route === 'clone')!;
    expect(clone.apiKey).toBe('fake-key');
    expect(clone.body).toContain('RIFF');
    const voices = (
      await call<{ voices: Array<{ id: string; own: boolean; preview_url: string | null }> }>(
        'GET',
        '/api/voice/available',
        { token },
      )
    ).body.voices;
    expect(voices.map((v) => v.id)).toEqual([status.voice_id, 'fake-premade-adam', 'fake-premade-rachel']);
    expect(voices[1]!.preview_url).toMatch(/^https:/);
    const id = await storyOf(token);
    expect(
      (await call('POST', `/api/voice/narrate/${id}`, { token, body: { voice_id: 'no-such-voice' } })).status,
    ).toBe(404);
    expect(
      (await call('POST', `/api/voice/narrate/${id}`, { token, body: { voice_id: status.voice_id } })).status,
    ).toBe(202);
    expect(await pollUntil(() => narration(token, id), final)).toMatchObject({ status: 'ready' });
  });

  it('succeeds when the provider answers 429 with retry-after, then 200', async () => {
    const token = await newUser();
    const id = await storyOf(token);
    fake.script('tts', {
      status: 429,
      headers: { 'retry-after': '1' },
      body: { detail: { status: 'too_many_concurrent_requests' } },
    });
    await call('POST', `/api/voice/narrate/${id}`, { token, body: { voice_id: 'fake-premade-adam' } });
    expect(await pollUntil(() => narration(token, id), final)).toMatchObject({ status: 'ready', attempts: 1 });
    expect(fake.requests.filter((r) => r.route === 'tts')).toHaveLength(2);
  });

  it('ends in failed (with Retry) when the provider always answers 500, and the message reaches the DLQ', async () => {
    const token = await newUser();
    const id = await storyOf(token);
    fake.always('tts', { status: 500, body: { detail: 'internal' } });
    await call('POST', `/api/voice/narrate/${id}`, { token, body: { voice_id: 'fake-premade-adam' } });
    const failed = await pollUntil(() => narration(token, id), final, 90_000);
    expect(failed).toMatchObject({ status: 'failed', error: voiceText.narrationFailed });
    const sqs = new SQSClient({
      region: 'us-east-1',
      endpoint: app.env.SQS_ENDPOINT,
      credentials: { accessKeyId: app.env.AWS_ACCESS_KEY_ID!, secretAccessKey: app.env.AWS_SECRET_ACCESS_KEY! },
    });
    const dead = await pollUntil(
      async () =>
        (await sqs.send(new ReceiveMessageCommand({ QueueUrl: app.env.MEDIA_JOBS_DLQ_URL, MaxNumberOfMessages: 10 })))
          .Messages ?? [],
      (messages) => messages.some((m) => m.Body?.includes(id)),
      20_000,
    );
    expect(dead.length).toBeGreaterThan(0);
    // Retry works once the provider is back.
    fake.reset();
    expect(
      (await call('POST', `/api/voice/narrate/${id}`, { token, body: { voice_id: 'fake-premade-adam' } })).status,
    ).toBe(202);
    expect(await pollUntil(() => narration(token, id), final)).toMatchObject({ status: 'ready' });
  }, 120_000);

  it('fails at once, without retries, when the provider refuses the key (401)', async () => {
    const token = await newUser();
    const id = await storyOf(token);
    fake.always('tts', { status: 401, body: { detail: { status: 'invalid_api_key', message: 'Invalid API key' } } });
    await call('POST', `/api/voice/narrate/${id}`, { token, body: { voice_id: 'fake-premade-adam' } });
    expect(await pollUntil(() => narration(token, id), final)).toMatchObject({ status: 'failed' });
    expect(fake.requests.filter((r) => r.route === 'tts')).toHaveLength(1);
  });
});
