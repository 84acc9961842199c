import { type GlobalIndexName, tableDefinition } from './table-definition.ts';

/**
 * The one cursor codec of every paged list: a cursor is the query's LastEvaluatedKey as base64url
 * JSON. Decoding accepts only what that index's LastEvaluatedKey can hold (the table's key and the
 * index's key, all strings) in the list's own partition, so a client cannot point a query anywhere else.
 */
export function encodeCursor(key: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** The key a cursor stands for, or undefined when it is not a cursor of this list (callers answer 400). */
export function decodeCursor(
  cursor: string,
  list: { index: GlobalIndexName; partition: string },
): Record<string, string> | undefined {
  const index = tableDefinition.globalIndexes.find((i) => i.indexName === list.index);
  if (!index) return undefined;
  const fields = [tableDefinition.partitionKey, tableDefinition.sortKey, index.partitionKey, index.sortKey];
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  const key = parsed as Record<string, unknown>;
  const valid =
    Object.keys(key).length === fields.length &&
    fields.every((f) => typeof key[f] === 'string') &&
    key[index.partitionKey] === list.partition;
  return valid ? (key as Record<string, string>) : undefined;
}
