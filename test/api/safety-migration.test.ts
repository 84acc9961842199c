import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateTableCommand, DynamoDBClient, PutItemCommand, QueryCommand } from '@aws-sdk/client-dynamodb';
import { tableDefinition } from '@storyloom/functions/data/table-definition';
import { afterAll, expect, it } from 'vitest';
import { LOCAL_NAMES } from '../../infra/local/provision.ts';
import { startLocalServices } from '../../infra/local/services.ts';
import { provisionOnServices } from '../../infra/local/stack.ts';

/**
 * A data folder from before the author page's index (gsi4): local mode rebuilds the table with its
 * items (dynalite cannot add an index), and its public stories appear in the new index.
 */
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

it('rebuilds an older local table with the new index, keeping every item', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'storyloom-migrate-'));
  dirs.push(dataDir);
  const services = await startLocalServices({ dataDir });
  try {
    const db = new DynamoDBClient({
      region: 'us-east-1',
      endpoint: services.endpoints.dynamodb,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const old = tableDefinition.globalIndexes.filter((i) => i.indexName !== 'gsi4');
    await db.send(
      new CreateTableCommand({
        TableName: LOCAL_NAMES.table,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: ['pk', 'sk', ...old.flatMap((i) => [i.partitionKey, i.sortKey])].map((n) => ({
          AttributeName: n,
          AttributeType: 'S',
        })),
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: old.map((i) => ({
          IndexName: i.indexName,
          KeySchema: [
            { AttributeName: i.partitionKey, KeyType: 'HASH' },
            { AttributeName: i.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      }),
    );
    const story = (id: string, isPublic: boolean) => ({
      pk: { S: `STORY#${id}` },
      sk: { S: 'STORY' },
      type: { S: 'Story' },
      id: { S: id },
      authorId: { S: 'author-1' },
      createdAt: { S: `2020-01-0${id}T00:00:00.000Z` },
      isPublic: { BOOL: isPublic },
    });
    await db.send(new PutItemCommand({ TableName: LOCAL_NAMES.table, Item: story('1', true) }));
    await db.send(new PutItemCommand({ TableName: LOCAL_NAMES.table, Item: story('2', false) }));

    await provisionOnServices(services, { dataDir, visibilityTimeoutSeconds: 1 });

    const { Items } = await db.send(
      new QueryCommand({
        TableName: LOCAL_NAMES.table,
        IndexName: 'gsi4',
        KeyConditionExpression: 'gsi4pk = :pk',
        ExpressionAttributeValues: { ':pk': { S: 'PUBLIC_BY#author-1' } },
      }),
    );
    expect(Items?.map((i) => i.id?.S)).toEqual(['1']);
    const both = await db.send(
      new QueryCommand({
        TableName: LOCAL_NAMES.table,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': { S: 'STORY#2' } },
      }),
    );
    expect(both.Items).toHaveLength(1);
    expect((await readdir(dataDir)).some((f) => f.startsWith('dynamodb-backup-'))).toBe(true);
  } finally {
    await services.stop();
  }
});
