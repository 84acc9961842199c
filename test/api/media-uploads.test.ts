import { DIRECT_UPLOAD_MAX_BYTES, mediaText, STORY_AUDIO_MAX_BYTES } from '@storyloom/shared/media';
import { success, validation } from '@storyloom/shared/messages';
import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { describe, expect, it } from 'vitest';
import { useServerEnv } from '../support/env.ts';
import { api } from '../support/http.ts';
import { mp3File, oggOpusFile, pngFile, wavFile } from '../support/media-files.ts';
import { expectError } from '../support/stories.ts';
import { listKeys, postToS3, presign, uploadFile } from '../support/uploads.ts';
import { apiAs, registerAndLogin } from '../support/users.ts';

useServerEnv();
const { confirmUpload } = await import('@storyloom/functions/domain/media/uploads');
const { sweepAbandonedUploads } = await import('@storyloom/functions/domain/media/sweep');

const text = (s: string) => Buffer.from(s, 'utf8');
const multipart = (field: string, bytes: Uint8Array, filename: string, type: string) => {
  const boundary = `----storyloom${Date.now()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  const body = Buffer.concat([text(head), Buffer.from(bytes), text(`\r\n--${boundary}--\r\n`)]);
  return { rawBody: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

describe('uploads: presigned POST, confirm by content', () => {
  it('stores a profile picture once, replaces the old one, and leaves no pending upload', async () => {
    const user = await registerAndLogin();
    const key = await uploadFile(user, 'profile-image', pngFile(), 'image/png');
    expect(key).toMatch(new RegExp(`^users/${user.id}/uploads/profile-image/`));
    const res = await apiAs(user, 'POST', '/api/profile/image', { upload_key: key });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(success.imageUpdated);
    const first = String(res.body.profile_image_url);
    expect(first).toMatch(new RegExp(`^users/${user.id}/avatar/[0-9a-f-]+\\.png$`));
    expect((await apiAs(user, 'GET', '/api/profile')).body.profile_image_url).toBe(first);
    expect(await listKeys(`users/${user.id}/`)).toEqual([first]);

    const again = await uploadFile(user, 'profile-image', pngFile(), 'image/png');
    const second = String(
      (await apiAs(user, 'POST', '/api/profile/image', { upload_key: again })).body.profile_image_url,
    );
    expect(second).not.toBe(first);
    expect(await listKeys(`users/${user.id}/`)).toEqual([second]);
  });

  it('takes the spec multipart call (field profile_image) for small files, 413 beyond', async () => {
    const user = await registerAndLogin();
    const res = await api('POST', '/api/profile/image', {
      token: user.token,
      ...multipart('profile_image', pngFile(), 'me.png', 'image/png'),
    });
    expect(res.status).toBe(200);
    expect(await listKeys(`users/${user.id}/`)).toEqual([res.body.profile_image_url]);

    const big = Buffer.alloc(DIRECT_UPLOAD_MAX_BYTES + 1000);
    pngFile().copy(big);
    const tooBig = await api('POST', '/api/profile/image', {
      token: user.token,
      ...multipart('profile_image', big, 'big.png', 'image/png'),
    });
    expectError(tooBig, 413, mediaText.tooBigForDirect);
    const text = await api('POST', '/api/profile/image', {
      token: user.token,
      ...multipart('profile_image', Buffer.from('just words'), 'me.jpg', 'image/jpeg'),
    });
    expectError(text, 400, validation.imageType);
    expect(await listKeys(`users/${user.id}/`)).toEqual([res.body.profile_image_url]);
  });

  it('creates an audio story from an uploaded wav, mp3 or ogg, under the story folder', async () => {
    const user = await registerAndLogin();
    for (const [bytes, type, ext] of [
      [wavFile(1), 'audio/wav', 'wav'],
      [mp3File(1), 'audio/mpeg', 'mp3'],
      [oggOpusFile(1), 'audio/ogg', 'ogg'],
    ] as const) {
      const key = await uploadFile(user, 'story-audio', bytes, type);
      const res = await apiAs<StoryDto>(user, 'POST', '/api/stories/audio', {
        title: `  Song ${ext} `,
        description: 'Grandma sings',
        upload_key: key,
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ title: `Song ${ext}`, content: 'Grandma sings', story_type: 'audio' });
      expect(res.body.audio_url).toMatch(
        new RegExp(`^users/${user.id}/stories/${res.body.ID}/audio/[0-9a-f-]+\\.${ext}$`),
      );
    }
    const keys = await listKeys(`users/${user.id}/`);
    expect(keys).toHaveLength(3);
    expect(keys.every((k) => k.includes('/stories/'))).toBe(true);
  });

  it('refuses a title-less audio story with the spec message and keeps the upload for a retry', async () => {
    const user = await registerAndLogin();
    const key = await uploadFile(user, 'story-audio', wavFile(1), 'audio/wav');
    expectError(
      await apiAs(user, 'POST', '/api/stories/audio', { title: ' ', upload_key: key }),
      400,
      validation.storyTitleCreate,
    );
    expect(await listKeys(`users/${user.id}/`)).toEqual([key]);
  });
});

describe('uploads: bad media gets the spec message and stores nothing', () => {
  async function expectRefused(
    kind: 'profile-image' | 'story-audio',
    bytes: Buffer,
    type: string,
    message: string,
  ): Promise<void> {
    const user = await registerAndLogin();
    const key = await uploadFile(user, kind, bytes, type);
    const res =
      kind === 'profile-image'
        ? await apiAs(user, 'POST', '/api/profile/image', { upload_key: key })
        : await apiAs(user, 'POST', '/api/stories/audio', { title: 'Bad', upload_key: key });
    expectError(res, 400, message);
    expect(await listKeys(`users/${user.id}/`)).toEqual([]);
    expect((await apiAs<{ stories: StoryDto[] }>(user, 'GET', '/api/stories')).body.stories).toEqual([]);
  }

  it('a PNG renamed .mp3', () => expectRefused('story-audio', pngFile(), 'audio/mpeg', validation.audioType));
  it('a text file renamed .jpg', () =>
    expectRefused('profile-image', text('hello, not a picture'), 'image/jpeg', validation.imageType));
  it('a truncated WAV', () => {
    const whole = wavFile(2);
    return expectRefused('story-audio', whole.subarray(0, whole.length / 2), 'audio/wav', validation.audioType);
  });

  it('zero bytes: refused when asking and when confirming', async () => {
    const user = await registerAndLogin();
    expectError(await presign(user, 'story-audio', 'audio/wav', 0), 400, validation.audioType);
    const res = await presign(user, 'profile-image', 'image/png', 10);
    // S3 refuses an empty file under content-length-range; if a stand-in takes it, confirm refuses it.
    await postToS3(res.body, new Uint8Array(), 'image/png');
    const confirm = await apiAs(user, 'POST', '/api/profile/image', { upload_key: res.body.key });
    expect(confirm.status).toBe(400);
    expect([validation.imageType, mediaText.uploadNotFound]).toContain(confirm.body.error);
    expect(await listKeys(`users/${user.id}/`)).toEqual([]);
  });

  it('an 11 MB voice sample and a 6 MB image: refused up front, and by the confirm if sent anyway', async () => {
    const user = await registerAndLogin();
    const eleven = 11 * 1024 * 1024;
    expectError(await presign(user, 'voice-sample', 'audio/wav', eleven), 400, validation.audioSize);
    expectError(await presign(user, 'profile-image', 'image/png', 6 * 1024 * 1024), 400, validation.imageSize);
    expectError(
      await presign(user, 'story-audio', 'audio/wav', STORY_AUDIO_MAX_BYTES + 1),
      400,
      mediaText.storyAudioSize,
    );

    // A client that lies about the size: S3's content-length-range refuses it; the confirm is the check that always holds.
    const res = await presign(user, 'voice-sample', 'audio/wav', 1000);
    const big = Buffer.alloc(eleven);
    wavFile(1).copy(big);
    big.writeUInt32LE(eleven - 8, 4);
    big.writeUInt32LE(eleven - 44, 40);
    const status = await postToS3(res.body, big, 'audio/wav');
    if (status < 300) {
      await expect(confirmUpload(user.id, 'voice-sample', res.body.key)).rejects.toThrow(validation.audioSize);
    } else {
      await expect(confirmUpload(user.id, 'voice-sample', res.body.key)).rejects.toThrow(mediaText.uploadNotFound);
    }
    expect(await listKeys(`users/${user.id}/`)).toEqual([]);

    const image = Buffer.alloc(6 * 1024 * 1024);
    pngFile().copy(image);
    const multipartRes = await api('POST', '/api/profile/image', {
      token: user.token,
      ...multipart('profile_image', image, 'big.png', 'image/png'),
    });
    expect(multipartRes.status).toBe(413);
    expect(typeof multipartRes.body.error).toBe('string');
    expect(await listKeys(`users/${user.id}/`)).toEqual([]);
  });

  it("a key outside the caller's prefix, a made-up key, a confirm without an upload", async () => {
    const owner = await registerAndLogin();
    const thief = await registerAndLogin();
    const key = await uploadFile(owner, 'story-audio', wavFile(1), 'audio/wav');
    expectError(
      await apiAs(thief, 'POST', '/api/stories/audio', { title: 'Mine', upload_key: key }),
      400,
      mediaText.uploadKey,
    );
    expectError(
      await apiAs(thief, 'POST', '/api/profile/image', { upload_key: `users/${thief.id}/avatar/x.png` }),
      400,
      mediaText.uploadKey,
    );
    expectError(
      await apiAs(thief, 'POST', '/api/stories/audio', {
        title: 'Mine',
        upload_key: key.replace(owner.id, thief.id),
      }),
      400,
      mediaText.uploadNotFound,
    );
    // The wrong kind for the call.
    expectError(await apiAs(owner, 'POST', '/api/profile/image', { upload_key: key }), 400, mediaText.uploadKey);
    const never = await presign(thief, 'profile-image', 'image/png', 100);
    expectError(
      await apiAs(thief, 'POST', '/api/profile/image', { upload_key: never.body.key }),
      400,
      mediaText.uploadNotFound,
    );
    expect(await listKeys(`users/${thief.id}/`)).toEqual([]);
    expect(await listKeys(`users/${owner.id}/`)).toEqual([key]);
  });

  it('refuses a declared type outside the kind, and unauthenticated presigns', async () => {
    const user = await registerAndLogin();
    expectError(await presign(user, 'profile-image', 'text/plain', 10), 400, validation.imageType);
    expectError(await presign(user, 'story-audio', 'image/png', 10), 400, validation.audioType);
    expect((await presign({ token: '' }, 'story-audio', 'audio/wav', 10)).status).toBe(401);
  });

  it('sweeps abandoned pending uploads (local stand-in for the lifecycle rule)', async () => {
    const user = await registerAndLogin();
    await uploadFile(user, 'story-audio', wavFile(1), 'audio/wav');
    expect(await sweepAbandonedUploads(60_000, { prefix: `users/${user.id}/` })).toBe(0);
    expect(await sweepAbandonedUploads(0, { prefix: `users/${user.id}/`, now: Date.now() + 1000 })).toBe(1);
    expect(await listKeys(`users/${user.id}/`)).toEqual([]);
  });
});
