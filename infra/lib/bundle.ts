import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { type RouteDef, type RouteGrants, routeId } from '@storyloom/functions/routes';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as cxapi from 'aws-cdk-lib/cx-api';
import type { Construct } from 'constructs';
import { type BuildOptions, build, type LogLevel, type Metafile, type Plugin } from 'esbuild';
import { missingGrants, sdkUseByFunction } from './grants.ts';
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

/** GPL-3.0 packages that serve the local home only and must never ship inside a Lambda bundle. */
export const LOCAL_ONLY_GPL_PACKAGES = ['@echogarden/espeak-ng-emscripten'] as const;

/** Lambda code for a function id: the bundle folder when synthesizing for real, a placeholder in template tests. */
export type HandlerCode = (functionId: string) => lambda.Code;

/** Function id -> entry file, for every route plus the workers. Two functions with one id fail here, not at deploy. */
export function handlerEntries(
  routes: readonly RouteDef[],
  workers: { handler: string; queue?: string } | readonly { handler: string; queue?: string }[],
): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const [id, handler] of [
    ...routes.map((route) => [routeId(route), route.handler] as const),
    ...[workers].flat().map((worker) => [workerFunctionId(worker), worker.handler] as const),
  ]) {
    if (entries[id]) throw new Error(`Two functions share the id "${id}"; make their method and path differ`);
    entries[id] = join(HANDLERS_DIR, `${handler}.ts`);
  }
  return entries;
}

/**
 * Fails the build when a local-only GPL package is reached, by package name or by a resolved path,
 * and names the importer so the offending import is easy to find.
 */
export const gplGuard: Plugin = {
  name: 'storyloom-gpl-guard',
  setup(pluginBuild) {
    const names = LOCAL_ONLY_GPL_PACKAGES.map((name) => name.replace(/[/]/g, '\\/')).join('|');
    const refuse = (what: string, where: string) => ({
      errors: [
        {
          text:
            `${what} is GPL-3.0 and serves local mode only; it must not be bundled into a Lambda (${where}). ` +
            'Wire the local engine in from infra/local.',
        },
      ],
    });
    pluginBuild.onResolve({ filter: new RegExp(`^(${names})(/|$)`) }, (args) =>
      refuse(args.path, `imported from ${relative(REPO_ROOT, args.importer)}`),
    );
    pluginBuild.onLoad({ filter: new RegExp(`[\\\\/]node_modules[\\\\/](${names})[\\\\/]`) }, (args) =>
      refuse(relative(REPO_ROOT, args.path), 'reached by a relative path'),
    );
  },
};

/**
 * Bundles every handler in one esbuild run (one process for all functions, not one per function),
 * one self-contained ESM file per function with the AWS SDK inside: bundled ESM starts faster.
 */
export async function bundleHandlers(
  entries: Record<string, string>,
  outDir: string = BUNDLE_DIR,
  logLevel: LogLevel = 'warning',
): Promise<Metafile> {
  assertEntriesExist(entries);
  await rm(outDir, { recursive: true, force: true });
  const result = await build({ ...buildOptions(entries, logLevel), outdir: outDir }).catch(bundlingFailed);
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
    external: [...LOCAL_ONLY_GPL_PACKAGES],
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
