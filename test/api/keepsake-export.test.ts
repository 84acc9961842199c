import { randomFillSync } from 'node:crypto';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { KEEPSAKE_DAILY_LIMITS, type KeepsakeBuildDto, keepsakeDownloadPath } from '@storyloom/shared/keepsake';
import { exportText, keepsakeText } from '@storyloom/shared/messages/keepsake';
import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { describe, expect, it } from 'vitest';
import { useServerEnv } from '../support/env.ts';
import { api } from '../support/http.ts';
import { downloadExport, latestExport, sha256, unzip, waitForExport } from '../support/keepsake.ts';
import { waitForMail } from '../support/mailbox.ts';
import { wavFile } from '../support/media-files.ts';
import { addPhoto, pngPhoto, settledPhotos } from '../support/photos.ts';
import { createStory, expectError, shareWith } from '../support/stories.ts';
import { listKeys, uploadFile } from '../support/uploads.ts';
import { apiAs, createAdmin, loginAs, registerAndLogin, waitForDeletionCode } from '../support/users.ts';
import { cloneVoice, narrationOf, pollUntil } from '../support/voice.ts';

useServerEnv();
const { s3 } = await import('@storyloom/functions/lib/clients/s3');
const { config } = await import('@storyloom/functions/lib/config');
const { runKeepsakeBuild } = await import('@storyloom/functions/domain/keepsake/worker');
const { buildExportZip } = await import('@storyloom/functions/domain/keepsake/export/zip');
const { getBuild, putBuild, newBuildId } = await import('@storyloom/functions/data/keepsake-builds');

interface Manifest {
  format: string;
  stories: number;
  files: Array<{ path: string; bytes: number; sha256: string }>;
}

/**
 * The full-zip test clones a voice and narrates with the local engine (seconds of CPU on a quiet machine,
 * several times that on a loaded one) before the export itself: more than the default 30 s.
 */
const HEAVY = 180_000;

const start = (user: { token: string }) => apiAs<KeepsakeBuildDto>(user, 'POST', '/api/keepsake/export', {});

/** A build record as POST /api/keepsake/export stores it, for the worker's code run in this process. */
function queuedBuild(ownerId: string) {
  const now = new Date().toISOString();
  return {
    id: newBuildId(),
    ownerId,
    kind: 'export' as const,
    status: 'queued' as const,
    progress: { done: 0, total: 0, step: '' },
    attempts: 0,
    createdAt: now,
    updatedAt: now,
    leaseUntil: new Date(Date.now() + 3600_000).toISOString(),
  };
}

async function audioStory(user: { token: string }, bytes: Buffer): Promise<StoryDto> {
  const key = await uploadFile(user, 'story-audio', bytes, 'audio/wav');
  const res = await apiAs<StoryDto>(user, 'POST', '/api/stories/audio', { title: 'Lullaby for Anna', upload_key: key });
  if (res.status !== 201) throw new Error(res.text);
  return res.body;
}

