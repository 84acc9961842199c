import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tableDefinition } from './table-definition.ts';

const SRC = fileURLToPath(new URL('..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const files = sources(SRC).map((path) => ({ path: relative(SRC, path), text: readFileSync(path, 'utf8') }));
const importsOf = (text: string) =>
  [...text.matchAll(/from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/g)].map((m) => m[1] ?? m[2]);

describe('the data layer is the only way to DynamoDB', () => {
  it('no module outside functions/src/data imports a DynamoDB client or command', () => {
    const offenders = files
      .filter((f) => !f.path.startsWith('data/') && f.path !== 'lib/clients/dynamo.ts')
      .filter((f) =>
        importsOf(f.text).some(
          (spec) =>
            spec === '@aws-sdk/client-dynamodb' ||
            spec === '@aws-sdk/lib-dynamodb' ||
            /clients\/dynamo(\.ts)?$/.test(spec ?? ''),
        ),
      )
      .map((f) => f.path);
    expect(offenders).toEqual([]);
  });

  it('one pagination loop: only data/query.ts continues a query from ExclusiveStartKey', () => {
    const loops = files.filter((f) => f.text.includes('ExclusiveStartKey')).map((f) => f.path);
    expect(loops).toEqual(['data/query.ts']);
  });

  it('index names come from the table definition (typed), never a Query on an undeclared index', () => {
    const names = new Set<string>(tableDefinition.globalIndexes.map((i) => i.indexName));
    const used = files.flatMap((f) => [...f.text.matchAll(/IndexName:\s*'([^']+)'/g)].map((m) => m[1]));
    expect(used.filter((n) => !names.has(n ?? ''))).toEqual([]);
  });
});
