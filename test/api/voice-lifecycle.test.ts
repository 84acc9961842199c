import type { NarrationDto, VoiceStatusDto } from '@storyloom/shared/voice';
import { voiceText } from '@storyloom/shared/voice';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ProviderStack, startProviderStack } from '../support/provider-stack.ts';
import { multipart, pollUntil, voiceSampleWav } from '../support/voice.ts';

/**
 * The provider voice's lifecycle without leaks, and slots as a cache (docs/voice.md), counted on the
 * ElevenLabs fake: one shared account with a slot limit, where every voice the app makes is visible.
 */
let s: ProviderStack;
beforeAll(async () => {
  s = await startProviderStack({ env: { VOICE_SWEEP_GRACE_SECONDS: '0' } });
}, 60_000);
afterAll(() => s?.stop());
beforeEach(() => {
  s.fake.reset();
  s.fake.account.slotLimit = 10;
  s.fake.account.requiresVerification = false;
});

/** Live clones of one user at the fake (the app names them `<prefix> <userId> <request>`). */
const clonesOf = (userId: string) => s.fake.account.clones().filter((v) => v.name.includes(` ${userId} `));
const status = async (token: string) => (await s.call<VoiceStatusDto>('GET', '/api/voice/status', { token })).body;
const settled = (st: VoiceStatusDto) => st.clone_status !== 'queued' && st.clone_status !== 'cloning';

async function upload(token: string): Promise<void> {
  const up = await s.call('POST', '/api/voice/upload-sample', {
    token,
    raw: multipart('voice_sample', voiceSampleWav(35), 'sample.wav', 'audio/wav'),
  });
  expect(up.status).toBe(200);
}

async function clone(token: string): Promise<VoiceStatusDto> {
  await upload(token);
  expect((await s.call('POST', '/api/voice/clone', { token, body: { name: 'Me', consent: true } })).status).toBe(202);
  return pollUntil(() => status(token), settled, 90_000);
}

async function startNarration(token: string, voiceId: string): Promise<string> {
  const story = (
    await s.call<{ ID: string }>('POST', '/api/stories', {
      token,
      body: { title: 'Boats', content: 'My grandfather built boats. He sang while he worked.' },
    })
  ).body.ID;
  expect((await s.call('POST', `/api/voice/narrate/${story}`, { token, body: { voice_id: voiceId } })).status).toBe(
    202,
  );
  return story;
}

async function narrationEnd(token: string, story: string): Promise<NarrationDto> {
  return pollUntil(
    () => s.narration(token, story),
    (n) => n.status === 'ready' || n.status === 'failed',
    90_000,
  );
}

async function narrate(token: string, voiceId: string): Promise<{ final: NarrationDto }> {
  return { final: await narrationEnd(token, await startNarration(token, voiceId)) };
}

/** Runs the sweep job through the media queue and waits until the worker took it (the fake saw its search). */
async function sweep(): Promise<void> {
  const searches = () => s.fake.requests.filter((r) => r.route === 'search' && r.path === '/v2/voices').length;
  const before = searches();
  // Imported after the stack started: the module reads the stack's configuration at load.
  const { enqueueMediaJob } = await import('@storyloom/functions/jobs/media-queue');
  await enqueueMediaJob({ type: 'voice.sweep-provider-voices' });
  await pollUntil(
    async () => searches(),
    (n) => n > before,
    30_000,
  );
  // The deletions follow the search within the same job: wait until the count stops changing.
  let last = -1;
  await pollUntil(
    async () => {
      const now = s.fake.account.clones().length;
      const same = now === last;
      last = now;
      return same;
    },
    (same) => same,
  );
}

