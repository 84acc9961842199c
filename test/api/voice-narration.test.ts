import { success, validation } from '@storyloom/shared/messages';
import type { NarrationTimings } from '@storyloom/shared/narration';
import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { type AvailableVoiceDto, LOCAL_VOICE_LABEL, type NarrationDto, voiceText } from '@storyloom/shared/voice';
import { describe, expect, it } from 'vitest';
import { useServerEnv } from '../support/env.ts';
import { mp3File } from '../support/media-files.ts';
import { createStory, expectError, setPublic, shareWith } from '../support/stories.ts';
import { listKeys, uploadFile } from '../support/uploads.ts';
import { apiAs, registerAndLogin } from '../support/users.ts';
import { cloneVoice, narrationOf, pollUntil, uploadSample, voiceSampleWav, voiceStatus } from '../support/voice.ts';

useServerEnv();
const voiceData = await import('@storyloom/functions/data/voice');
const { getNarrationTimings } = await import('@storyloom/functions/domain/voice/narration');
const { enqueueMediaJob } = await import('@storyloom/functions/jobs/media-queue');

const CONTENT =
  'My grandmother kept bees behind the house. Every August we helped her take the honey, and she sang to them so they would stay calm.';
const final = (n: NarrationDto) => n.status === 'ready' || n.status === 'failed';

describe('voice cloning (local engine)', () => {
  it('needs a sample, then consent, then clones; the status walks the three steps', async () => {
    const user = await registerAndLogin();
    expect(await voiceStatus(user)).toMatchObject({
      voice_cloned: false,
      has_voice_sample: false,
      engine: 'local',
      engine_label: LOCAL_VOICE_LABEL,
    });
    expectError(await apiAs(user, 'POST', '/api/voice/clone', { name: 'Me', consent: true }), 400, voiceText.noSample);
    await uploadSample(user, voiceSampleWav(35, 210));
    expectError(await apiAs(user, 'POST', '/api/voice/clone', { name: 'Me' }), 400, voiceText.consentRequired);
    expectError(await apiAs(user, 'POST', '/api/voice/clone', { name: ' ', consent: true }), 400, validation.voiceName);
    const res = await apiAs(user, 'POST', '/api/voice/clone', { name: 'Me', description: 'warm', consent: true });
    expect(res.status).toBe(202);
    const done = await pollUntil(
      () => voiceStatus(user),
      (s) => s.clone_status === 'ready',
    );
    expect(done).toMatchObject({ voice_cloned: true, voice_name: 'Me', consent_given: true, sample_is_new: false });
    expect(done.voice_id).toMatch(/^local:f:2\d\d:\d+$/);
    const voices = (await apiAs<{ voices: AvailableVoiceDto[] }>(user, 'GET', '/api/voice/available')).body.voices;
    expect(voices[0]).toMatchObject({ id: done.voice_id, name: 'Me', own: true });
    expect(voices[0]!.preview_url).toMatch(new RegExp(`^users/${user.id}/voice/preview-`));
    expect(voices.length).toBeGreaterThan(1);
    // An update needs a new sample, and no second consent.
    await uploadSample(user, voiceSampleWav(40, 110));
    expect((await voiceStatus(user)).sample_is_new).toBe(true);
    expect((await apiAs(user, 'POST', '/api/voice/clone', { name: 'Me again' })).status).toBe(202);
    const updated = await pollUntil(
      () => voiceStatus(user),
      (s) => s.clone_status === 'ready' && !s.sample_is_new,
    );
    expect(updated.voice_id).toMatch(/^local:m:/);
  });
});

