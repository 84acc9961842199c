import { success, validation } from '@storyloom/shared/messages';
import { voiceText } from '@storyloom/shared/voice';
import { describe, expect, it } from 'vitest';
import { useServerEnv } from '../support/env.ts';
import { mp3File, oggOpusFile, pngFile } from '../support/media-files.ts';
import { expectError } from '../support/stories.ts';
import { listKeys, uploadFile } from '../support/uploads.ts';
import { apiAs, registerAndLogin } from '../support/users.ts';
import { uploadSample, voiceSampleWav, voiceStatus } from '../support/voice.ts';

useServerEnv();

/** Nothing of the user's voice is stored: no sample object, no sample on the status. */
async function expectNothingStored(user: { id: string; token: string }) {
  expect(await listKeys(`users/${user.id}/voice/`)).toEqual([]);
  expect(await listKeys(`users/${user.id}/uploads/`)).toEqual([]);
  const status = await voiceStatus(user);
  expect(status.has_voice_sample).toBe(false);
}

describe('voice sample upload: bad input gets a clear message and stores nothing', () => {
  it('refuses a file that is not audio (a PNG named .wav)', async () => {
    const user = await registerAndLogin();
    expectError(await uploadSample(user, pngFile(), 'sample.wav', 'audio/wav'), 400, validation.audioType);
    await expectNothingStored(user);
  });

  it('refuses an 11 MB sample by the presigned path, with the spec text', async () => {
    const user = await registerAndLogin();
    const big = Buffer.alloc(11 * 1024 * 1024);
    voiceSampleWav(60).copy(big);
    const res = await apiAs(user, 'POST', '/api/media/uploads', {
      kind: 'voice-sample',
      content_type: 'audio/wav',
      size: big.length,
    });
    expectError(res, 400, validation.audioSize);
    await expectNothingStored(user);
  });

  it('refuses silence only', async () => {
    const user = await registerAndLogin();
    expectError(await uploadSample(user, oggOpusFile(10), 'quiet.ogg', 'audio/ogg'), 400, voiceText.sampleSilent);
    await expectNothingStored(user);
  });

  it('refuses a 2-second sample as too short', async () => {
    const user = await registerAndLogin();
    expectError(await uploadSample(user, voiceSampleWav(2)), 400, voiceText.sampleTooShort);
    await expectNothingStored(user);
  });

  it('refuses a missing file with the spec text', async () => {
    const user = await registerAndLogin();
    const boundary = 'xyz';
    const res = await apiAs(user, 'POST', '/api/voice/upload-sample');
    expect(res.status).toBe(400);
    const empty = await import('../support/http.ts').then(({ api }) =>
      api('POST', '/api/voice/upload-sample', {
        token: user.token,
        rawBody: `--${boundary}--\r\n`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      }),
    );
    expectError(empty, 400, validation.audioMissing);
  });
});

describe('voice sample upload: good samples', () => {
  it('keeps a 35 s WAV sent as multipart, with its duration and no warning', async () => {
    const user = await registerAndLogin();
    const res = await uploadSample(user, voiceSampleWav(35));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: success.voiceUploaded, sample_duration: 35, warning: null });
    const status = await voiceStatus(user);
    expect(status).toMatchObject({ has_voice_sample: true, voice_cloned: false, sample_duration: 35 });
    expect(status.voice_sample_url).toMatch(new RegExp(`^users/${user.id}/voice/sample-.*\\.wav$`));
  });

  it('takes an mp3 by the presigned path, warns gently outside 30 s – 2 min, and replaces the old sample', async () => {
    const user = await registerAndLogin();
    await uploadSample(user, voiceSampleWav(35));
    const key = await uploadFile(user, 'voice-sample', mp3File(12), 'audio/mpeg');
    const res = await apiAs(user, 'POST', '/api/voice/upload-sample', { upload_key: key });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ warning: voiceText.sampleLengthWarning });
    const keys = await listKeys(`users/${user.id}/voice/`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/\.mp3$/);
    expect(await listKeys(`users/${user.id}/uploads/`)).toEqual([]);
  });

  it('is readable through secure-url by its owner only', async () => {
    const owner = await registerAndLogin();
    const other = await registerAndLogin();
    await uploadSample(owner, voiceSampleWav(31));
    const path = (await voiceStatus(owner)).voice_sample_url!;
    expect((await apiAs(owner, 'GET', `/api/storage/secure-url/${path}`)).status).toBe(200);
    expect((await apiAs(other, 'GET', `/api/storage/secure-url/${path}`)).status).toBe(404);
  });
});
