import { createHash } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { exportText } from '@storyloom/shared/messages/keepsake';
import { ZipFile } from 'yazl';
import { keepsakeResultTagging } from '../../../data/keepsake-builds.ts';
import { readMediaStream, uploadMediaStream } from '../../../data/media-streams.ts';
import { logger } from '../../../lib/logger.ts';
import type { KeepsakeBuildContext, KeepsakeResult } from '../builder.ts';
import { collectExport } from './collect.ts';
import { profileJson, storyFolder, storyJson, storyMarkdown } from './files.ts';
import { offlinePage } from './offline-page.ts';

/** One line of manifest.json. */
export interface ManifestEntry {
  path: string;
  bytes: number;
  sha256: string;
}

/** Already compressed: stored as they are (deflating them costs CPU and saves nothing). */
const STORED = /\.(mp3|m4a|mp4|aac|webm|ogg|oga|opus|jpe?g|png|gif|webp)$/i;

const steps = exportText.steps;

const notFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/**
 * Writes entries into a yazl zip one at a time, hashing each on its way in. yazl reads an entry's stream
 * only as fast as the zip's output is consumed (here by the multipart upload), and the next entry is
 * added once the last one was read to its end: so one media file is open at a time, and memory holds
 * only the parts in flight, whatever the zip's size.
 */
class HashingZip {
  readonly zip = new ZipFile();
  readonly manifest: ManifestEntry[] = [];
  private readonly mtime = new Date();

  /** Adds an entry from a stream (or text) and resolves when it has been read into the zip. */
  add(path: string, source: Readable | string): Promise<void> {
    const hash = createHash('sha256');
    let bytes = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _enc, done) {
        hash.update(chunk);
        bytes += chunk.length;
        done(null, chunk);
      },
    });
    const input = typeof source === 'string' ? Readable.from([Buffer.from(source, 'utf8')]) : source;
    return new Promise<void>((resolve, reject) => {
      input.once('error', reject);
      tap.once('error', reject);
      tap.once('end', () => {
        this.manifest.push({ path, bytes, sha256: hash.digest('hex') });
        resolve();
      });
      this.zip.addReadStream(input.pipe(tap), path, { mtime: this.mtime, compress: !STORED.test(path) });
    });
  }
}

/** Counts the bytes of the zip on their way to S3 (the size shown on the page). */
function counter(): Transform & { bytes: () => number } {
  let bytes = 0;
  const t = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return Object.assign(t, { bytes: () => bytes });
}

/**
 * The export builder (kind `export`): one zip of everything the owner has, streamed to S3 as it is made
 * (docs/keepsake.md): per story `story.md`, `story.json` and its media; `profile.json` (and the picture);
 * `index.html`, the offline page; `manifest.json` with the SHA-256 of every other file.
 */
export async function buildExportZip(ctx: KeepsakeBuildContext): Promise<KeepsakeResult> {
  await ctx.progress(0, 0, steps.collecting);
  const model = await collectExport(ctx.build.ownerId);
  const day = new Date().toISOString().slice(0, 10);
  const fileName = `storyloom-${model.user.username.replace(/[^A-Za-z0-9_-]/g, '')}-${day}.zip`;
  const key = ctx.resultKey(fileName);
  const folders = model.stories.map((s, i) => storyFolder(i + 1, s.story.title));
  const total = model.stories.length + model.stories.reduce((n, s) => n + s.media.length, 0) + 1;
  let done = 0;

  const out = new HashingZip();
  const count = counter();
  // Stops the upload (and removes its parts) when the build is aborted or an entry fails.
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  ctx.signal.addEventListener('abort', onAbort, { once: true });
  const upload = uploadMediaStream(key, out.zip.outputStream.pipe(count), 'application/zip', {
    signal: stop.signal,
    tagging: keepsakeResultTagging,
  });
  // An upload that fails stops consuming the zip, so the entry being added would wait forever: every
  // step races the upload's failure.
  const uploadFailed = new Promise<never>((_, reject) => {
    upload.catch(reject);
  });
  uploadFailed.catch(() => undefined);
  const put = (path: string, source: Readable | string) => Promise.race([out.add(path, source), uploadFailed]);
  const check = () => {
    if (ctx.signal.aborted) throw new Error('build aborted');
  };
  try {
    for (const [i, s] of model.stories.entries()) {
      const folder = folders[i] ?? storyFolder(i + 1, s.story.title);
      await put(`${folder}/story.md`, storyMarkdown(s));
      await put(`${folder}/story.json`, storyJson(s));
      if (s.transcript) await put(`${folder}/transcript.txt`, `${s.transcript.text.trim()}\n`);
      await ctx.progress(++done, total, steps.stories);
      check();
      const kept = [];
      for (const m of s.media) {
        try {
          await put(`${folder}/${m.name}`, await readMediaStream(m.key));
          kept.push(m);
        } catch (error) {
          // Removed since the records were read (a narration replaced meanwhile): left out, not fatal.
          if (!notFound(error)) throw error;
          logger.warn('export: media object missing, left out', { storyId: s.story.id, role: m.role });
        }
        await ctx.progress(++done, total, steps.media);
        check();
      }
      s.media = kept;
    }
    const avatar = model.user.profileImageUrl?.startsWith(`users/${model.user.id}/avatar/`)
      ? model.user.profileImageUrl
      : undefined;
    let avatarName: string | undefined;
    if (avatar) {
      avatarName = `profile/picture.${/\.([a-z0-9]{1,5})$/i.exec(avatar)?.[1] ?? 'jpg'}`;
      try {
        await put(avatarName, await readMediaStream(avatar));
      } catch (error) {
        if (!notFound(error)) throw error;
        avatarName = undefined;
      }
    }
    await put('profile/profile.json', profileJson(model.user, avatarName?.replace('profile/', '')));
    await put('index.html', Readable.from(offlinePage(model, folders, day)));
    await ctx.progress(done, total, steps.finishing);
    check();
    const manifest = {
      format: 'storyloom-export',
      version: 1,
      created_at: new Date().toISOString(),
      owner: model.user.username,
      stories: model.stories.length,
      note: 'SHA-256 of every file in this zip except manifest.json itself.',
      files: out.manifest,
    };
    // The manifest goes in last, once every other file's hash is known.
    out.zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), 'manifest.json', { mtime: new Date() });
    out.zip.end();
    await upload;
    await ctx.progress(total, total, steps.finishing);
    return { key, fileName, sizeBytes: count.bytes() };
  } catch (error) {
    // Stop the upload (its parts are removed) and the zip's output; the worker clears the folder.
    stop.abort();
    count.destroy();
    await upload.catch(() => undefined);
    throw error;
  } finally {
    ctx.signal.removeEventListener('abort', onAbort);
  }
}
