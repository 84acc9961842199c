import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { type RouteDef, type RouteGrants, routeId } from '@storyloom/functions/routes';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as cxapi from 'aws-cdk-lib/cx-api';
import type { Construct } from 'constructs';
import { type BuildOptions, build, type LogLevel, type Metafile, type Plugin } from 'esbuild';
import { missingGrants, sdkUseByFunction } from './grants.ts';
import { copyNativePackages, LAMBDA_NATIVE_PLATFORM, NATIVE_PACKAGES, nativeCarriers } from './native-packages.ts';
import { REPO_ROOT } from './paths.ts';

/** The Lambda id of the jobs queue's worker; routes use `routeId(route)`. */
export const WORKER_FUNCTION_ID = 'worker';

/** A worker's function id: `worker` for the jobs queue, `worker-<queue>` for the others. */
export function workerFunctionId(worker: { queue?: string }): string {
  return !worker.queue || worker.queue === 'jobs' ? WORKER_FUNCTION_ID : `${WORKER_FUNCTION_ID}-${worker.queue}`;
}

/** Where every function's bundle lands: `<BUNDLE_DIR>/<function id>/index.mjs`. */
export const BUNDLE_DIR = join(REPO_ROOT, 'cdk.out', '.bundles');

const HANDLERS_DIR = join(REPO_ROOT, 'functions', 'src', 'handlers');

/**
 * GPL-3.0 packages of the local voice engine (eSpeak-NG). The project is GPL-3.0-or-later too, so they may
 * ship, but only in the media worker: API route bundles stay small, and the package stays a file of its own
 * (its 24 MB data file is found next to its script), copied beside the worker's bundle.
 */
export const LOCAL_ONLY_GPL_PACKAGES = ['@echogarden/espeak-ng-emscripten'] as const;
/**
 * The only functions allowed to carry the GPL engine packages: the media-jobs worker, and the two interactive
 * question routes, which speak answers while the listener waits (docs/interactive.md, "Spoken answers").
 */
export const GPL_ENGINE_FUNCTION_IDS: ReadonlySet<string> = new Set([
  workerFunctionId({ queue: 'media-jobs' }),
  routeId({ method: 'POST', path: '/api/interactive/question/{sessionId}' }),
  routeId({ method: 'POST', path: '/shared/interactive/question/{sessionId}' }),
]);

/** Lambda code for a function id: the bundle folder when synthesizing for real, a placeholder in template tests. */
export type HandlerCode = (functionId: string) => lambda.Code;

/** Function id -> entry file, for every route plus the workers. Two functions with one id fail here, not at deploy. */
export function handlerEntries(
  routes: readonly RouteDef[],
  workers: { handler: string; queue?: string } | readonly { handler: string; queue?: string }[],
  /** Functions outside the table and the queues (the account keeper, the pool trigger), by their own id. */
  others: readonly { id: string; handler: string }[] = [],
): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const [id, handler] of [
    ...routes.map((route) => [routeId(route), route.handler] as const),
    ...[workers].flat().map((worker) => [workerFunctionId(worker), worker.handler] as const),
    ...others.map((other) => [other.id, other.handler] as const),
  ]) {
    if (entries[id]) throw new Error(`Two functions share the id "${id}"; make their method and path differ`);
    entries[id] = join(HANDLERS_DIR, `${handler}.ts`);
  }
  return entries;
}

const GPL_NAMES = LOCAL_ONLY_GPL_PACKAGES.map((name) => name.replace(/[/]/g, '\\/')).join('|');
const GPL_IMPORT = new RegExp(`^(${GPL_NAMES})(/|$)`);

/**
 * Keeps the GPL engine packages out of every bundle's code: imported by name they stay external
 * (checked per function after the build, see checkGplUse); reached by a path they fail the build.
 */
export const gplGuard: Plugin = {
  name: 'storyloom-gpl-guard',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: GPL_IMPORT }, (args) => ({ path: args.path, external: true }));
    pluginBuild.onLoad({ filter: new RegExp(`[\\\\/]node_modules[\\\\/](${GPL_NAMES})[\\\\/]`) }, (args) => ({
      errors: [
        {
          text:
            `${relative(REPO_ROOT, args.path)} is GPL-3.0 and reached by a relative path: import it by package name, ` +
            'from the media worker only (functions/src/adapters/voice/local-engine.ts).',
        },
      ],
    }));
  },
};

