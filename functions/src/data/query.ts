import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/clients/dynamo.ts';
import { config } from '../lib/config.ts';
import type { GlobalIndexName } from './table-definition.ts';

/** A stored item's key, or any LastEvaluatedKey (the table's keys plus the index's, when there is one). */
export type StartKey = Record<string, unknown>;

/** A Query on the single table: the table name is filled in, index names are the table's own. */
export type TableQuery = Omit<QueryCommandInput, 'TableName' | 'IndexName' | 'ExclusiveStartKey' | 'Limit'> & {
  IndexName?: GlobalIndexName;
};

export interface QueryResult {
  items: Record<string, unknown>[];
  /** Sum of the pages' `Count` (what `Select: 'COUNT'` asks for). */
  count: number;
  /** Where to continue: set when the query stopped at `limit` (or DynamoDB's page size) before the end. */
  next?: StartKey;
}

/**
 * The one pagination loop of the data layer. Reads pages of a query from `startKey` until `limit`
 * items were collected (asking each page only for what is still missing, so `next` is exact) or the
 * query ends. Without `limit` it reads every page. DynamoDB's 1 MB page cap and FilterExpressions
 * make a page shorter than asked; the loop keeps going, so callers never see a short page mid-list.
 */
export async function queryItems(
  query: TableQuery,
  opts: { limit?: number; startKey?: StartKey } = {},
): Promise<QueryResult> {
  const items: Record<string, unknown>[] = [];
  let count = 0;
  let next = opts.startKey;
  do {
    const missing = opts.limit === undefined ? undefined : opts.limit - items.length;
    const page = await dynamo.send(
      new QueryCommand({ ...query, TableName: config.tableName, Limit: missing, ExclusiveStartKey: next }),
    );
    items.push(...(page.Items ?? []));
    count += page.Count ?? 0;
    next = page.LastEvaluatedKey;
  } while (next && (opts.limit === undefined || items.length < opts.limit));
  return { items, count, next };
}

/** Every item a query matches, all pages. */
export async function queryAll(query: TableQuery): Promise<Record<string, unknown>[]> {
  return (await queryItems(query)).items;
}
