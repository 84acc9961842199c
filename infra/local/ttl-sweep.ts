import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { deleteItems, type ItemKey } from '@storyloom/functions/data/items';
import { tableDefinition } from '@storyloom/functions/data/table-definition';
import { dynamo } from '@storyloom/functions/lib/clients/dynamo';
import { config } from '@storyloom/functions/lib/config';

/**
 * Local mode's stand-in for DynamoDB's Time to Live: dynalite never deletes expired items, so listening
 * sessions, cached answers, rate counters, email links and deletion codes would stay in `.data/` for
 * good. This deletes every item whose `ttl` (epoch seconds) has passed, as AWS does within a day or two.
 * A Scan of the whole table: fine for one person's local data, and local mode only (the app never scans).
 * Reads still check `ttl` themselves, so when the sweep runs changes nothing the app can see.
 */
export async function sweepExpiredItems(opts: { now?: number; pkPrefix?: string } = {}): Promise<number> {
  const nowSeconds = Math.floor((opts.now ?? Date.now()) / 1000);
  const expired: ItemKey[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo.send(
      new ScanCommand({
        TableName: config.tableName,
        // `pkPrefix` narrows the sweep to some partitions (tests, on the run's shared table).
        FilterExpression: opts.pkPrefix ? '#ttl < :now AND begins_with(pk, :prefix)' : '#ttl < :now',
        ExpressionAttributeNames: { '#ttl': tableDefinition.ttlAttribute },
        ExpressionAttributeValues: { ':now': nowSeconds, ...(opts.pkPrefix ? { ':prefix': opts.pkPrefix } : {}) },
        ProjectionExpression: 'pk, sk',
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) expired.push({ pk: String(item.pk), sk: String(item.sk) });
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  await deleteItems(expired);
  return expired.length;
}
