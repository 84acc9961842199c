import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { routeId, routes, worker } from '@storyloom/functions/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleHandlers, handlerEntries, WORKER_FUNCTION_ID } from '../lib/bundle.ts';
import { nativeCarriers } from '../lib/native-packages.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'storyloom-bundle-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Writes entry files into the temp folder and returns id -> path. */
async function entries(files: Record<string, string>): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const [id, source] of Object.entries(files)) {
    result[id] = join(dir, `${id}.ts`);
    await writeFile(result[id], source);
  }
  return result;
}

describe('handlerEntries', () => {
  it('names every route by its route id and the worker, and every entry file exists', () => {
    const map = handlerEntries(routes, worker);
    expect(Object.keys(map).sort()).toEqual([...routes.map(routeId), WORKER_FUNCTION_ID].sort());
    for (const entry of Object.values(map)) expect(existsSync(entry), entry).toBe(true);
  });

  it('refuses two routes that would share a function id', () => {
    const route = { method: 'GET', path: '/a/{id}', handler: 'x', auth: 'public', grants: {} } as const;
    expect(() => handlerEntries([route, { ...route, path: '/a/id' }], worker)).toThrow(/share the id "get-a-id"/);
  });
});

describe('bundleHandlers', () => {
  it('writes one self-contained ESM file per function, CommonJS dependencies included', async () => {
    const out = join(dir, 'out');
    await bundleHandlers(
      await entries({
        'get-a':
          "import { createHash } from 'node:crypto';\nexport const handler = async () => createHash('sha1').update('a').digest('hex');",
        'get-b': "const path = require('node:path');\nexport const handler = async () => path.posix.join('b', 'c');",
      }),
      out,
      'silent',
    );
    expect((await readdir(out)).sort()).toEqual(['get-a', 'get-b']);
    expect((await readdir(join(out, 'get-a'))).sort()).toEqual(['index.mjs', 'index.mjs.map']);
    const b = await import(pathToFileURL(join(out, 'get-b', 'index.mjs')).href);
    expect(await b.handler()).toBe('b/c');
  });

  it('fails when a handler reaches the GPL eSpeak-NG package, by name or by path', async () => {
    const fakePackage = join(dir, 'node_modules', '@echogarden', 'espeak-ng-emscripten');
    await mkdir(fakePackage, { recursive: true });
    await writeFile(join(fakePackage, 'index.js'), 'export default 1;');
    const byName = await entries({
      'by-name': "import espeak from '@echogarden/espeak-ng-emscripten';\nexport const handler = () => espeak;",
    });
    const byPath = await entries({
      'by-path':
        "import espeak from './node_modules/@echogarden/espeak-ng-emscripten/index.js';\nexport const handler = () => espeak;",
    });
    await expect(bundleHandlers(byName, join(dir, 'out-name'), 'silent')).rejects.toThrow(/GPL-3\.0.*by-name\.ts/s);
    await expect(bundleHandlers(byPath, join(dir, 'out-path'), 'silent')).rejects.toThrow(
      /espeak-ng-emscripten\/index\.js is GPL-3\.0/,
    );
  });

  it('puts the book fonts (and their OFL license) beside a bundle that makes books, and the bundle writes a PDF with them', async () => {
    const out = join(dir, 'out-book');
    const render = join(process.cwd(), 'functions/src/domain/keepsake/book/render.ts');
    await bundleHandlers(
      await entries({
        'make-book': `import { BookWriter } from ${JSON.stringify(render)};
export const handler = async () => {
  const writer = new BookWriter({ title: 'Bundled', author: 'a', madeOn: 'today', pageSize: 'a5',
    stories: [{ id: 's', title: 'Ünïcode Привет', period: '', text: 'Tiếng Việt 😂 🌊', listenUrl: 'http://x/listen/t/s', photos: [] }] });
  const chunks = [];
  writer.doc.on('data', (c) => chunks.push(c));
  const ended = new Promise((resolve) => writer.doc.on('end', resolve));
  const layout = await writer.write();
  await ended;
  return { pages: layout.pageCount, head: Buffer.concat(chunks).subarray(0, 5).toString() };
};`,
        'get-plain': 'export const handler = async () => 1;',
      }),
      out,
      'silent',
    );
    const fonts = join(out, 'make-book', 'node_modules', '@expo-google-fonts', 'lora');
    expect((await readdir(fonts)).sort()).toEqual(
      ['400Regular', '400Regular_Italic', '700Bold', 'LICENSE', 'LICENSE_FONT', 'package.json'].sort(),
    );
    const emoji = join(out, 'make-book', 'node_modules', '@expo-google-fonts', 'noto-emoji');
    expect((await readdir(emoji)).sort()).toEqual(['400Regular', '700Bold', 'LICENSE', 'LICENSE_FONT', 'package.json']);
    expect(existsSync(join(out, 'get-plain', 'node_modules'))).toBe(false);
    const book = await import(pathToFileURL(join(out, 'make-book', 'index.mjs')).href);
    expect(await book.handler()).toEqual({ pages: 4, head: '%PDF-' });
  });

  it('lets the media worker alone load eSpeak-NG by name, with the package copied beside its bundle', async () => {
    const out = join(dir, 'out-engine');
    await bundleHandlers(
      await entries({
        'worker-media-jobs':
          "export const handler = async () => (await import('@echogarden/espeak-ng-emscripten')).default;",
      }),
      out,
      'silent',
    );
    const beside = join(out, 'worker-media-jobs', 'node_modules', '@echogarden', 'espeak-ng-emscripten');
    expect((await readdir(beside)).sort()).toEqual(
      expect.arrayContaining(['espeak-ng.data', 'espeak-ng.js', 'package.json']),
    );
    const worker = await import(pathToFileURL(join(out, 'worker-media-jobs', 'index.mjs')).href);
    expect(typeof (await worker.handler())).toBe('function');
  });
});

describe('native packages (sharp)', () => {
  it('keeps sharp out of the bundle and copies it, its dependencies and the platform binary beside it', async () => {
    const out = join(dir, 'out-native');
    const metafile = await bundleHandlers(
      await entries({
        'worker-photos':
          "import sharp from 'sharp';\nexport const handler = async () => (await sharp({ create: { width: 40, height: 20, channels: 3, background: 'red' } }).resize({ width: 10 }).webp().toBuffer({ resolveWithObject: true })).info;",
      }),
      out,
      'silent',
      // The Lambda's platform (linux-arm64) comes from the registry; the machine's own proves the copy works.
      `linux-${process.arch}`,
    );
    expect(nativeCarriers(metafile)).toEqual(['worker-photos']);
    const modules = join(out, 'worker-photos', 'node_modules');
    expect((await readdir(join(modules, '@img'))).sort()).toEqual(
      expect.arrayContaining([`sharp-linux-${process.arch}`, `sharp-libvips-linux-${process.arch}`, 'colour']),
    );
    expect(existsSync(join(modules, 'sharp', 'package.json'))).toBe(true);
    expect(existsSync(join(modules, 'detect-libc', 'package.json'))).toBe(true);
    const fn = await import(pathToFileURL(join(out, 'worker-photos', 'index.mjs')).href);
    expect(await fn.handler()).toMatchObject({ width: 10, height: 5, format: 'webp' });
  });
});
