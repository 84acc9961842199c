import { type GlobalIndexName, tableDefinition } from './table-definition.ts';

/**
 * The one cursor codec of every paged list: a cursor is the query's LastEvaluatedKey as base64url
 * JSON. Decoding accepts only what that list's LastEvaluatedKey can hold (the table's key, plus the
 * index's key for a list on an index, all strings) in the list's own partition, so a client cannot
 * point a query anywhere else.
 */
export function encodeCursor(key: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** Which list a cursor must belong to: its index (none for the table), its partition, a sort-key prefix. */
export interface CursorList {
  index?: GlobalIndexName;
  partition: string;
  /** The sort key of the list's own items starts with this (e.g. `COMMENT#` in a story's partition). */
  sortPrefix?: string;
}

/** The key a cursor stands for, or undefined when it is not a cursor of this list (callers answer 400). */
export function decodeCursor(cursor: string, list: CursorList): Record<string, string> | undefined {
  const index = list.index ? tableDefinition.globalIndexes.find((i) => i.indexName === list.index) : undefined;
  if (list.index && !index) return undefined;
  const partitionKey = index?.partitionKey ?? tableDefinition.partitionKey;
  const sortKey = index?.sortKey ?? tableDefinition.sortKey;
  const fields = [tableDefinition.partitionKey, tableDefinition.sortKey, ...(index ? [partitionKey, sortKey] : [])];
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
    key[partitionKey] === list.partition &&
    (list.sortPrefix === undefined || (key[sortKey] as string).startsWith(list.sortPrefix));
  return valid ? (key as Record<string, string>) : undefined;
}
