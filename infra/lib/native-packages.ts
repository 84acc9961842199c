import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { cp, mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Metafile } from 'esbuild';
import { REPO_ROOT } from './paths.ts';

/**
 * Packages with native code, which esbuild cannot put into a bundle: `sharp` (the photo variants,
 * docs/media.md "Photos"). They stay external imports; after the build each function whose bundle
 * imports one gets a `node_modules/` beside its `index.mjs` with the package, its JavaScript
 * dependencies, and the prebuilt binary for the platform the Lambda runs on — which need not be the
 * machine that synthesizes (functions run on Linux arm64, StoryloomFunction).
 */
export const NATIVE_PACKAGES = ['sharp'] as const;

/** The Lambda functions' platform, as sharp names its binary packages (Amazon Linux 2023: glibc). */
export const LAMBDA_NATIVE_PLATFORM = 'linux-arm64';

const NATIVE_IMPORT = new RegExp(`^(${NATIVE_PACKAGES.join('|')})(/|$)`);

/** Ids of the functions whose bundle imports a native package. */
export function nativeCarriers(metafile: Metafile): string[] {
  const ids: string[] = [];
  for (const [file, output] of Object.entries(metafile.outputs)) {
    const match = /(?:^|[\\/])([^\\/]+)[\\/]index\.mjs$/.exec(file);
    if (match && output.imports.some((i) => i.external && NATIVE_IMPORT.test(i.path))) ids.push(match[1]!);
  }
  return ids;
}

interface PackageJson {
  version: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const readPackage = (dir: string) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson;

/** A package and, recursively, its dependencies, as installed at the repository's root. */
function installedClosure(name: string, seen = new Map<string, string>()): Map<string, string> {
  if (seen.has(name)) return seen;
  const dir = join(REPO_ROOT, 'node_modules', name);
  if (!existsSync(dir)) throw new Error(`${name} is not installed (needed beside a bundle): run npm install`);
  seen.set(name, dir);
  for (const dep of Object.keys(readPackage(dir).dependencies ?? {})) installedClosure(dep, seen);
  return seen;
}

/**
 * The folder of `name@version`: the installed one when it is that version (the synthesizing machine is
 * the Lambda's platform), else its tarball from the npm registry (`npm pack`, which ignores the
 * package's os/cpu fields), unpacked once into cdk.out/.native/.
 */
function platformPackage(name: string, version: string): string {
  const installed = join(REPO_ROOT, 'node_modules', name);
  if (existsSync(installed) && readPackage(installed).version === version) return installed;
  const cache = join(REPO_ROOT, 'cdk.out', '.native', `${name.replace('/', '+')}@${version}`);
  const dir = join(cache, 'package');
  if (existsSync(join(dir, 'package.json'))) return dir;
  mkdirSync(cache, { recursive: true });
  const tarball = execFileSync('npm', ['pack', `${name}@${version}`, '--silent', '--pack-destination', cache], {
    cwd: cache,
    encoding: 'utf8',
  })
    .trim()
    .split('\n')
    .pop();
  if (!tarball) throw new Error(`npm pack ${name}@${version} gave no tarball`);
  execFileSync('tar', ['-xzf', join(cache, tarball), '-C', cache]);
  return dir;
}

/** sharp's binary and libvips for `platform`, at the versions the installed sharp names. */
function sharpBinaries(platform: string): Map<string, string> {
  const sharp = readPackage(join(REPO_ROOT, 'node_modules', 'sharp'));
  const optional = sharp.optionalDependencies ?? {};
  const found = new Map<string, string>();
  for (const name of [`@img/sharp-${platform}`, `@img/sharp-libvips-${platform}`]) {
    const version = optional[name];
    if (!version) throw new Error(`sharp ${sharp.version} has no prebuilt package ${name}`);
    found.set(name, platformPackage(name, version));
  }
  return found;
}

/** Copies every native package (with its dependencies and `platform`'s binaries) beside each carrier's bundle. */
export async function copyNativePackages(
  outDir: string,
  functionIds: readonly string[],
  platform: string = LAMBDA_NATIVE_PLATFORM,
): Promise<void> {
  if (functionIds.length === 0) return;
  const packages = new Map<string, string>();
  for (const name of NATIVE_PACKAGES) for (const [n, dir] of installedClosure(name)) packages.set(n, dir);
  for (const [n, dir] of sharpBinaries(platform)) packages.set(n, dir);
  for (const id of functionIds) {
    for (const [name, from] of packages) {
      const to = join(outDir, id, 'node_modules', name);
      await rm(to, { recursive: true, force: true });
      await mkdir(to, { recursive: true });
      await cp(from, to, { recursive: true });
    }
  }
}
