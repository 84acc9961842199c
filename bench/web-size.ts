/**
 * Initial JavaScript of the SPA (`npm run bench -- web-size`): builds it minified into a temp folder and
 * sums, gzip -9, the scripts index.html loads before any route chunk (the entry and its modulepreloads);
 * then the listening pages' first loads (/shared/{token} of a narrated story, and /story/{id}: those scripts,
 * the page's module and the chunks index.html lists for it).
 * Target for both: ≤ 120 KB gzip.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
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

/** The initial scripts plus a lazy page's module and its listed chunks (what its first visit loads). */
export async function pageJs(outdir: string, page: string): Promise<{ files: number; total: number }> {
  const html = await readFile(join(outdir, 'index.html'), 'utf8');
  const manifest = JSON.parse(/id="lazy-chunks">(.*?)<\/script>/.exec(html)![1]!) as Record<string, string[]>;
  const own = (await readdir(join(outdir, 'assets'))).find((f) => f.startsWith(`${page}-`) && f.endsWith('.js'));
  const initial = await initialJs(outdir);
  const extra = [`/assets/${own}`, ...(manifest[page] ?? [])];
  const sizes = await Promise.all(
    extra.map(async (path) => gzipSync(await readFile(join(outdir, path)), { level: 9 }).length),
  );
  return { files: initial.files.length + extra.length, total: initial.total + sizes.reduce((a, b) => a + b, 0) };
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
    // The listening pages (issue 16): a narrated story shared by link, and the signed-in story page of a story
    // shared by name (both with the player, the read-along and the Listen Interactively overlay).
    for (const [label, page] of [
      ['Listening page (/shared/{token})', 'SharedStoryRoute'],
      ['Story page (/story/{id})', 'StoryRoute'],
    ] as const) {
      const listening = await pageJs(outdir, page);
      const listeningKb = listening.total / 1024;
      console.log(
        `${label} first load: ${listeningKb.toFixed(1)} KB gzip in ${listening.files} file(s) (target ≤ ${TARGET_KB} KB) ${listeningKb <= TARGET_KB ? 'OK' : 'OVER'}`,
      );
    }
  } finally {
    await rm(outdir, { recursive: true, force: true });
  }
}
