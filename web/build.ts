import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const webDir = dirname(fileURLToPath(import.meta.url));
const entry = 'src/main.tsx';
/** Every built file is served under this URL prefix; absolute, because SPA routes are nested (/story/1). */
const assetsUrl = '/assets/';

export interface BuildWebOptions {
  /** Where index.html and assets/ go. Default: web/dist. */
  outdir?: string;
  /** Default: true, unless NODE_ENV=development. */
  minify?: boolean;
}

/**
 * Builds the SPA with esbuild into `outdir` (index.html + hashed assets/).
 * The build goes to a sibling folder first and is swapped in at the end, so a server
 * already pointing at `outdir` never serves a half-written build.
 */
export async function buildWeb(opts: { outdir?: string; minify?: boolean } = {}): Promise<void> {
  const outdir = resolve(opts.outdir ?? join(webDir, 'dist'));
  const staging = `${outdir}.staging-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  try {
    const minify = opts.minify ?? !isDevelopment();
    // A first pass, written nowhere, shows which small chunks the lazy pages share (see `smallSharedModules`).
    const trial = await esbuild.build({ ...esbuildOptions(staging, minify, undefined, false), write: false });
    const merged = smallSharedModules(trial.metafile!);
    const result = await esbuild.build(esbuildOptions(staging, minify, merged));
    if (result.errors.length > 0) throw new Error('web build failed');
    await rm(outdir, { recursive: true, force: true });
    await rename(staging, outdir);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Rebuilds on every change into `outdir` until the process ends (for working on the SPA). One pass:
 * the lazy pages' small shared chunks are not merged (see `smallSharedModules`).
 */
export async function watchWeb(opts: BuildWebOptions = {}): Promise<esbuild.BuildContext> {
  const outdir = resolve(opts.outdir ?? join(webDir, 'dist'));
  await rm(outdir, { recursive: true, force: true });
  const ctx = await esbuild.context(esbuildOptions(outdir, opts.minify ?? false));
  await ctx.watch();
  return ctx;
}

function isDevelopment(): boolean {
  return process.env.NODE_ENV === 'development';
}

function esbuildOptions(outdir: string, minify: boolean, merged?: MergedModules, html = true): esbuild.BuildOptions {
  return {
    absWorkingDir: webDir,
    entryPoints: [entry],
    outdir: join(outdir, 'assets'),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    // Older tablets and laptops are common among our users: keep to what Safari 15 understands.
    target: ['chrome100', 'edge100', 'firefox100', 'safari15'],
    entryNames: '[name]-[hash]',
    chunkNames: '[name]-[hash]',
    assetNames: '[name]-[hash]',
    publicPath: assetsUrl,
    jsx: 'automatic',
    minify,
    // The bundled packages' licence notices go to a .LEGAL.txt beside each file that had them (linked from
    // it), not into the JavaScript every page loads: 0.6 KB gzip off the first load, the notices still shipped.
    legalComments: 'linked',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    define: { 'process.env.NODE_ENV': JSON.stringify(isDevelopment() ? 'development' : 'production') },
    loader: { '.svg': 'file', '.png': 'file', '.jpg': 'file', '.webp': 'file', '.woff2': 'file' },
    plugins: [oneShellChunkPlugin(merged), ...(html ? [indexHtmlPlugin(outdir)] : [])],
  };
}

/**
 * esbuild gives every set of entry points that share a module a chunk of its own, and each lazy page
 * shares a different part of the shell (paths here, auth and the spinner there): the first page loaded
 * the shell in a dozen small files, and over HTTP/1.1 (the local server) each took a round trip of its
 * own. Here every lazily imported module (pages, the contact modal) also imports the app, so the shell
 * is reached from every entry point alike and is one chunk. It costs nothing at run time: the app is
 * already loaded when a lazy module arrives.
 */
function oneShellChunkPlugin(merged?: MergedModules): esbuild.Plugin {
  const namespace = 'lazy-module';
  // Packages marked free of side effects ignore a bare `import 'x'`: a namespace re-export keeps them, but
  // also keeps every export they have. Our own modules (no `sideEffects` flag) take the bare import, so
  // what no page uses is still dropped (the messages files: a lean page shares their chunk).
  const imports = (path: string) =>
    [
      `import ${JSON.stringify(join(webDir, 'src/app/App.tsx'))};\n`,
      ...(merged?.users.has(path) ? merged.modules : []).map((module, i) =>
        module.includes('/node_modules/')
          ? `export * as __merged${i} from ${JSON.stringify(module)};\n`
          : `import ${JSON.stringify(module)};\n`,
      ),
    ].join('');
  return {
    name: 'one-shell-chunk',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind !== 'dynamic-import' || args.pluginData === namespace) return undefined;
        const { path, errors } = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: namespace,
        });
        return errors.length > 0 ? { errors } : { path, namespace };
      });
      build.onLoad({ filter: /.*/, namespace }, (args) => ({
        contents: `${imports(args.path)}export * from ${JSON.stringify(args.path)};\n`,
        resolveDir: webDir,
        loader: 'ts',
      }));
    },
  };
}

/** Modules to put in one chunk, and the lazy modules (absolute paths) that import them all. */
interface MergedModules {
  modules: string[];
  users: Set<string>;
}

/** A shared chunk that most lazy pages need (the query hooks, the messages): share of those pages. */
const WIDELY_USED = 0.75;
/** A shared chunk smaller than this (minified), needed only by pages that load those anyway. */
const SMALL_CHUNK_BYTES = 3000;
/**
 * Pages left out of the merge: the listening pages (a share link's first page for most family members, on a
 * phone, and a story shared by name) load only the modules they use, a few more requests for fewer bytes
 * (docs/web.md, "First load").
 */
const LEAN_PAGES = ['SharedStoryRoute', 'StoryRoute'];

/**
 * The lazy pages share many small pieces (a card here, a hook there), each combination its own chunk:
 * the shared story page needed 19 of them, most under 1 KB gzip, and over HTTP/1.1 six at a time is
 * several round trips. The chunks most pages need anyway, and the small ones needed only by those
 * pages, become one chunk that each of those pages imports: a few KB more for some pages, far fewer
 * requests for all. A module whose imports reach another chunk stays where it is (merging it would
 * drag that chunk along); pages that need none of it (the landing and legal pages) are left alone.
 */
function smallSharedModules(metafile: esbuild.Metafile): MergedModules {
  const { inputs, outputs } = metafile;
  const staticImports = (path: string) => chunkImports(outputs, path);
  const closure = (start: string[]) => chunkClosure(outputs, start);
  const mainPath = Object.keys(outputs).find((path) => outputs[path]!.entryPoint === entry)!;
  const initial = closure([mainPath]);
  const lean = (path: string) => LEAN_PAGES.some((page) => outputs[path]!.entryPoint!.endsWith(`/${page}.tsx`));
  const lazyEntries = Object.keys(outputs).filter(
    (path) => outputs[path]!.entryPoint && path !== mainPath && !lean(path),
  );
  const chunksOf = new Map(lazyEntries.map((path) => [path, closure(staticImports(path))]));
  const shared = Object.keys(outputs).filter(
    (path) => path.endsWith('.js') && !outputs[path]!.entryPoint && !initial.has(path),
  );
  const reachedBy = (chunk: string) => lazyEntries.filter((path) => chunksOf.get(path)!.has(chunk));
  const withShared = lazyEntries.filter((path) => shared.some((chunk) => chunksOf.get(path)!.has(chunk)));
  const wide = shared.filter((chunk) => reachedBy(chunk).length >= WIDELY_USED * withShared.length);
  // The pages that load a widely used chunk anyway; a small chunk merges when only they need it.
  const users = lazyEntries.filter((path) => wide.some((chunk) => chunksOf.get(path)!.has(chunk)));
  const merge = [
    ...wide,
    ...shared.filter(
      (chunk) =>
        !wide.includes(chunk) &&
        outputs[chunk]!.bytes < SMALL_CHUNK_BYTES &&
        reachedBy(chunk).every((path) => users.includes(path)),
    ),
  ];
  const modules = new Set(merge.flatMap((chunk) => Object.keys(outputs[chunk]!.inputs)));
  // Modules that are code of some lazily loaded chunk (others are the first page's, or tree-shaken away).
  const lazyCode = new Set(
    Object.entries(outputs)
      .filter(([path]) => path.endsWith('.js') && !initial.has(path))
      .flatMap(([, output]) => Object.keys(output.inputs)),
  );
  // Keep only modules whose own imports stay within the merged set or outside the lazy chunks.
  for (let changed = true; changed; ) {
    changed = false;
    for (const module of modules) {
      const escapes = (inputs[module]?.imports ?? []).some(
        (imp) => imp.kind === 'import-statement' && !imp.external && lazyCode.has(imp.path) && !modules.has(imp.path),
      );
      if (escapes) {
        modules.delete(module);
        changed = true;
      }
    }
  }
  return {
    modules: [...modules].map((module) => resolve(webDir, module)),
    users: new Set(users.map((path) => outputs[path]!.entryPoint!.replace(/^lazy-module:/, ''))),
  };
}

/** The chunks an output imports statically (the browser loads them with it). */
function chunkImports(outputs: esbuild.Metafile['outputs'], path: string): string[] {
  return outputs[path]!.imports.filter((imp) => imp.kind === 'import-statement' && !imp.external).map(
    (imp) => imp.path,
  );
}

/** The outputs `start` and everything they import statically, transitively. */
function chunkClosure(outputs: esbuild.Metafile['outputs'], start: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
    if (seen.has(path)) continue;
    seen.add(path);
    queue.push(...chunkImports(outputs, path));
  }
  return seen;
}

/** Writes index.html from the template with the entry's CSS, script and modulepreload tags. */
function indexHtmlPlugin(outdir: string): esbuild.Plugin {
  return {
    name: 'index-html',
    setup(build) {
      build.onEnd(async (result) => {
        if (result.errors.length > 0 || !result.metafile) return;
        const outputs = Object.entries(result.metafile.outputs);
        const main = outputs.find(([, output]) => output.entryPoint === entry);
        if (!main) throw new Error(`web build: no output for ${entry}`);
        const [mainPath, mainOutput] = main;
        const url = (path: string) => assetsUrl + basename(path);
        const preloads = mainOutput.imports
          .filter((imp) => imp.kind === 'import-statement' && !imp.external)
          .map((imp) => `<link rel="modulepreload" href="${url(imp.path)}" />`);
        const css = mainOutput.cssBundle ? [`<link rel="stylesheet" href="${url(mainOutput.cssBundle)}" />`] : [];
        const chunks = lazyChunks(result.metafile, mainPath);
        const template = await readFile(join(webDir, 'index.html'), 'utf8');
        const html = replaceMarker(
          replaceMarker(template, '<!--app-css-->', [...css, ...preloads].join('\n    ')),
          '<!--app-js-->',
          [
            // Data, not code (the CSP allows no inline script): read by lib/lazy-chunks.ts.
            `<script type="application/json" id="${LAZY_CHUNKS_ID}">${JSON.stringify(chunks)}</script>`,
            `<script type="module" src="${url(mainPath)}"></script>`,
          ].join('\n    '),
        );
        await writeFile(join(outdir, 'index.html'), html);
      });
    },
  };
}

/** The id of index.html's element that lists each lazy module's chunks (web/src/lib/lazy-chunks.ts reads it). */
const LAZY_CHUNKS_ID = 'lazy-chunks';

/**
 * For each lazily imported module (route pages, modals), keyed by its file's name (`StoryRoute`), the
 * chunks it imports that the first page does not already load. A module's imports are only found once
 * it has arrived, one round trip after it was asked for; lib/lazy-chunks.ts asks for them alongside it.
 */
function lazyChunks(metafile: esbuild.Metafile, mainPath: string): Record<string, string[]> {
  const { outputs } = metafile;
  const staticImports = (path: string) => chunkImports(outputs, path);
  const closure = (start: string[]) => chunkClosure(outputs, start);
  const initial = closure([mainPath]);
  const chunks: Record<string, string[]> = {};
  for (const [path, output] of Object.entries(outputs)) {
    if (!output.entryPoint || path === mainPath) continue;
    const name = basename(output.entryPoint).replace(/\.[^.]+$/, '');
    if (chunks[name])
      throw new Error(`web build: two lazy modules named ${name}; lib/lazy-chunks.ts finds them by name`);
    chunks[name] = [...closure(staticImports(path))].filter((p) => !initial.has(p)).map((p) => assetsUrl + basename(p));
  }
  return chunks;
}

function replaceMarker(html: string, marker: string, value: string): string {
  if (!html.includes(marker)) throw new Error(`web/index.html: missing ${marker}`);
  return html.replace(marker, value);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = performance.now();
  if (process.argv.includes('--watch')) {
    await watchWeb();
    console.log('web: watching web/src, rebuilding into web/dist (Ctrl+C to stop)');
  } else {
    await buildWeb();
    const ms = Math.round(performance.now() - started);
    console.log(`web: built ${relative(process.cwd(), join(webDir, 'dist'))} in ${ms} ms`);
  }
}
