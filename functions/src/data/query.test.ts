import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { queryAll, queryItems } from './query.ts';

// DynamoDB hands back short pages (the 1 MB cap, filters): the loop must carry on, and ask each page
// only for what is missing so the cursor it returns is exact.
const db = mockClient(DynamoDBDocumentClient);
afterEach(() => db.reset());
const item = (n: number) => ({ pk: `P#${n}`, sk: 'S' });
const query = { KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': 'x' } };

describe('queryItems (the one pagination loop)', () => {
  it('reads every page when no limit is set', async () => {
    db.on(QueryCommand)
      .resolvesOnce({ Items: [item(1)], Count: 1, LastEvaluatedKey: item(1) })
      .resolvesOnce({ Items: [item(2), item(3)], Count: 2 });
    expect(await queryAll(query)).toEqual([item(1), item(2), item(3)]);
    const calls = db.commandCalls(QueryCommand).map((c) => c.args[0].input);
    expect(calls.map((c) => c.ExclusiveStartKey)).toEqual([undefined, item(1)]);
    expect(calls[0]).toMatchObject({ TableName: 'unit-table', Limit: undefined });
  });

  it('fills a page across short pages, asking only for what is missing, and returns where to go on', async () => {
    db.on(QueryCommand)
      .resolvesOnce({ Items: [item(1)], Count: 1, LastEvaluatedKey: item(1) })
      .resolvesOnce({ Items: [item(2), item(3)], Count: 2, LastEvaluatedKey: item(3) });
    const page = await queryItems(query, { limit: 3, startKey: item(0) });
    expect(page.items).toEqual([item(1), item(2), item(3)]);
    expect(page.next).toEqual(item(3));
    expect(db.commandCalls(QueryCommand).map((c) => c.args[0].input.Limit)).toEqual([3, 2]);
  });

  it('sums Count for Select COUNT and surfaces a throttling fault', async () => {
    db.on(QueryCommand)
      .resolvesOnce({ Count: 4, LastEvaluatedKey: item(4) })
      .resolvesOnce({ Count: 3 });
    expect((await queryItems({ ...query, Select: 'COUNT' })).count).toBe(7);
    db.reset();
    db.on(QueryCommand).rejects(
      Object.assign(new Error('slow down'), { name: 'ProvisionedThroughputExceededException' }),
    );
    await expect(queryAll(query)).rejects.toThrow('slow down');
  });
});
