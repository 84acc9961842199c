import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NarrationDto } from '@storyloom/shared/voice';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type ElevenLabsFake, startElevenLabsFake } from '../support/elevenlabs-fake.ts';
import { callServer, freePort, type LocalServer, registerOn, startLocalServer } from '../support/local-server.ts';
import { pollUntil } from '../support/voice.ts';

/**
 * A chunked ElevenLabs narration whose server is killed (SIGKILL) mid-way, then started again on the same
 * data: the job resumes after its last finished chunk (checkpointed in S3 + the table), and the fake, which
 * bills every generated request like the provider, was never paid twice for a finished chunk. Each request
 * takes longer than the lease, so only the lease timer keeps a status read from restarting the running job.
 */
let dir: string;
let server: LocalServer | undefined;
let fake: ElevenLabsFake;

afterAll(async () => {
  await server?.kill();
  await fake?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** ~14,000 characters of numbered sentences: five eleven_v3 requests of at most 3,000 characters. */
const story = Array.from(
  { length: 140 },
  (_, i) => `Sentence ${i + 1} tells how we walked to the old mill by the river, and what my father said there.`,
).join(' ');

/**
 * One short narration first: the server's first job loads the provider SDK, which blocks its event loop for
 * longer than this test's short lease on a loaded machine (in AWS the lease is 120 s).
 */
async function warmUp(base: string, token: string) {
  const short = await callServer<{ ID: string }>(
    base,
    'POST',
    '/api/stories',
    { title: 'Hi', content: 'Hello.' },
    token,
  );
  fake.behave({ latencyMs: 0 });
  await callServer(base, 'POST', `/api/voice/narrate/${short.body.ID}`, { voice_id: 'fake-premade-adam' }, token);
  await pollUntil(
    () => callServer<NarrationDto>(base, 'GET', `/api/voice/narrate/${short.body.ID}`, undefined, token),
    (r) => r.body.status === 'ready',
    60_000,
  );
  fake.reset();
  fake.behave({ latencyMs: 6000 });
}

describe('a narration killed mid-way', () => {
  it('resumes from its last finished chunk and pays for no finished chunk twice', async () => {
    inject('webDir');
    dir = await mkdtemp(join(tmpdir(), 'storyloom-resume-'));
    fake = await startElevenLabsFake();
    fake.behave({ latencyMs: 6000 });
    const port = await freePort();
    const env = {
      ELEVENLABS_API_KEY: 'fake-key',
      ELEVENLABS_BASE_URL: fake.url,
      ELEVENLABS_MODEL_ID: 'eleven_v3',
      // Chunks as large as asked, so the model's 3,000-character limit is what cuts them (five requests).
      ELEVENLABS_CHUNK_CHARS: '9000',
      NARRATION_LEASE_SECONDS: '5',
    };
    server = await startLocalServer({ port, dataDir: dir, env });
    const login = await registerOn(server.base);
    let token = await login();
    const created = await callServer<{ ID: string }>(
      server.base,
      'POST',
      '/api/stories',
      { title: 'The mill', content: story },
      token,
    );
    const id = created.body.ID;
    await warmUp(server.base, token);
    const narrate = await callServer(
      server.base,
      'POST',
      `/api/voice/narrate/${id}`,
      { voice_id: 'fake-premade-adam' },
      token,
    );
    expect(narrate.status).toBe(202);
    const narration = () =>
      callServer<NarrationDto>(server!.base, 'GET', `/api/voice/narrate/${id}`, undefined, token).then((r) => r.body);

    // Status reads all along while each request outlasts the lease: the job is never taken for abandoned.
    const tts = () => fake.requests.filter((r) => r.route === 'tts');
    await pollUntil(
      async () => {
        await narration();
        return tts().length;
      },
      (n) => n >= 3,
      60_000,
    );
    const before = await narration();
    expect(before).toMatchObject({ status: 'generating', attempts: 1 });
    // Two chunks finished (the engine saves one before asking for the next); the third is in flight.
    const finished = fake.billedTexts.slice(0, 2);
    expect(new Set(tts().map((r) => JSON.parse(r.body).text)).size).toBe(tts().length);
    await server.kill();

    server = await startLocalServer({ port, dataDir: dir, env });
    token = await login();
    const after = await pollUntil(narration, (n) => n.status === 'ready' || n.status === 'failed', 120_000);
    expect(after.status).toBe('ready');
    expect(after.attempts).toBe(2);

    // Every chunk of the text was billed; a finished one exactly once; only the one in flight at the kill
    // twice (a cut request is billed by the provider too).
    const counts = new Map<string, number>();
    for (const text of fake.billedTexts) counts.set(text, (counts.get(text) ?? 0) + 1);
    for (const text of finished) expect(counts.get(text)).toBe(1);
    expect([...counts.values()].filter((n) => n > 1).length).toBeLessThanOrEqual(1);
    const distinct = [...counts.keys()].reduce((n, t) => n + t.length, 0);
    // The chunks cover the whole text but the one space at each join (chunks are sent trimmed).
    expect(distinct).toBe(story.length - (counts.size - 1));
    expect(fake.billedCharacters).toBeLessThanOrEqual(story.length + 3000);
    expect(after.duration).toBeGreaterThan(distinct * 0.05 - 1);
  }, 300_000);
});
