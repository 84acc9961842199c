import type { InteractiveSessionDto, QuestionAnswerDto, ReadAlongDto } from '@storyloom/shared/interactive';
import type { CreateUploadResponse } from '@storyloom/shared/media';
import type { PublicStoriesResponse, StoryDto } from '@storyloom/shared/schemas/stories';
import { type TranscriptResponse, transcriptText } from '@storyloom/shared/transcripts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wavFile } from '../support/media-files.ts';
import { type ProviderStack, startProviderStack } from '../support/provider-stack.ts';
import { pollUntil } from '../support/voice.ts';

/**
 * Transcripts made by speech to text (docs/stories.md, "Transcripts"): with an ElevenLabs key configured, the
 * media worker sends a saved audio story's recording to the fake Scribe endpoint (its wire format and rules,
 * test/support/elevenlabs-stt-fake.ts) and stores the words with their timings.
 */
let stack: ProviderStack;

const SAID =
  'I learned to keep bees behind the old mill when I was nine. ' +
  'Uncle Tobias gave me a veil that smelled of smoke. ' +
  'The first honey we took was dark as molasses.';

beforeAll(async () => {
  stack = await startProviderStack({ env: { TRANSCRIPTION_DAILY_LIMIT: '4' } });
  stack.fake.stt.text = SAID;
}, 60_000);
afterAll(() => stack?.stop());

/** An audio story through the app's own path: presigned POST to the bucket, then the story. */
async function audioStory(token: string, seconds = 12, title = 'The bees'): Promise<StoryDto> {
  const bytes = wavFile(seconds);
  const presign = await stack.call<CreateUploadResponse>('POST', '/api/media/uploads', {
    token,
    body: { kind: 'story-audio', content_type: 'audio/wav', size: bytes.length },
  });
  expect(presign.status, presign.text).toBe(201);
  const form = new FormData();
  for (const [k, v] of Object.entries(presign.body.fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'audio/wav' }), 'file');
  const s3 = await fetch(presign.body.url, { method: 'POST', body: form });
  await s3.arrayBuffer();
  expect(s3.status).toBeLessThan(300);
  const created = await stack.call<StoryDto>('POST', '/api/stories/audio', {
    token,
    body: { title, upload_key: presign.body.key },
  });
  expect(created.status, created.text).toBe(201);
  return created.body;
}

const transcriptOf = (token: string, id: string) =>
  stack.call<TranscriptResponse>('GET', `/api/stories/${id}/transcript`, { token });

const settled = (token: string, id: string) =>
  pollUntil(
    () => transcriptOf(token, id),
    (r) => r.body.job?.status === 'ready' || r.body.job?.status === 'failed',
  );

