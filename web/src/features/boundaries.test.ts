import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Feature boundaries (issue 7): no feature imports another. Biome enforces it on every lint through
 * one `noRestrictedImports` override per feature folder (biome.json); this test keeps that list
 * complete when a feature is added, and scans the imports itself so a gap cannot hide.
 */
const FEATURES_DIR = join(import.meta.dirname);
const features = readdirSync(FEATURES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

describe('feature boundaries', () => {
  it('biome.json restricts the imports of every feature folder', () => {
    const config = JSON.parse(readFileSync(join(FEATURES_DIR, '../../../biome.json'), 'utf8')) as {
      overrides?: { includes?: string[] }[];
    };
    const covered = new Set((config.overrides ?? []).flatMap((o) => o.includes ?? []));
    const missing = features.filter((feature) => !covered.has(`web/src/features/${feature}/**`));
    expect(missing, 'add an override like the others in biome.json').toEqual([]);
  });

  it('no feature imports another', () => {
    const crossings: string[] = [];
    for (const feature of features) {
      for (const file of sourceFiles(join(FEATURES_DIR, feature))) {
        const text = readFileSync(file, 'utf8');
        for (const [, spec] of text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
          const other = spec?.match(/^#web\/features\/([^/]+)\//)?.[1];
          if ((other && other !== feature) || spec?.startsWith('../../')) crossings.push(`${file}: ${spec}`);
        }
      }
    }
    expect(crossings).toEqual([]);
  });
});
