import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CreateTableCommand,
  DynamoDBClient,
  GetItemCommand,
  QueryCommand,
  TransactionCanceledException,
  type TransactWriteItem,
  TransactWriteItemsCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTransactWriteItems, dynaliteWithStore } from './dynalite-transactions.ts';

/**
 * TransactWriteItems on the DynamoDB stand-in, driven by the AWS SDK v3 as the app drives DynamoDB: the
 * outcomes, error names and `CancellationReasons` are the ones the API reference gives for TransactWriteItems.
 */
let server: http.Server;
let client: DynamoDBClient;
const TableName = 'txn-test';

beforeAll(async () => {
  // In memory (no path): dynalite's MemoryLevel store, the same code paths as the LevelDB one.
  ({ server } = (() => {
    const made = dynaliteWithStore({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
    addTransactWriteItems(made.server, made.store);
    return made;
  })());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  client = new DynamoDBClient({
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });
  await client.send(
    new CreateTableCommand({
      TableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'S' },
        { AttributeName: 'g', AttributeType: 'S' },
      ],
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [
        {
          IndexName: 'byG',
          KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }],
          Projection: { ProjectionType: 'ALL' },
        },
      ],
    }),
  );
});

afterAll(async () => {
  client?.destroy();
  if (server) await new Promise((resolve) => server.close(resolve));
});

const key = (pk: string, sk = 'A') => ({ pk: { S: pk }, sk: { S: sk } });
async function item(pk: string, sk = 'A') {
  return (await client.send(new GetItemCommand({ TableName, Key: key(pk, sk), ConsistentRead: true }))).Item;
}
async function byG(g: string) {
  const out = await client.send(
    new QueryCommand({
      TableName,
      IndexName: 'byG',
      KeyConditionExpression: 'g = :g',
      ExpressionAttributeValues: { ':g': { S: g } },
    }),
  );
  return out.Items ?? [];
}
function transact(TransactItems: TransactWriteItem[], ClientRequestToken?: string) {
  return client.send(new TransactWriteItemsCommand({ TransactItems, ClientRequestToken }));
}
/** The error a call rejects with (fails the test if it resolves). */
async function refusal(p: Promise<unknown>): Promise<Error & Partial<TransactionCanceledException>> {
  try {
    await p;
  } catch (error) {
    return error as Error & Partial<TransactionCanceledException>;
  }
  throw new Error('the call succeeded');
}
const put = (pk: string, extra: Record<string, { S: string } | { N: string }> = {}): TransactWriteItem => ({
  Put: { TableName, Item: { ...key(pk), ...extra } },
});