/**
 * Fails when a function other than the media worker would load a GPL engine package, naming the
 * importing file; returns the ids of the functions that load one (they get the package beside them).
 */
export function checkGplUse(metafile: Metafile): string[] {
  const carriers: string[] = [];
  const problems: string[] = [];
  for (const [file, output] of Object.entries(metafile.outputs)) {
    const match = /(?:^|[\\/])([^\\/]+)[\\/]index\.mjs$/.exec(file);
    if (!match || !output.imports.some((i) => i.external && GPL_IMPORT.test(i.path))) continue;
    const id = match[1]!;
    if (GPL_ENGINE_FUNCTION_IDS.has(id)) {
      carriers.push(id);
      continue;
    }
    const importers = Object.keys(output.inputs).filter((input) =>
      metafile.inputs[input]?.imports.some((i) => GPL_IMPORT.test(i.path)),
    );
    problems.push(
      `@echogarden/espeak-ng-emscripten is GPL-3.0 and runs in the media worker only; it must not be bundled into "${id}" ` +
        `(imported from ${importers.join(', ') || 'an unknown file'}). API routes use adapters/voice/catalog.ts, never the engine.`,
    );
  }
  if (problems.length > 0)
    throw new Error(`Bundling the handlers failed:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  return carriers;
}

/** Copies the engine package beside a bundle (`node_modules/...`), where the bundle's import finds it. */
async function copyGplPackages(outDir: string, functionIds: readonly string[]): Promise<void> {
  for (const id of functionIds) {
    for (const name of LOCAL_ONLY_GPL_PACKAGES) {
      const from = join(REPO_ROOT, 'node_modules', name);
      const to = join(outDir, id, 'node_modules', name);
      await mkdir(to, { recursive: true });
      for (const file of await readdir(from)) await cp(join(from, file), join(to, file), { recursive: true });
    }
  }
}

/**
 * Font files the book's PDF embeds (functions/src/domain/keepsake/book/fonts.ts resolves them by package
 * path at run time): Lora for the text, Noto Emoji for emoji. Copied beside every bundle that contains
 * that module, with each package's license files: the SIL Open Font License asks that the license
 * travels with the fonts.
 */
const BOOK_FONT_MODULE = 'functions/src/domain/keepsake/book/fonts.ts';
const BOOK_FONT_PACKAGES: Record<string, readonly string[]> = {
  '@expo-google-fonts/lora': [
    'package.json',
    'LICENSE',
    'LICENSE_FONT',
    '400Regular/Lora_400Regular.ttf',
    '700Bold/Lora_700Bold.ttf',
    '400Regular_Italic/Lora_400Regular_Italic.ttf',
  ],
  '@expo-google-fonts/noto-emoji': [
    'package.json',
    'LICENSE',
    'LICENSE_FONT',
    '400Regular/NotoEmoji_400Regular.ttf',
    '700Bold/NotoEmoji_700Bold.ttf',
  ],
};

/** Ids of the functions whose bundle contains `input` (a repo-relative source path; esbuild names inputs from its working folder). */
export function functionsContaining(metafile: Metafile, input: string): string[] {
  return Object.entries(metafile.outputs)
    .filter(
      ([file, output]) => /[\\/]index\.mjs$/.test(file) && Object.keys(output.inputs).some((i) => i.endsWith(input)),
    )
    .map(([file]) => /(?:^|[\\/])([^\\/]+)[\\/]index\.mjs$/.exec(file)?.[1] ?? '')
    .filter(Boolean);
}

async function copyBookFonts(outDir: string, functionIds: readonly string[]): Promise<void> {
  for (const id of functionIds) {
    for (const [name, files] of Object.entries(BOOK_FONT_PACKAGES))
      for (const file of files) {
        const to = join(outDir, id, 'node_modules', name, file);
        await mkdir(join(to, '..'), { recursive: true });
        await cp(join(REPO_ROOT, 'node_modules', name, file), to);
      }
  }
}

/**
 * Bundles every handler in one esbuild run (one process for all functions, not one per function),
 * one self-contained ESM file per function with the AWS SDK inside: bundled ESM starts faster.
 */
export async function bundleHandlers(
  entries: Record<string, string>,
  outDir: string = BUNDLE_DIR,
  logLevel: LogLevel = 'warning',
  /** The platform of the native binaries copied beside bundles (tests use the machine's own). */
  nativePlatform: string = LAMBDA_NATIVE_PLATFORM,
): Promise<Metafile> {
  assertEntriesExist(entries);
  await rm(outDir, { recursive: true, force: true });
  const result = await build({ ...buildOptions(entries, logLevel), outdir: outDir }).catch(bundlingFailed);
  await copyGplPackages(outDir, checkGplUse(result.metafile));
  // sharp (photo variants): its package and the Lambda platform's binary beside the bundles that import it.
  await copyNativePackages(outDir, nativeCarriers(result.metafile), nativePlatform);
  await copyBookFonts(outDir, functionsContaining(result.metafile, BOOK_FONT_MODULE));
  return result.metafile;
}

/**
 * The same build without writing anything: what each handler bundle would contain, for the per-route
 * grant check (infra/lib/grants.ts) in tests.
 */
export async function analyseHandlers(
  entries: Record<string, string>,
  logLevel: LogLevel = 'silent',
): Promise<Metafile> {
  assertEntriesExist(entries);
  const result = await build({
    ...buildOptions(entries, logLevel),
    outdir: join(BUNDLE_DIR, '.analysis'),
    write: false,
    sourcemap: false,
  }).catch(bundlingFailed);
  checkGplUse(result.metafile);
  return result.metafile;
}

function assertEntriesExist(entries: Record<string, string>) {
  const missing = Object.values(entries).filter((entry) => !existsSync(entry));
  if (missing.length > 0) {
    throw new Error(`Handler entry files not found:\n${missing.map((m) => `  ${relative(REPO_ROOT, m)}`).join('\n')}`);
  }
}

function buildOptions(entries: Record<string, string>, logLevel: LogLevel) {
  return {
    entryPoints: Object.fromEntries(Object.entries(entries).map(([id, entry]) => [`${id}/index`, entry])),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: false,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    // Prefer the ESM builds (the AWS SDK's dist-es tree-shakes far better than its CJS build).
    mainFields: ['module', 'main'],
    minify: true,
    sourcemap: true,
    sourcesContent: false,
    // CJS dependencies call require(); ESM output has none, so give them one.
    banner: {
      js: "import{createRequire as __createRequire}from'node:module';const require=__createRequire(import.meta.url);",
    },
    external: [...LOCAL_ONLY_GPL_PACKAGES, ...NATIVE_PACKAGES],
    plugins: [gplGuard],
    // Which SDK clients and commands each bundle keeps: the per-route grant check reads it.
    metafile: true,
    logLevel,
  } satisfies BuildOptions;
}

function bundlingFailed(error: { errors?: { text: string }[] }): never {
  const texts = error.errors?.map((e) => e.text) ?? [String(error)];
  throw new Error(`Bundling the handlers failed:\n${texts.map((t) => `  ${t}`).join('\n')}`, { cause: error });
}

/** True unless the CLI asked for no bundling (template tests pass `aws:cdk:bundling-stacks: []`). */
export function bundlingRequested(scope: Construct): boolean {
  const stacks = scope.node.tryGetContext(cxapi.BUNDLING_STACKS) ?? ['**'];
  return !(Array.isArray(stacks) && stacks.length === 0);
}

const PLACEHOLDER = lambda.Code.fromInline('export const handler = async () => ({ statusCode: 503 });');

/**
 * Bundles the entries (when bundling is requested) and hands out each function's code by id. With
 * `grants`, synth fails when a bundle uses an AWS call its function does not declare (grants.ts).
 */
export async function handlerCode(
  scope: Construct,
  entries: Record<string, string>,
  grants?: Record<string, RouteGrants | undefined>,
): Promise<HandlerCode> {
  if (!bundlingRequested(scope)) return () => PLACEHOLDER;
  const metafile = await bundleHandlers(entries);
  if (grants) {
    const problems = missingGrants(sdkUseByFunction(metafile), grants);
    if (problems.length > 0) {
      throw new Error(
        `Handlers use AWS calls their route does not grant (declare them in the route's \`grants\`):\n${problems.map((p) => `  ${p}`).join('\n')}`,
      );
    }
  }
  return (functionId) => {
    if (!entries[functionId]) throw new Error(`No handler bundle for function "${functionId}"`);
    return lambda.Code.fromAsset(join(BUNDLE_DIR, functionId));
  };
}