describe('Download all my stories: the zip', () => {
  it(
    'holds every story as Markdown and JSON with its recordings, narration, photos, transcript and comments, a manifest that matches, and the offline page',
    async () => {
      const owner = await registerAndLogin();
      const friend = await registerAndLogin();
      const text = await createStory(owner, {
        title: 'The bee summer',
        content: 'My grandmother kept bees behind the house.\n\nEvery August we helped her take the honey.',
        location: 'Vermont',
        start_date: '1952-06-01',
        end_date: '1952-08-31',
      });
      await shareWith(owner, text.ID, friend.username, 'comment');
      const comment = await apiAs(friend, 'POST', `/api/stories/${text.ID}/comments`, {
        text: 'I remember the smell!',
      });
      expect(comment.status).toBe(201);
      // The friend asks a question (the story is shared with them by name), and the bee story answers it.
      const question = 'Where did you keep the bees?';
      const asked = await apiAs<{ id: string }>(friend, 'POST', `/api/family-questions/${owner.id}`, {
        text: question,
      });
      expect(asked.status, asked.text).toBe(201);
      const answered = await apiAs(owner, 'POST', `/api/prompts/${asked.body.id}/answered`, { story_id: text.ID });
      expect(answered.status, answered.text).toBe(200);
      const photo = await pngPhoto(240, 180);
      const added = await addPhoto(owner, text.ID, photo, 'image/png', {
        caption: 'The hives in 1952',
        alt: 'Three white hives',
      });
      expect(added.status, added.text).toBe(201);
      const recording = wavFile(1);
      const audio = await audioStory(owner, recording);
      const typed = await apiAs(owner, 'PUT', `/api/stories/${audio.ID}/transcript`, {
        text: 'Hush now, Anna, the stars are out.',
      });
      expect(typed.status, typed.text).toBe(200);
      await settledPhotos(owner, text.ID);
      const { voice_id } = await cloneVoice(owner);
      const narrated = await createStory(owner, {
        title: 'Crossing the river',
        content: 'We crossed the river on a ferry made of planks.',
        start_date: '1960-04-10',
        end_date: null,
        location: null,
      });
      expect((await apiAs(owner, 'POST', `/api/voice/narrate/${narrated.ID}`, { voice_id })).status).toBe(202);
      const narration = await pollUntil(
        () => narrationOf(owner, narrated.ID),
        (n) => n.status === 'ready' || n.status === 'failed',
      );
      expect(narration.status).toBe('ready');

      const started = await start(owner);
      expect(started.status).toBe(202);
      expect(started.body).toMatchObject({ kind: 'export', status: 'queued', downloadable: false });
      const done = await waitForExport(owner);
      expect(done).toMatchObject({ id: started.body.id, status: 'done', downloadable: true });
      expect(done.file_name).toBe(`storyloom-${owner.username}-${done.created_at.slice(0, 10)}.zip`);
      expect(Date.parse(done.expires_at!) - Date.parse(done.finished_at!)).toBe(24 * 3600 * 1000);

      const bytes = await downloadExport(owner, done.id);
      expect(bytes.length).toBe(done.size_bytes);
      const files = await unzip(bytes);
      const manifest = JSON.parse(files.get('manifest.json')!.toString()) as Manifest;
      expect(manifest).toMatchObject({ format: 'storyloom-export', stories: 3 });
      // Every file listed is there with its hash, and every file but the manifest is listed.
      for (const entry of manifest.files) {
        const file = files.get(entry.path);
        expect(file, entry.path).toBeDefined();
        expect({ path: entry.path, sha256: sha256(file!), bytes: file!.length }).toEqual(entry);
      }
      expect(manifest.files.map((f) => f.path).sort()).toEqual(
        [...files.keys()].filter((p) => p !== 'manifest.json').sort(),
      );

      // Date order: 1952, 1960, then the recording (no start date: when it was made, today).
      const paths = [...files.keys()];
      const bee = 'stories/001-the-bee-summer';
      const river = 'stories/002-crossing-the-river';
      const lullaby = 'stories/003-lullaby-for-anna';
      expect(paths).toEqual(
        expect.arrayContaining([
          `${bee}/story.md`,
          `${bee}/story.json`,
          `${river}/narration.mp3`,
          `${river}/narration-timings.json`,
          `${lullaby}/recording.wav`,
          `${lullaby}/transcript.txt`,
          `${bee}/photos/01.png`,
          'index.html',
          'profile/profile.json',
        ]),
      );
      const beeMd = files.get(`${bee}/story.md`)!.toString();
      expect(beeMd).toContain('# The bee summer');
      // Near the top, under the title: the question it answers and whose it was.
      expect(beeMd.split('\n').slice(0, 3)).toEqual([
        '# The bee summer',
        '',
        `Written in answer to ${friend.username}'s question: “Where did you keep the bees?”`,
      ]);
      expect(files.get(`${river}/story.md`)!.toString()).not.toContain('in answer to');
      expect(beeMd).toContain('- **When:** 1952-06-01 – 1952-08-31');
      expect(beeMd).toContain('- **Where:** Vermont');
      expect(beeMd).toContain(`shared with ${friend.username} (comment)`);
      expect(beeMd).toContain('My grandmother kept bees behind the house.');
      expect(beeMd).toContain(`**${friend.username}**`);
      expect(beeMd).toContain('I remember the smell!');
      const beeJson = JSON.parse(files.get(`${bee}/story.json`)!.toString());
      expect(beeJson).toMatchObject({
        id: text.ID,
        title: 'The bee summer',
        type: 'text',
        location: 'Vermont',
        start_date: '1952-06-01',
        end_date: '1952-08-31',
        is_public: false,
        comments: [{ author: friend.username, text: 'I remember the smell!' }],
        answers_questions: [{ asked_by: friend.username, question }],
      });
      // The photo as uploaded, with its caption and alt text; the transcript as text and in the Markdown.
      expect(sha256(files.get(`${bee}/photos/01.png`)!)).toBe(sha256(photo));
      expect(beeMd).toContain('![Three white hives](photos/01.png) The hives in 1952');
      expect(beeJson.files).toContainEqual({
        name: 'photos/01.png',
        role: 'photo',
        caption: 'The hives in 1952',
        alt: 'Three white hives',
      });
      expect(files.get(`${lullaby}/transcript.txt`)!.toString()).toBe('Hush now, Anna, the stars are out.\n');
      expect(files.get(`${lullaby}/story.md`)!.toString()).toContain(
        '## Transcript\n\nHush now, Anna, the stars are out.',
      );
      // The original recording, byte for byte; the narration is the MP3 the story plays.
      expect(sha256(files.get(`${lullaby}/recording.wav`)!)).toBe(sha256(recording));
      expect(JSON.parse(files.get(`${lullaby}/story.json`)!.toString())).toMatchObject({ id: audio.ID, type: 'audio' });
      const played = await apiAs<{ secure_url: string }>(
        owner,
        'GET',
        `/api/storage/secure-url/${narration.audio_url}`,
      );
      const narrationBytes = Buffer.from(await (await fetch(played.body.secure_url)).arrayBuffer());
      expect(sha256(files.get(`${river}/narration.mp3`)!)).toBe(sha256(narrationBytes));
      expect(JSON.parse(files.get('profile/profile.json')!.toString())).toMatchObject({
        username: owner.username,
        email: owner.email,
      });
      // The offline page names every story and plays the files by relative paths that exist in the zip.
      const html = files.get('index.html')!.toString();
      for (const title of ['The bee summer', 'Crossing the river', 'Lullaby for Anna']) expect(html).toContain(title);
      const sources = [...html.matchAll(/<(?:audio|img)[^>]* src="([^"]+)"/g)].map((m) => decodeURIComponent(m[1]!));
      expect(sources.sort()).toEqual(
        [`${lullaby}/recording.wav`, `${river}/narration.mp3`, `${bee}/photos/01.png`].sort(),
      );
      expect(html).toContain('alt="Three white hives"');
      expect(html).toContain('<figcaption>The hives in 1952</figcaption>');
      expect(html).toContain('Hush now, Anna, the stars are out.');
      expect(html).not.toMatch(/<script|https?:\/\//);

      // The owner is emailed a link to the app's download page, valid 24 hours.
      const mail = await waitForMail((m) => m.to.includes(owner.email) && m.subject === exportText.email.subject);
      expect(mail.text).toContain(keepsakeDownloadPath('export', done.id));
      expect(mail.text).toContain('24 hours');
    },
    HEAVY,
  );
});

describe('a zip larger than one upload part', () => {
  it(
    'goes to S3 in 5 MB parts (multipart, in local mode too) and comes back whole',
    async () => {
      const user = await registerAndLogin();
      // 200 s of 16-bit noise: 6.4 MB that deflate cannot shrink, more than one 5 MB part.
      const noisy = wavFile(200);
      randomFillSync(noisy, 44);
      await audioStory(user, noisy);
      // The worker's own code, run here so the S3 calls it makes can be watched (a middleware that only records).
      const build = queuedBuild(user.id);
      expect(await putBuild(build)).toBe(true);
      const calls: string[] = [];
      s3.middlewareStack.add(
        (next, context) => (args) => {
          calls.push(String(context.commandName));
          return next(args);
        },
        { step: 'initialize', name: 'keepsakeTestRecorder' },
      );
      try {
        await runKeepsakeBuild(
          { ownerId: user.id, kind: 'export', buildId: build.id },
          { receiveCount: 1, maxReceiveCount: 5 },
        );
      } finally {
        s3.middlewareStack.remove('keepsakeTestRecorder');
      }
      expect(calls.filter((c) => c === 'UploadPartCommand')).toHaveLength(2);
      expect(calls).toContain('CreateMultipartUploadCommand');
      expect(calls).toContain('CompleteMultipartUploadCommand');
      expect(calls).not.toContain('PutObjectCommand');
      const done = await latestExport(user);
      expect(done).toMatchObject({ id: build.id, status: 'done' });
      const files = await unzip(await downloadExport(user, build.id));
      expect(done!.size_bytes).toBeGreaterThan(5 * 1024 * 1024);
      expect(sha256(files.get('stories/001-lullaby-for-anna/recording.wav')!)).toBe(sha256(noisy));
    },
    HEAVY,
  );

  it('the local S3 stand-in aborts a multipart upload as S3 does', async () => {
    const Key = `users/abort-test/keepsake/${newBuildId()}/x.zip`;
    const Bucket = config.mediaBucket;
    const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket, Key }));
    await s3.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber: 1, Body: Buffer.alloc(1024, 1) }));
    const aborted = await s3.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId }));
    expect(aborted.$metadata.httpStatusCode).toBe(204);
    await expect(
      s3.send(
        new CompleteMultipartUploadCommand({
          Bucket,
          Key,
          UploadId,
          MultipartUpload: { Parts: [{ PartNumber: 1, ETag: '"x"' }] },
        }),
      ),
    ).rejects.toThrow();
    await expect(s3.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId }))).rejects.toMatchObject({
      name: 'NoSuchUpload',
    });
    expect(await listKeys('users/abort-test/')).toEqual([]);
  });
});

