import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { type RouteDef, routeId } from '@storyloom/functions/routes';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as cxapi from 'aws-cdk-lib/cx-api';
import type { Construct } from 'constructs';
import { build, type LogLevel, type Plugin } from 'esbuild';
import { REPO_ROOT } from './paths.ts';

/** The Lambda id of the SQS worker; routes use `routeId(route)`. */
export const WORKER_FUNCTION_ID = 'worker';

/** Where every function's bundle lands: `<BUNDLE_DIR>/<function id>/index.mjs`. */
export const BUNDLE_DIR = join(REPO_ROOT, 'cdk.out', '.bundles');

const HANDLERS_DIR = join(REPO_ROOT, 'functions', 'src', 'handlers');

/** GPL-3.0 packages that serve the local home only and must never ship inside a Lambda bundle. */
export const LOCAL_ONLY_GPL_PACKAGES = ['@echogarden/espeak-ng-emscripten'] as const;

/** Lambda code for a function id: the bundle folder when synthesizing for real, a placeholder in template tests. */
export type HandlerCode = (functionId: string) => lambda.Code;

/** Function id -> entry file, for every route plus the worker. Two routes with one id fail here, not at deploy. */
export function handlerEntries(routes: readonly RouteDef[], worker: { handler: string }): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const [id, handler] of [
    ...routes.map((route) => [routeId(route), route.handler] as const),
    [WORKER_FUNCTION_ID, worker.handler] as const,
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
): Promise<void> {
  const missing = Object.values(entries).filter((entry) => !existsSync(entry));
  if (missing.length > 0) {
    throw new Error(`Handler entry files not found:\n${missing.map((m) => `  ${relative(REPO_ROOT, m)}`).join('\n')}`);
  }
  await rm(outDir, { recursive: true, force: true });
  await build({
    entryPoints: Object.fromEntries(Object.entries(entries).map(([id, entry]) => [`${id}/index`, entry])),
    outdir: outDir,
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
    logLevel,
  }).catch((error: { errors?: { text: string }[] }) => {
    const texts = error.errors?.map((e) => e.text) ?? [String(error)];
    throw new Error(`Bundling the handlers failed:\n${texts.map((t) => `  ${t}`).join('\n')}`, { cause: error });
  });
}

/** True unless the CLI asked for no bundling (template tests pass `aws:cdk:bundling-stacks: []`). */
export function bundlingRequested(scope: Construct): boolean {
  const stacks = scope.node.tryGetContext(cxapi.BUNDLING_STACKS) ?? ['**'];
  return !(Array.isArray(stacks) && stacks.length === 0);
}

const PLACEHOLDER = lambda.Code.fromInline('export const handler = async () => ({ statusCode: 503 });');

/** Bundles the entries (when bundling is requested) and hands out each function's code by id. */
export async function handlerCode(scope: Construct, entries: Record<string, string>): Promise<HandlerCode> {
  if (!bundlingRequested(scope)) return () => PLACEHOLDER;
  await bundleHandlers(entries);
  return (functionId) => {
    if (!entries[functionId]) throw new Error(`No handler bundle for function "${functionId}"`);
    return lambda.Code.fromAsset(join(BUNDLE_DIR, functionId));
  };
}
