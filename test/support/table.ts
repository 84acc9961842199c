import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { useServerEnv } from './env.ts';

let client: DynamoDBDocumentClient | undefined;

/** A DynamoDB client on the run's local table (tests only: the app never scans). */
export function testTable(): { client: DynamoDBDocumentClient; tableName: string } {
  const env = useServerEnv();
  client ??= DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: 'us-east-1',
      endpoint: env.DYNAMODB_ENDPOINT,
      // The stand-ins answer only this run's access key (docs/local-mode.md).
      credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID!, secretAccessKey: env.AWS_SECRET_ACCESS_KEY! },
    }),
  );
  return { client, tableName: env.TABLE_NAME! };
}

/** Every item of the table whose stored form mentions one of `needles` anywhere (a full Scan). */
export async function scanItemsMentioning(needles: readonly string[]): Promise<Record<string, unknown>[]> {
  const { client, tableName } = testTable();
  const found: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: tableName, ExclusiveStartKey: startKey }));
    for (const item of page.Items ?? []) {
      const text = JSON.stringify(item);
      if (needles.some((n) => text.includes(n))) found.push(item);
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return found;
}
