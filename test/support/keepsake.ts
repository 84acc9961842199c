import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { KeepsakeBuildDto, KeepsakeDownloadResponse, KeepsakeLatestResponse } from '@storyloom/shared/keepsake';
import yauzl from 'yauzl';
import { apiAs } from './users.ts';
import { pollUntil } from './voice.ts';

/** Every file of a zip by its path (read with yauzl, a different library from the one that wrote it). */
export async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true });
  const files = new Map<string, Buffer>();
  await new Promise<void>((done, fail) => {
    zip.on('error', fail);
    zip.on('end', () => done());
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entry.fileName.endsWith('/')) return zip.readEntry();
      zip
        .openReadStreamPromise(entry)
        .then(async (stream) => {
          const chunks: Buffer[] = [];
          for await (const chunk of stream) chunks.push(chunk as Buffer);
          files.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        })
        .catch(fail);
    });
    zip.readEntry();
  });
  return files;
}

/** Writes the files to a folder, as a person who extracted the zip would have them. */
export async function extractTo(files: Map<string, Buffer>, dir: string): Promise<void> {
  for (const [path, bytes] of files) {
    const target = resolve(dir, path);
    if (!target.startsWith(resolve(dir))) throw new Error(`zip entry outside the folder: ${path}`);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(join(target), bytes);
  }
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export const latestExport = async (user: { token: string }) =>
  (await apiAs<KeepsakeLatestResponse>(user, 'GET', '/api/keepsake/export/latest')).body.build;

/** Waits until the user's newest export is done or failed. */
export const waitForExport = (user: { token: string }, timeoutMs = 120_000) =>
  pollUntil(
    () => latestExport(user),
    (b): b is KeepsakeBuildDto => b?.status === 'done' || b?.status === 'failed',
    timeoutMs,
  ) as Promise<KeepsakeBuildDto>;

/** Fetches a done build's zip through its secure URL, as the browser does. */
export async function downloadExport(user: { token: string }, buildId: string): Promise<Buffer> {
  const res = await apiAs<KeepsakeDownloadResponse>(user, 'GET', `/api/keepsake/export/builds/${buildId}/download`);
  if (res.status !== 200) throw new Error(`download: ${res.status} ${res.text}`);
  const zip = await fetch(res.body.secure_url);
  if (!zip.ok) throw new Error(`zip GET: ${zip.status}`);
  return Buffer.from(await zip.arrayBuffer());
}