describe('a machine transcript from speech to text', () => {
  it('is made once in the worker, with word timings, labelled machine-made until the owner edits it', async () => {
    const owner = await stack.newUser();
    stack.fake.reset();
    const story = await audioStory(owner.token);
    const done = await settled(owner.token, story.ID);
    expect(done.body.job).toEqual({ status: 'ready', problem: null });
    const transcript = done.body.transcript!;
    expect(transcript).toMatchObject({
      text: SAID,
      source: 'machine',
      machine_made: true,
      label: transcriptText.machineMade,
      timed: true,
    });

    // One request, in the provider's format: multipart, the Scribe model, word timestamps, the WAV itself.
    const calls = stack.fake.requests.filter((r) => r.route === 'stt');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.apiKey).toBe('fake-key');
    expect(calls[0]!.body).toContain('name="model_id"\r\n\r\nscribe_v2');
    expect(calls[0]!.body).toContain('name="timestamps_granularity"\r\n\r\nword');
    expect(calls[0]!.body).toContain('RIFF');
    expect(stack.fake.sttBilledSeconds).toBeCloseTo(12, 0);

    // A redelivered message pays nothing: the job finds its transcript written.
    const { runTranscription } = await import('@storyloom/functions/domain/transcripts/transcribe-job');
    const audioKey = (await stack.call<StoryDto>('GET', `/api/stories/${story.ID}`, { token: owner.token })).body
      .audio_url!;
    await runTranscription({ storyId: story.ID, jobKey: audioKey }, { receiveCount: 2, maxReceiveCount: 5 });
    expect(stack.fake.requests.filter((r) => r.route === 'stt')).toHaveLength(1);

    // The story view carries it; the read-along follows the recording's word times.
    const view = await stack.call<StoryDto>('GET', `/api/stories/${story.ID}`, { token: owner.token });
    expect(view.body.transcript?.text).toBe(SAID);
    const readAlong = await stack.call<ReadAlongDto>('GET', `/api/interactive/read-along/${story.ID}`, {
      token: owner.token,
    });
    expect(readAlong.body.sentences).toHaveLength(3);
    expect(readAlong.body.sentences[0]!.time).toBe(0);
    expect(readAlong.body.sentences[2]!.time).toBeGreaterThan(readAlong.body.sentences[1]!.time!);
    expect(readAlong.body.duration).toBeCloseTo(12, 0);

    // Corrected by the owner: no longer machine-made, and the words kept keep their times.
    const fixed = SAID.replace('Tobias', 'Tobiah');
    const put = await stack.call<TranscriptResponse>('PUT', `/api/stories/${story.ID}/transcript`, {
      token: owner.token,
      body: { text: fixed, version: transcript.version },
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body.transcript).toMatchObject({
      text: fixed,
      source: 'edited',
      machine_made: false,
      label: transcriptText.edited,
      timed: true,
    });
    const after = await stack.call<ReadAlongDto>('GET', `/api/interactive/read-along/${story.ID}`, {
      token: owner.token,
    });
    expect(after.body.sentences.map((s) => s.time)).toEqual(readAlong.body.sentences.map((s) => s.time));
  });

  it('answers a question from the transcript, spoken in the storyteller’s cloned voice and labelled', async () => {
    const owner = await stack.newUser();
    expect((await stack.cloneVoice(owner.token)).clone_status).toBe('ready');
    const story = await audioStory(owner.token);
    await settled(owner.token, story.ID);
    const start = await stack.call<InteractiveSessionDto>('POST', `/api/interactive/start/${story.ID}`, {
      token: owner.token,
    });
    expect(start.status, start.text).toBe(201);
    expect(start.body.spoken).toBe(true);
    expect(start.body.spoken_label).toBe(transcriptText.answersInStorytellersVoice);
    stack.fake.reset();
    const answer = await stack.call<QuestionAnswerDto>('POST', `/api/interactive/question/${start.body.session_id}`, {
      token: owner.token,
      body: { question: 'Who gave you the veil?', asked_at: 12 },
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.declined).toBe(false);
    expect(answer.body.answer).toMatch(/Tobias/);
    expect(answer.body.cited.map((c) => c.text.trim())).toContain('Uncle Tobias gave me a veil that smelled of smoke.');
    expect(answer.body.answer_audio_url).toMatch(/^http/);
    // Spoken by the provider in this owner's clone, not a premade voice.
    const tts = stack.fake.requests.filter((r) => r.route === 'tts');
    expect(tts).toHaveLength(1);
    expect(stack.fake.account.voices.has(decodeURIComponent(tts[0]!.path.split('/')[3]!))).toBe(true);

    // Asked before the recording reaches that sentence: not heard yet.
    const early = await stack.call<QuestionAnswerDto>('POST', `/api/interactive/question/${start.body.session_id}`, {
      token: owner.token,
      body: { question: 'Who gave you the veil?', asked_at: 1 },
    });
    expect(early.body.declined).toBe('not-yet-heard');
  });

  it('is found on /stories by a word only the transcript holds, once the story is public', async () => {
    const owner = await stack.newUser();
    const story = await audioStory(owner.token, 6, 'Summer of bees');
    await settled(owner.token, story.ID);
    await stack.call('PUT', `/api/stories/${story.ID}/privacy`, { token: owner.token, body: { is_public: true } });
    const list = await stack.call<PublicStoriesResponse>('GET', '/public/stories?limit=50');
    const listed = list.body.stories.find((s) => s.ID === story.ID);
    expect(listed?.content).not.toMatch(/molasses/);
    expect(listed?.transcript?.text).toMatch(/molasses/);
    expect(listed?.transcript?.machine_made).toBe(true);
  });
});

describe('speech to text failures, mapped like every provider call', () => {
  it('a key the provider refuses (401) fails at once, and the owner is asked to type it', async () => {
    const owner = await stack.newUser();
    stack.fake.reset();
    stack.fake.stt.apiKeys = ['some-other-key'];
    try {
      const story = await audioStory(owner.token);
      const done = await settled(owner.token, story.ID);
      expect(done.body.job).toEqual({ status: 'failed', problem: transcriptText.failed });
      expect(done.body.transcript).toBeNull();
      expect(stack.fake.requests.filter((r) => r.route === 'stt')).toHaveLength(1);
    } finally {
      stack.fake.stt.apiKeys = undefined;
    }
  });

  it('a 429 without retry-after is waited out, then transcribed', async () => {
    const owner = await stack.newUser();
    stack.fake.reset();
    stack.fake.script('stt', {
      status: 429,
      body: { detail: { status: 'too_many_concurrent_requests', message: 'Too many concurrent requests.' } },
    });
    const story = await audioStory(owner.token);
    const done = await settled(owner.token, story.ID);
    expect(done.body.job?.status).toBe('ready');
    expect(stack.fake.requests.filter((r) => r.route === 'stt')).toHaveLength(2);
  });

  it('a recording over the provider’s file limit fails with a clear message', async () => {
    const owner = await stack.newUser();
    stack.fake.reset();
    const limit = stack.fake.stt.maxFileBytes;
    stack.fake.stt.maxFileBytes = 100_000;
    try {
      const story = await audioStory(owner.token, 8);
      const done = await settled(owner.token, story.ID);
      expect(done.body.job).toEqual({ status: 'failed', problem: transcriptText.tooLarge });
    } finally {
      stack.fake.stt.maxFileBytes = limit;
    }
  });

  it('the provider’s quota_exceeded is not retried; the owner types instead and the typed text is kept', async () => {
    const owner = await stack.newUser();
    stack.fake.reset();
    stack.fake.script('stt', {
      status: 401,
      body: { detail: { status: 'quota_exceeded', message: 'This request exceeds your quota.' } },
    });
    const story = await audioStory(owner.token);
    const done = await settled(owner.token, story.ID);
    expect(done.body.job).toEqual({ status: 'failed', problem: transcriptText.providerQuota });
    const typed = await stack.call<TranscriptResponse>('PUT', `/api/stories/${story.ID}/transcript`, {
      token: owner.token,
      body: { text: 'We kept bees.', version: null },
    });
    expect(typed.body.transcript?.source).toBe('typed');
    expect(typed.body.job?.status).toBe('ready');
  });

  it('slow answers are waited for (latency), and a user’s daily transcriptions are capped', async () => {
    const owner = await stack.newUser();
    stack.fake.reset();
    stack.fake.stt.latencyMs = 1500;
    try {
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push((await audioStory(owner.token, 2, `Story ${i}`)).ID);
      const states = await Promise.all(ids.map((id) => settled(owner.token, id)));
      // TRANSCRIPTION_DAILY_LIMIT is 4 on this stack: the fifth is not sent, and its owner is told why.
      expect(states.slice(0, 4).map((s) => s.body.job?.status)).toEqual(['ready', 'ready', 'ready', 'ready']);
      expect(states[4]!.body.job).toEqual({ status: 'failed', problem: transcriptText.quota });
      expect(stack.fake.requests.filter((r) => r.route === 'stt')).toHaveLength(4);
    } finally {
      stack.fake.stt.latencyMs = 0;
    }
  });
});
