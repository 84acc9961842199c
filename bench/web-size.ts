/**
 * Initial JavaScript of the SPA (`npm run bench -- web-size`): builds it minified into a temp folder and
 * sums, gzip -9, the scripts index.html loads before any route chunk (the entry and its modulepreloads).
 * Target: ≤ 120 KB gzip.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildWeb } from '../web/build.ts';

export const name = 'web-size';
const TARGET_KB = 120;

export async function initialJs(
  outdir: string,
): Promise<{ files: Array<{ path: string; gzip: number }>; total: number }> {
  const html = await readFile(join(outdir, 'index.html'), 'utf8');
  const paths = [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!))];
  const files = await Promise.all(
    paths.map(async (path) => ({ path, gzip: gzipSync(await readFile(join(outdir, path)), { level: 9 }).length })),
  );
  return { files, total: files.reduce((sum, f) => sum + f.gzip, 0) };
}

export async function run(): Promise<void> {
  const outdir = await mkdtemp(join(tmpdir(), 'storyloom-bench-web-'));
  try {
    await buildWeb({ outdir, minify: true });
    const { files, total } = await initialJs(outdir);
    const kb = total / 1024;
    console.log(
      [
        `Initial JS: ${kb.toFixed(1)} KB gzip in ${files.length} file(s) (target ≤ ${TARGET_KB} KB) ${kb <= TARGET_KB ? 'OK' : 'OVER'}`,
        ...files.map((f) => `  ${f.path}  ${(f.gzip / 1024).toFixed(1)} KB`),
      ].join('\n'),
    );
  } finally {
    await rm(outdir, { recursive: true, force: true });
  }
}