describe('narration', () => {
  it('narrates a text story in the own voice: queued → ready, MP3 and word timings, card and shared view', async () => {
    const user = await registerAndLogin();
    const { voice_id } = await cloneVoice(user);
    const story = await createStory(user, { content: CONTENT });
    const res = await apiAs<NarrationDto>(user, 'POST', `/api/voice/narrate/${story.ID}`, { voice_id });
    expect(res.status).toBe(202);
    expect(res.body.status).toBe('queued');
    const ready = await pollUntil(() => narrationOf(user, story.ID), final);
    expect(ready).toMatchObject({ status: 'ready', progress: 1, voice_id, stale: false });
    expect(ready.audio_url).toMatch(new RegExp(`^users/${user.id}/stories/${story.ID}/narration/.*\\.mp3$`));
    const view = (await apiAs<StoryDto>(user, 'GET', `/api/stories/${story.ID}`)).body;
    expect(view).toMatchObject({
      audio_url: ready.audio_url,
      narration_voice_id: voice_id,
      narration_voice_label: voiceText.narratedInStorytellersVoice,
    });
    const timings = (await getNarrationTimings(story.ID)) as NarrationTimings;
    expect(timings.words.map((w) => w.text).join(' ')).toBe(CONTENT.match(/[\p{L}\p{N}’']+/gu)!.join(' '));
    expect(timings.duration).toBeCloseTo(ready.duration!, 1);
    // A reader of the public story plays it through secure-url.
    await setPublic(user, story.ID, true);
    const reader = await registerAndLogin();
    expect((await apiAs(reader, 'GET', `/api/storage/secure-url/${ready.audio_url}`)).status).toBe(200);
    // The reader learns who speaks, never the voice (its id holds the owner's measured pitch and pace).
    const seen = await apiAs<StoryDto>(reader, 'GET', `/api/stories/${story.ID}`);
    expect(seen.body).toMatchObject({
      narration_voice_id: null,
      narration_voice_label: voiceText.narratedInStorytellersVoice,
    });
    expect(seen.text).not.toContain(voice_id!);
    // Another user's local voice is refused like one that does not exist.
    const other = await createStory(reader, { content: CONTENT });
    expectError(
      await apiAs(reader, 'POST', `/api/voice/narrate/${other.ID}`, { voice_id }),
      404,
      voiceText.unknownVoice,
    );
  });

  it('regenerates with another voice, marks an edited text out of date, and removes', async () => {
    const user = await registerAndLogin();
    const story = await createStory(user, { content: CONTENT });
    const voices = (await apiAs<{ voices: AvailableVoiceDto[] }>(user, 'GET', '/api/voice/available')).body.voices;
    expect(voices.map((v) => v.own)).not.toContain(true);
    await apiAs(user, 'POST', `/api/voice/narrate/${story.ID}`, { voice_id: voices[0]!.id });
    const first = await pollUntil(() => narrationOf(user, story.ID), final);
    expect(first.status).toBe('ready');
    const again = await apiAs<NarrationDto>(user, 'POST', `/api/voice/narrate/${story.ID}`, {
      voice_id: voices[1]!.id,
    });
    expect(again.body.message).toBe(success.narrationRegenerating);
    const second = await pollUntil(
      () => narrationOf(user, story.ID),
      (n) => final(n) && n.voice_id === voices[1]!.id,
    );
    expect(second.audio_url).not.toBe(first.audio_url);
    // mp3 + timings: the replaced files go right after the record turns ready.
    await pollUntil(
      () => listKeys(`users/${user.id}/stories/${story.ID}/narration/`),
      (keys) => keys.length === 2,
      10_000,
    );
    await apiAs(user, 'PUT', `/api/stories/${story.ID}`, {
      title: story.title,
      content: `${CONTENT} And the bees stayed.`,
    });
    expect((await narrationOf(user, story.ID)).stale).toBe(true);
    const removed = await apiAs<NarrationDto>(user, 'PUT', `/api/stories/${story.ID}/remove-narration`);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe(success.narrationRemoved);
    expect((await narrationOf(user, story.ID)).status).toBe('none');
    expect((await apiAs<StoryDto>(user, 'GET', `/api/stories/${story.ID}`)).body.audio_url).toBeNull();
    expect(await listKeys(`users/${user.id}/stories/${story.ID}/narration/`)).toEqual([]);
  });

  it("refuses someone else's story, an audio story, an unknown voice and a missing voice with 4xx", async () => {
    const owner = await registerAndLogin();
    const stranger = await registerAndLogin();
    const reader = await registerAndLogin();
    const story = await createStory(owner, { content: CONTENT });
    await shareWith(owner, story.ID, reader.username, 'read');
    const voice = { voice_id: 'local:m:105:160' };
    expect((await apiAs(stranger, 'POST', `/api/voice/narrate/${story.ID}`, voice)).status).toBe(404);
    expect((await apiAs(reader, 'POST', `/api/voice/narrate/${story.ID}`, voice)).status).toBe(403);
    expect((await apiAs(reader, 'PUT', `/api/stories/${story.ID}/remove-narration`)).status).toBe(403);
    expectError(
      await apiAs(owner, 'POST', `/api/voice/narrate/${story.ID}`, { voice_id: 'local:m:99:99' }),
      404,
      voiceText.unknownVoice,
    );
    expectError(await apiAs(owner, 'POST', `/api/voice/narrate/${story.ID}`, {}), 400, validation.narrationVoice);
    const key = await uploadFile(owner, 'story-audio', mp3File(3), 'audio/mpeg');
    const audio = (await apiAs<StoryDto>(owner, 'POST', '/api/stories/audio', { title: 'Song', upload_key: key })).body;
    expectError(await apiAs(owner, 'POST', `/api/voice/narrate/${audio.ID}`, voice), 400, voiceText.notTextStory);
    expect((await narrationOf(owner, story.ID)).status).toBe('none');
  });

  it('makes one narration from a duplicate request and a duplicate job message', async () => {
    const user = await registerAndLogin();
    const story = await createStory(user, { content: CONTENT });
    const voice = { voice_id: 'local:m:105:160' };
    const [a, b] = await Promise.all([
      apiAs<NarrationDto>(user, 'POST', `/api/voice/narrate/${story.ID}`, voice),
      apiAs<NarrationDto>(user, 'POST', `/api/voice/narrate/${story.ID}`, voice),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 202]);
    const record = (await voiceData.getNarration(story.ID))!;
    // The same message delivered twice more (SQS is at-least-once).
    await enqueueMediaJob({ type: 'voice.narrate', storyId: story.ID, jobKey: record.jobKey });
    await enqueueMediaJob({ type: 'voice.narrate', storyId: story.ID, jobKey: record.jobKey });
    const ready = await pollUntil(() => narrationOf(user, story.ID), final);
    expect(ready.status).toBe('ready');
    await new Promise((r) => setTimeout(r, 1500));
    expect((await voiceData.getNarration(story.ID))!.attempts).toBe(1);
    expect(await listKeys(`users/${user.id}/stories/${story.ID}/narration/`)).toHaveLength(2);
  });

  it('picks up a narration whose worker died mid-job (lease expired) and finishes it', async () => {
    const user = await registerAndLogin();
    const story = await createStory(user, { content: CONTENT });
    const voiceId = 'local:f:210:165';
    const { textVersion } = await import('@storyloom/functions/domain/voice/narration');
    const version = textVersion(CONTENT);
    const now = new Date();
    // What a worker killed mid-job leaves: generating, some progress, a lease in the past, no message.
    await voiceData.putNarrationRequest({
      storyId: story.ID,
      ownerId: user.id,
      voiceId,
      status: 'generating',
      progress: 0.4,
      textVersion: version,
      jobKey: `${story.ID}:${version}:${voiceId}`,
      attempts: 1,
      requestedAt: now.toISOString(),
      startedAt: now.toISOString(),
      leaseUntil: new Date(now.getTime() - 1000).toISOString(),
      updatedAt: now.toISOString(),
    });
    const ready = await pollUntil(() => narrationOf(user, story.ID), final);
    expect(ready).toMatchObject({ status: 'ready', attempts: 2 });
  });

  it('fails visibly, with Retry possible, when a dead worker used up its attempts', async () => {
    const user = await registerAndLogin();
    const story = await createStory(user, { content: CONTENT });
    const voiceId = 'local:f:210:165';
    const { textVersion } = await import('@storyloom/functions/domain/voice/narration');
    const version = textVersion(CONTENT);
    const past = new Date(Date.now() - 60_000).toISOString();
    await voiceData.putNarrationRequest({
      storyId: story.ID,
      ownerId: user.id,
      voiceId,
      status: 'generating',
      progress: 0.7,
      textVersion: version,
      jobKey: `${story.ID}:${version}:${voiceId}`,
      attempts: 3,
      requestedAt: past,
      leaseUntil: past,
      updatedAt: past,
    });
    expect(await narrationOf(user, story.ID)).toMatchObject({ status: 'failed', error: voiceText.narrationFailed });
    // Retry = narrate again with the same voice.
    expect((await apiAs(user, 'POST', `/api/voice/narrate/${story.ID}`, { voice_id: voiceId })).status).toBe(202);
    expect((await pollUntil(() => narrationOf(user, story.ID), final)).status).toBe('ready');
  });

  it('deletes the voice with its sample, previews and the narrations made with it', async () => {
    const user = await registerAndLogin();
    const { voice_id } = await cloneVoice(user);
    const story = await createStory(user, { content: CONTENT });
    await apiAs(user, 'POST', `/api/voice/narrate/${story.ID}`, { voice_id });
    await pollUntil(() => narrationOf(user, story.ID), final);
    expect((await apiAs(user, 'DELETE', '/api/voice')).status).toBe(200);
    expect(await voiceStatus(user)).toMatchObject({
      voice_cloned: false,
      has_voice_sample: false,
      consent_given: false,
    });
    expect(await listKeys(`users/${user.id}/voice/`)).toEqual([]);
    expect(await listKeys(`users/${user.id}/stories/${story.ID}/narration/`)).toEqual([]);
    expect((await narrationOf(user, story.ID)).status).toBe('none');
  });
});