describe('slots as a cache', () => {
  it('evicts the least recently used idle clone for a new user, and makes it again when its owner narrates', async () => {
    // The file's first test: A's and B's are the account's only clones.
    const a = await s.newUser();
    const b = await s.newUser();
    const c = await s.newUser();
    const va = await clone(a.token);
    const vb = await clone(b.token);
    s.fake.account.slotLimit = s.fake.account.clones().length;
    expect((await narrate(b.token, vb.voice_id!)).final.status).toBe('ready');
    // The account is full: C still gets a voice, A's (least recently used) is evicted.
    const vc = await clone(c.token);
    expect(vc.clone_status).toBe('ready');
    expect(clonesOf(c.id)).toHaveLength(1);
    expect(clonesOf(a.id)).toHaveLength(0);
    expect(clonesOf(b.id)).toHaveLength(1);
    // A sees nothing of it: still a cloned voice.
    expect(await status(a.token)).toMatchObject({ voice_cloned: true, clone_status: 'ready', voice_id: va.voice_id });
    // A narrates: "Preparing your voice…", the voice is made again (evicting B's now), and the narration is ready.
    s.fake.reset();
    // The job's first step of making the voice again (its look-up by name) waits until A has seen the state.
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    s.fake.script('search', { status: 200, body: { voices: [], has_more: false, total_count: 0 }, until: gate });
    const story = await startNarration(a.token, va.voice_id!);
    const preparing = await pollUntil(
      () => s.narration(a.token, story),
      (n) => n.preparing_voice || n.status === 'ready' || n.status === 'failed',
    );
    expect(preparing).toMatchObject({ status: 'generating', preparing_voice: true, voice_id: va.voice_id });
    open();
    const final = await narrationEnd(a.token, story);
    expect(final.status).toBe('ready');
    expect(s.fake.requests.filter((r) => r.route === 'clone')).toHaveLength(2);
    expect(clonesOf(a.id)).toHaveLength(1);
    expect(clonesOf(b.id)).toHaveLength(0);
    expect(s.fake.account.clones().length).toBe(s.fake.account.slotLimit);
  }, 180_000);

  it('tells the user when no slot can be freed, and when the provider asks for verification', async () => {
    const full = await s.newUser();
    // A plan without custom voices: every eviction frees nothing the provider would take.
    s.fake.account.slotLimit = 0;
    const refused = await clone(full.token);
    expect(refused).toMatchObject({
      clone_status: 'failed',
      clone_problem: 'voice_limit_reached',
      clone_error: voiceText.voiceLimitReached,
    });
    expect(clonesOf(full.id)).toHaveLength(0);
    s.fake.account.slotLimit = 10;

    const flagged = await s.newUser();
    s.fake.account.requiresVerification = true;
    const verification = await clone(flagged.token);
    expect(verification).toMatchObject({
      clone_status: 'failed',
      clone_problem: 'requires_verification',
      clone_error: voiceText.requiresVerification,
    });
    expect(clonesOf(flagged.id)).toHaveLength(0);
  }, 120_000);

  it('fails a narration with its own state when the provider quota is used up', async () => {
    const user = await s.newUser();
    s.fake.always('tts', {
      status: 401,
      body: { detail: { status: 'quota_exceeded', message: 'This request exceeds your quota.' } },
    });
    const { final } = await narrate(user.token, 'fake-premade-adam');
    expect(final).toMatchObject({ status: 'failed', problem: 'quota_exceeded', error: voiceText.quotaExceeded });
  });
});