describe('who may do what', () => {
  it('keeps every build and its file to its owner', async () => {
    const owner = await registerAndLogin();
    const other = await registerAndLogin();
    const admin = await createAdmin();
    const adminToken = (await loginAs(admin)).token;
    await createStory(owner, { title: 'Only mine' });
    expect((await start(owner)).status).toBe(202);
    const done = await waitForExport(owner);
    const download = `/api/keepsake/export/builds/${done.id}/download`;

    // Nobody signed in: 401 everywhere.
    expect((await api('POST', '/api/keepsake/export', { body: {} })).status).toBe(401);
    expect((await api('GET', '/api/keepsake/export/latest')).status).toBe(401);
    expect((await api('GET', download)).status).toBe(401);
    // Another user and an admin: their own (empty) state; the owner's build does not exist for them.
    expect(await latestExport(other)).toBeNull();
    expectError(await apiAs(other, 'GET', download), 404, keepsakeText.buildNotFound);
    expectError(await api('GET', download, { token: adminToken }), 404, keepsakeText.buildNotFound);
    // The file itself: the owner's secure URL works; the same key asked by others is not found.
    const key = (await listKeys(`users/${owner.id}/keepsake/${done.id}/`))[0]!;
    expect(key).toMatch(/\.zip$/);
    expect((await apiAs(owner, 'GET', `/api/storage/secure-url/${key}`)).status).toBe(200);
    expect((await apiAs(other, 'GET', `/api/storage/secure-url/${key}`)).status).toBe(404);
    expect((await api('GET', `/api/storage/secure-url/${key}`, { token: adminToken })).status).toBe(404);
    expect((await api('GET', `/api/storage/secure-url/${key}`)).status).toBe(404);
    // Malformed paths: clear answers, no stack traces.
    expect((await apiAs(owner, 'POST', '/api/keepsake/nonsense', {})).status).toBe(400);
    expect((await apiAs(owner, 'GET', '/api/keepsake/export/builds/..%2F..%2Fx/download')).status).toBe(400);
    expectError(await apiAs(owner, 'POST', '/api/keepsake/export', { stories: ['x'] }), 400);
    // Deleting the account removes the build's file and its record.
    expect(await listKeys(`users/${owner.id}/keepsake/`)).toHaveLength(1);
    expect((await apiAs(owner, 'POST', '/api/profile/request-delete-account')).status).toBe(200);
    const code = await waitForDeletionCode(owner.email);
    expect((await apiAs(owner, 'POST', '/api/profile/confirm-delete-account', { token: code })).status).toBe(200);
    expect(await listKeys(`users/${owner.id}/`)).toEqual([]);
    expect(await getBuild(owner.id, 'export', done.id)).toBeUndefined();
  });

  it('caps downloads per day, one at a time, with a clear message', async () => {
    const user = await registerAndLogin();
    const limit = KEEPSAKE_DAILY_LIMITS.export;
    for (let i = 0; i < limit; i++) {
      expect((await start(user)).status).toBe(202);
      if (i === 0) expectError(await start(user), 409, keepsakeText.alreadyRunning);
      expect((await waitForExport(user)).status).toBe('done');
    }
    const refused = await start(user);
    expectError(refused, 429, keepsakeText.dailyLimit('export', limit));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('a failed build', () => {
  it('is retried by the queue, then says it failed, gives its daily slot back, and can be made again', async () => {
    const user = await registerAndLogin();
    await audioStory(user, wavFile(1));
    await createStory(user, { title: 'Second' });
    // A build as POST makes it, run here by the worker's own code with a fault injected halfway through
    // the zip (after the first entries were uploaded), as a worker losing S3 would.
    const build = queuedBuild(user.id);
    expect(await putBuild(build)).toBe(true);
    const faulty = {
      export: (ctx: Parameters<typeof buildExportZip>[0]) =>
        buildExportZip({
          ...ctx,
          progress: async (done: number, total: number, step: string) => {
            if (done >= 2) throw new Error('injected: connection to S3 lost');
            return ctx.progress(done, total, step);
          },
        }),
    };
    const job = { ownerId: user.id, kind: 'export' as const, buildId: build.id };
    // Not the last delivery: queued again for SQS to redeliver, the message fails.
    await expect(runKeepsakeBuild(job, { receiveCount: 1, maxReceiveCount: 5 }, faulty)).rejects.toThrow('injected');
    expect(await latestExport(user)).toMatchObject({ id: build.id, status: 'queued' });
    // The last delivery: failed for good, said so, nothing of the part-made zip left.
    await runKeepsakeBuild(job, { receiveCount: 5, maxReceiveCount: 5 }, faulty);
    const failed = await latestExport(user);
    expect(failed).toMatchObject({ id: build.id, status: 'failed', error: keepsakeText.failed, downloadable: false });
    expect(await listKeys(`users/${user.id}/keepsake/`)).toEqual([]);
    expectError(
      await apiAs(user, 'GET', `/api/keepsake/export/builds/${build.id}/download`),
      409,
      keepsakeText.notReady,
    );

    // Try again: a new build, made by the real worker.
    const retry = await start(user);
    expect(retry.status).toBe(202);
    const done = await waitForExport(user);
    expect(done).toMatchObject({ id: retry.body.id, status: 'done' });
    const files = await unzip(await downloadExport(user, done.id));
    expect([...files.keys()].filter((p) => p.endsWith('/story.md'))).toHaveLength(2);
  });

  it('whose worker died reads as stopped, can be started again, and a late redelivery takes it over', async () => {
    const user = await registerAndLogin();
    await createStory(user, { title: 'Kept' });
    // Running, but its lease ran out a minute ago: nobody renews it any more.
    const build = {
      ...queuedBuild(user.id),
      status: 'running' as const,
      progress: { done: 1, total: 4, step: exportText.steps.stories },
      leaseUntil: new Date(Date.now() - 60_000).toISOString(),
    };
    expect(await putBuild(build)).toBe(true);
    expect(await latestExport(user)).toMatchObject({
      id: build.id,
      status: 'failed',
      error: keepsakeText.stalled,
      downloadable: false,
    });
    // SQS's redelivery of its message claims it (the lease ran out) and finishes it.
    await runKeepsakeBuild(
      { ownerId: user.id, kind: 'export', buildId: build.id },
      { receiveCount: 2, maxReceiveCount: 5 },
    );
    expect(await latestExport(user)).toMatchObject({ id: build.id, status: 'done', downloadable: true });
    // A new one may be started (a stalled build does not block the next).
    const again = await start(user);
    expect(again.status).toBe(202);
    expect((await waitForExport(user)).status).toBe('done');
  });
});