describe('TransactWriteItems on the DynamoDB stand-in', () => {
  it('applies Put, Update and Delete together when every condition holds (a ConditionCheck writes nothing)', async () => {
    await transact([put('ok-upd', { n: { N: '1' } }), put('ok-del'), put('ok-check', { v: { S: 'x' } })]);
    await transact([
      {
        Put: {
          TableName,
          Item: { ...key('ok-new'), g: { S: 'g-ok' } },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Update: {
          TableName,
          Key: key('ok-upd'),
          UpdateExpression: 'ADD n :one',
          ConditionExpression: 'n < :max',
          ExpressionAttributeValues: { ':one': { N: '1' }, ':max': { N: '5' } },
        },
      },
      { Delete: { TableName, Key: key('ok-del') } },
      {
        ConditionCheck: {
          TableName,
          Key: key('ok-check'),
          ConditionExpression: '#v = :x',
          ExpressionAttributeNames: { '#v': 'v' },
          ExpressionAttributeValues: { ':x': { S: 'x' } },
        },
      },
    ]);
    expect(await item('ok-new')).toMatchObject({ g: { S: 'g-ok' } });
    expect((await byG('g-ok')).map((i) => i.pk?.S)).toEqual(['ok-new']);
    expect((await item('ok-upd'))?.n).toEqual({ N: '2' });
    expect(await item('ok-del')).toBeUndefined();
    expect(await item('ok-check')).toEqual({ ...key('ok-check'), v: { S: 'x' } });
  });

  it('writes nothing when one condition fails, and gives one reason per action in order', async () => {
    await transact([put('cf-upd', { n: { N: '7' } }), put('cf-check', { v: { S: 'old' } })]);
    const error = await refusal(
      transact([
        { Put: { TableName, Item: { ...key('cf-new'), g: { S: 'g-cf' } } } },
        {
          Update: {
            TableName,
            Key: key('cf-upd'),
            UpdateExpression: 'SET n = :n',
            ExpressionAttributeValues: { ':n': { N: '8' } },
          },
        },
        {
          ConditionCheck: {
            TableName,
            Key: key('cf-check'),
            ConditionExpression: 'v = :want',
            ExpressionAttributeValues: { ':want': { S: 'new' } },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          },
        },
        { Delete: { TableName, Key: key('cf-upd', 'B'), ConditionExpression: 'attribute_not_exists(pk)' } },
      ]),
    );
    expect(error).toBeInstanceOf(TransactionCanceledException);
    expect(error.name).toBe('TransactionCanceledException');
    expect(error.message).toBe(
      'Transaction cancelled, please refer cancellation reasons for specific reasons [None, None, ConditionalCheckFailed, None]',
    );
    expect(error.CancellationReasons).toEqual([
      { Code: 'None' },
      { Code: 'None' },
      {
        Code: 'ConditionalCheckFailed',
        Message: 'The conditional request failed',
        Item: { ...key('cf-check'), v: { S: 'old' } },
      },
      { Code: 'None' },
    ]);
    expect(await item('cf-new')).toBeUndefined();
    expect(await byG('g-cf')).toEqual([]);
    expect((await item('cf-upd'))?.n).toEqual({ N: '7' });
  });

  it('lists every failing condition, and returns the old item only when asked (never for a missing one)', async () => {
    await transact([put('two-a', { n: { N: '1' } })]);
    const error = await refusal(
      transact([
        { ConditionCheck: { TableName, Key: key('two-a'), ConditionExpression: 'attribute_not_exists(pk)' } },
        {
          Put: {
            TableName,
            Item: key('two-missing'),
            ConditionExpression: 'attribute_exists(pk)',
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          },
        },
      ]),
    );
    expect(error.CancellationReasons).toEqual([
      { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed' },
      { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed' },
    ]);
    expect(await item('two-missing')).toBeUndefined();
  });

  it('puts back what it wrote when a later action fails (a type mismatch): ValidationError, nothing kept', async () => {
    await transact([put('rb-old', { g: { S: 'g-rb-before' }, n: { N: '1' } }), put('rb-str', { s: { S: 'text' } })]);
    const error = await refusal(
      transact([
        { Put: { TableName, Item: { ...key('rb-old'), g: { S: 'g-rb-after' } } } },
        { Put: { TableName, Item: { ...key('rb-new'), g: { S: 'g-rb-new' } } } },
        {
          Update: {
            TableName,
            Key: key('rb-str'),
            UpdateExpression: 'ADD s :one',
            ExpressionAttributeValues: { ':one': { N: '1' } },
          },
        },
      ]),
    );
    expect(error.name).toBe('TransactionCanceledException');
    expect(error.CancellationReasons?.map((r) => r.Code)).toEqual(['None', 'None', 'ValidationError']);
    expect(error.CancellationReasons?.[2]?.Message).toMatch(/incorrect data type/);
    expect(await item('rb-old')).toEqual({ ...key('rb-old'), g: { S: 'g-rb-before' }, n: { N: '1' } });
    expect(await item('rb-new')).toBeUndefined();
    // The index follows the items back (dynalite's own actions keep it).
    expect((await byG('g-rb-before')).map((i) => i.pk?.S)).toEqual(['rb-old']);
    expect(await byG('g-rb-after')).toEqual([]);
    expect(await byG('g-rb-new')).toEqual([]);
    expect(await item('rb-str')).toEqual({ ...key('rb-str'), s: { S: 'text' } });
  });

  it('refuses two actions on one item, an empty or over-long list, before writing anything', async () => {
    const twice = await refusal(
      transact([
        put('dup'),
        { ConditionCheck: { TableName, Key: key('dup'), ConditionExpression: 'attribute_exists(pk)' } },
      ]),
    );
    expect(twice.name).toBe('ValidationException');
    expect(twice.message).toBe('Transaction request cannot include multiple operations on one item');
    expect(await item('dup')).toBeUndefined();
    expect((await refusal(transact([]))).name).toBe('ValidationException');
    const many = Array.from({ length: 101 }, (_, i) => put(`many-${i}`));
    expect((await refusal(transact(many))).name).toBe('ValidationException');
    expect(await item('many-0')).toBeUndefined();
    // dynalite's own validation of each action's parts (here an expression value nobody uses).
    const unused = await refusal(
      transact([
        {
          Update: {
            TableName,
            Key: key('bad-expr'),
            UpdateExpression: 'SET n = :n',
            ExpressionAttributeValues: { ':n': { N: '1' }, ':unused': { N: '2' } },
          },
        },
      ]),
    );
    expect(unused.name).toBe('ValidationException');
    expect(await item('bad-expr')).toBeUndefined();
    expect((await refusal(transact([put('no-table'), { Put: { TableName: 'nope', Item: key('x') } }]))).name).toBe(
      'ResourceNotFoundException',
    );
    expect(await item('no-table')).toBeUndefined();
  });

  it('lets only one of two concurrent transactions claim the same item, and keeps a capped counter exact', async () => {
    // Ten transactions at once, each claiming a slot of a counter capped at 4 and writing its own receipt.
    const attempts = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        transact([
          {
            Update: {
              TableName,
              Key: key('cc-counter'),
              UpdateExpression: 'ADD n :one',
              ConditionExpression: 'attribute_not_exists(n) OR n < :max',
              ExpressionAttributeValues: { ':one': { N: '1' }, ':max': { N: '4' } },
            },
          },
          { Put: { TableName, Item: key('cc-receipt', String(i)) } },
        ]),
      ),
    );
    const won = attempts.flatMap((a, i) => (a.status === 'fulfilled' ? [i] : []));
    expect(won).toHaveLength(4);
    expect((await item('cc-counter'))?.n).toEqual({ N: '4' });
    for (let i = 0; i < 10; i++)
      expect(await item('cc-receipt', String(i)), `receipt ${i}`).toEqual(
        won.includes(i) ? key('cc-receipt', String(i)) : undefined,
      );
    for (const a of attempts) {
      if (a.status === 'rejected') {
        expect((a.reason as TransactionCanceledException).CancellationReasons?.map((r) => r.Code)).toEqual([
          'ConditionalCheckFailed',
          'None',
        ]);
      }
    }
    // Two claims of one item at once, mixed with plain UpdateItems on it: one claim wins, no update is lost.
    const claim = (who: string) =>
      transact([
        {
          Put: {
            TableName,
            Item: { ...key('cc-one'), who: { S: who } },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        { Put: { TableName, Item: { ...key('cc-by', who) } } },
      ]);
    const bump = () =>
      client.send(
        new UpdateItemCommand({
          TableName,
          Key: key('cc-one', 'hits'),
          UpdateExpression: 'ADD n :one',
          ExpressionAttributeValues: { ':one': { N: '1' } },
        }),
      );
    const results = await Promise.allSettled([bump(), claim('a'), bump(), claim('b'), bump()]);
    const claims = [results[1]!, results[3]!];
    expect(claims.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const winner = (await item('cc-one'))?.who?.S;
    expect(await item('cc-by', winner)).toBeDefined();
    expect(await item('cc-by', winner === 'a' ? 'b' : 'a')).toBeUndefined();
    expect((await item('cc-one', 'hits'))?.n).toEqual({ N: '3' });
  });

  it('treats a repeated ClientRequestToken as the same request: applied once; other parameters are refused', async () => {
    const bumpOnce: TransactWriteItem[] = [
      {
        Update: {
          TableName,
          Key: key('idem'),
          UpdateExpression: 'ADD n :one',
          ExpressionAttributeValues: { ':one': { N: '1' } },
        },
      },
    ];
    await transact(bumpOnce, 'token-1');
    await transact(bumpOnce, 'token-1');
    expect((await item('idem'))?.n).toEqual({ N: '1' });
    const other = await refusal(transact([put('idem-other')], 'token-1'));
    expect(other.name).toBe('IdempotentParameterMismatchException');
    expect(await item('idem-other')).toBeUndefined();
    // Without a token of its own the SDK makes one per call: the same items twice apply twice.
    await transact(bumpOnce);
    await transact(bumpOnce);
    expect((await item('idem'))?.n).toEqual({ N: '3' });
  });
});