describe('clone lifecycle without leaks', () => {
  it('reuses the voice of a create whose answer was lost (one voice, ready)', async () => {
    const user = await s.newUser();
    s.fake.script('clone', { status: 500, body: { detail: 'upstream' }, afterSuccess: true });
    const done = await clone(user.token);
    expect(done.clone_status).toBe('ready');
    expect(clonesOf(user.id)).toHaveLength(1);
    expect(JSON.stringify(done)).not.toContain(clonesOf(user.id)[0]!.voice_id);
  });

  it('deletes the voice when the clone fails for good after it was made (preview fails)', async () => {
    const user = await s.newUser();
    s.fake.always('tts', { status: 500, body: { detail: 'down' } });
    const done = await clone(user.token);
    s.fake.reset();
    expect(done.clone_status).toBe('failed');
    await pollUntil(
      async () => clonesOf(user.id).length,
      (n) => n === 0,
      30_000,
    );
  });

  it('leaves none when the create always fails', async () => {
    const user = await s.newUser();
    s.fake.always('clone', { status: 500, body: { detail: 'down' } });
    expect((await clone(user.token)).clone_status).toBe('failed');
    expect(clonesOf(user.id)).toHaveLength(0);
  });

  it('replaces a voice: the old one goes after the profile points at the new one; the sweep finds one left behind', async () => {
    const user = await s.newUser();
    const first = await clone(user.token);
    const old = clonesOf(user.id)[0]!.voice_id;
    s.fake.always('delete', { status: 500, body: { detail: 'down' } });
    const second = await clone(user.token);
    expect(second.clone_status).toBe('ready');
    expect(second.voice_id).not.toBe(first.voice_id);
    // The delete job gave up (to the DLQ): the old voice is still there, and nothing points at it.
    await pollUntil(
      async () => s.fake.requests.filter((r) => r.route === 'delete' && r.path.endsWith(old)).length,
      (n) => n >= 2,
      60_000,
    );
    s.fake.reset();
    await sweep();
    expect(clonesOf(user.id).map((v) => v.voice_id)).toHaveLength(1);
    expect(clonesOf(user.id)[0]!.voice_id).not.toBe(old);
  }, 120_000);

  it('deletes at the provider a voice whose owner deleted it while it was being made', async () => {
    const user = await s.newUser();
    await upload(user.token);
    // The job's look-up before the create is held until the owner has deleted the voice.
    const slow = s.fake.account;
    const createdBefore = slow.created;
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    s.fake.script('search', { status: 200, body: { voices: [], has_more: false, total_count: 0 }, until: gate });
    expect(
      (await s.call('POST', '/api/voice/clone', { token: user.token, body: { name: 'Me', consent: true } })).status,
    ).toBe(202);
    await pollUntil(
      async () => (await status(user.token)).clone_status,
      (st) => st === 'cloning',
      20_000,
    );
    await pollUntil(
      async () => s.fake.requests.some((r) => r.route === 'search'),
      (asked) => asked,
    );
    expect((await s.call('DELETE', '/api/voice', { token: user.token })).status).toBe(200);
    // Only now does the job get on with making the voice.
    open();
    await pollUntil(
      async () => slow.created,
      (n) => n > createdBefore,
      30_000,
    );
    await pollUntil(
      async () => clonesOf(user.id).length,
      (n) => n === 0,
      30_000,
    );
    expect((await status(user.token)).voice_cloned).toBe(false);
  });

  it('account deletion leaves no provider voice of the user', async () => {
    const user = await s.newUser();
    const voice = await clone(user.token);
    expect((await narrate(user.token, voice.voice_id!)).final.status).toBe('ready');
    expect(clonesOf(user.id)).toHaveLength(1);
    // And one the profile lost track of (a create whose answer never came back).
    s.fake.account.add(`name="name"\r\n\r\n${clonesOf(user.id)[0]!.name.replace(/\S+$/, 'lost')}\r\nname="files"`);
    expect(clonesOf(user.id)).toHaveLength(2);
    expect((await s.call('POST', '/api/profile/request-delete-account', { token: user.token })).status).toBeLessThan(
      300,
    );
    const code = await pollUntil(
      async () => {
        const mail = (await (await fetch(`${s.app.url}/_local/mailbox.json`)).json()) as Array<{
          to: unknown;
          text?: string;
        }>;
        const mine = mail.filter((m) => JSON.stringify(m.to).includes(user.username));
        return mine.map((m) => /^(\d{6})$/m.exec(m.text ?? '')?.[1]).find(Boolean);
      },
      (c) => c !== undefined,
      30_000,
    );
    expect(
      (await s.call('POST', '/api/profile/confirm-delete-account', { token: user.token, body: { token: code } }))
        .status,
    ).toBeLessThan(300);
    await pollUntil(
      async () => clonesOf(user.id).length,
      (n) => n === 0,
      30_000,
    );
  });
});
