import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageJs } from '../../../bench/web-size.ts';
import { buildWeb } from '../../build.ts';

/** The listening pages' budget (issue 16): the shared story and the signed-in story page, overlay included. */
const LISTENING_PAGE_MAX_BYTES = 120 * 1024;

/**
 * What the first page loads (docs/web.md, "First load"), on a real production build: the figures
 * are `npm run bench -- web-size`'s; these are the mistakes that would quietly bring bytes back.
 */
describe('first load', () => {
  let outdir: string;
  let html: string;

  beforeAll(async () => {
    outdir = await mkdtemp(join(tmpdir(), 'storyloom-first-load-'));
    await buildWeb({ outdir, minify: true });
    html = await readFile(join(outdir, 'index.html'), 'utf8');
  }, 60_000);
  afterAll(() => rm(outdir, { recursive: true, force: true }));

  const initialScripts = () => [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const sourcesOf = async (script: string) =>
    (JSON.parse(await readFile(join(outdir, `${script}.map`), 'utf8')) as { sources: string[] }).sources;

  it('is the entry and one shell chunk', () => {
    expect(initialScripts()).toHaveLength(2);
  });

  it('leaves the messages index, the query hooks and zod to the pages', async () => {
    const sources = (await Promise.all(initialScripts().map(sourcesOf))).flat();
    expect(sources.filter((s) => s.endsWith('shared/src/messages.ts'))).toEqual([]);
    expect(sources.filter((s) => /query-core\/.*queryObserver/.test(s))).toEqual([]);
    expect(sources.filter((s) => s.includes('/zod/'))).toEqual([]);
    expect(sources.some((s) => s.endsWith('shared/src/messages/common.ts'))).toBe(true);
  });

  it('gives the listening page only what it uses: no messages index, no zod', async () => {
    const manifest = JSON.parse(/id="lazy-chunks">(.*?)<\/script>/.exec(html)![1]!) as Record<string, string[]>;
    const page = (await readdir(join(outdir, 'assets'))).find((f) => /^SharedStoryRoute-.*\.js$/.test(f))!;
    const scripts = [`/assets/${page}`, ...manifest.SharedStoryRoute!];
    const sources = (await Promise.all(scripts.map(sourcesOf))).flat();
    expect(sources.some((s) => s.endsWith('components/interactive/ReadAlongText.tsx'))).toBe(true);
    expect(sources.filter((s) => s.endsWith('shared/src/messages.ts'))).toEqual([]);
    expect(sources.filter((s) => s.includes('/zod/'))).toEqual([]);
  });

  it('keeps each listening page within 120 KB gzip, its player and overlay included', async () => {
    for (const page of ['SharedStoryRoute', 'StoryRoute']) {
      const { total } = await pageJs(outdir, page);
      expect(total, `${page}: ${(total / 1024).toFixed(1)} KB gzip`).toBeLessThanOrEqual(LISTENING_PAGE_MAX_BYTES);
    }
  });

  it('leaves the forms (react-hook-form, zod) and the owner panels out of the story page', async () => {
    const manifest = JSON.parse(/id="lazy-chunks">(.*?)<\/script>/.exec(html)![1]!) as Record<string, string[]>;
    const page = (await readdir(join(outdir, 'assets'))).find((f) => /^StoryRoute-.*\.js$/.test(f))!;
    const sources = (await Promise.all([`/assets/${page}`, ...manifest.StoryRoute!].map(sourcesOf))).flat();
    expect(sources.some((s) => s.endsWith('components/interactive/InteractiveOverlay.tsx'))).toBe(true);
    expect(sources.filter((s) => /react-hook-form|\/zod\/|shared\/src\/messages\.ts$/.test(s))).toEqual([]);
    expect(sources.filter((s) => /PrivacyModal|PhotoManager|TranscriptEditor|CommentForm/.test(s))).toEqual([]);
  });

  it("lists every lazy page's chunks under the name the router asks for them by", async () => {
    const manifest = JSON.parse(/id="lazy-chunks">(.*?)<\/script>/.exec(html)![1]!) as Record<string, string[]>;
    const router = await readFile(new URL('./router.tsx', import.meta.url), 'utf8');
    const pages = [...router.matchAll(/import\('#web\/[^']*\/(\w+)\.tsx'\),\s*'(\w+)'/g)];
    expect(pages.length).toBeGreaterThan(10);
    for (const [, file, name] of pages) {
      expect(name).toBe(file);
      expect(manifest).toHaveProperty(name!);
    }
    expect(manifest.LandingRoute).toEqual([]);
  });
});
