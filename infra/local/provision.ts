import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import {
  type CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  type AttributeValue,
  BatchWriteItemCommand,
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  ResourceNotFoundException,
  ScanCommand,
} from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, HeadBucketCommand, type S3Client } from '@aws-sdk/client-s3';
import { CreateQueueCommand, GetQueueAttributesCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { keys } from '@storyloom/functions/data/keys';
import { tableDefinition } from '@storyloom/functions/data/table-definition';
import { mediaWorker, worker } from '@storyloom/functions/routes';
import { PASSWORD_MIN } from '@storyloom/shared/constants';

export const LOCAL_NAMES = {
  table: 'storyloom-local',
  mediaBucket: 'storyloom-media-local',
  jobsQueue: 'storyloom-jobs-local',
  jobsDlq: 'storyloom-jobs-dlq-local',
  mediaJobsQueue: 'storyloom-media-jobs-local',
  mediaJobsDlq: 'storyloom-media-jobs-dlq-local',
  userPool: 'storyloom-local',
  adminGroup: 'admin',
} as const;

export interface ProvisionedResources {
  tableName: string;
  mediaBucket: string;
  jobsQueueUrl: string;
  jobsDlqUrl: string;
  mediaJobsQueueUrl: string;
  mediaJobsDlqUrl: string;
  userPoolId: string;
  userPoolClientId: string;
  /** The web client's generated secret (AWS: a Secrets Manager secret; here handed over as USER_POOL_CLIENT_SECRET). */
  userPoolClientSecret: string;
}

interface Clients {
  dynamodb: DynamoDBClient;
  s3: S3Client;
  cognito: CognitoIdentityProviderClient;
  sqs: SQSClient;
}

/**
 * Creates the table, bucket, user pool and queues on the local stand-ins from the same definitions the
 * CDK app uses; idempotent, so a restart on the same data folder reuses what exists.
 */
export async function provisionLocal(
  clients: Clients,
  opts: { dataDir: string; visibilityTimeoutSeconds: number; mediaVisibilityTimeoutSeconds?: number },
): Promise<ProvisionedResources> {
  const [, , pool, queues] = await Promise.all([
    ensureTable(clients.dynamodb, opts.dataDir),
    ensureBucket(clients.s3),
    ensureUserPool(clients.cognito, opts.dataDir),
    ensureQueues(clients.sqs, opts.visibilityTimeoutSeconds, opts.mediaVisibilityTimeoutSeconds ?? 30),
  ]);
  return {
    tableName: LOCAL_NAMES.table,
    mediaBucket: LOCAL_NAMES.mediaBucket,
    ...pool,
    ...queues,
  };
}

async function ensureTable(client: DynamoDBClient, dataDir: string) {
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: LOCAL_NAMES.table }));
    const present = new Set((Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
    if (tableDefinition.globalIndexes.every((index) => present.has(index.indexName))) return;
    return rebuildTable(client, dataDir);
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException) && (error as Error).name !== 'ResourceNotFoundException')
      throw error;
  }
  await createTable(client);
}

/**
 * A data folder made before an index was added (gsi4, the author page's public stories): dynalite cannot
 * add an index to a table, so the table is rebuilt with its items: they are saved to
 * `dynamodb-backup-<time>.json` first, the table is made again from the definition, the items go back,
 * and public stories get the keys of the new index. Local mode only; AWS adds the index in place
 * (docs/stories.md, "Author page").
 */
async function rebuildTable(client: DynamoDBClient, dataDir: string) {
  const items: Record<string, AttributeValue>[] = [];
  let startKey: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: LOCAL_NAMES.table, ExclusiveStartKey: startKey }));
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  await writeFile(join(dataDir, `dynamodb-backup-${Date.now()}.json`), JSON.stringify(items));
  await client.send(new DeleteTableCommand({ TableName: LOCAL_NAMES.table }));
  // Both change the table in the background, as DynamoDB does (dynalite: a timer after the answer).
  await tableStatus(client, undefined);
  await createTable(client);
  await tableStatus(client, 'ACTIVE');
  for (const item of items) {
    if (item.type?.S === 'Story' && item.isPublic?.BOOL && !item.gsi4pk) {
      const index = keys.publicByAuthorIndex(item.authorId?.S ?? '', item.createdAt?.S ?? '', item.id?.S ?? '');
      item.gsi4pk = { S: index.gsi4pk };
      item.gsi4sk = { S: index.gsi4sk };
    }
  }
  for (let i = 0; i < items.length; i += 25) {
    let requests = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    while (requests.length > 0) {
      const { UnprocessedItems } = await client.send(
        new BatchWriteItemCommand({ RequestItems: { [LOCAL_NAMES.table]: requests } }),
      );
      requests = (UnprocessedItems?.[LOCAL_NAMES.table] ?? []) as typeof requests;
    }
  }
}

/**
 * Waits until the table is in `status` (undefined: gone). DynamoDB has no event for it, so it is asked,
 * as the SDK's waiters do, but every 10 ms: dynalite is done within a timer tick.
 */
async function tableStatus(client: DynamoDBClient, status: 'ACTIVE' | undefined) {
  for (let attempt = 0; attempt < 500; attempt++) {
    const current = await client
      .send(new DescribeTableCommand({ TableName: LOCAL_NAMES.table }))
      .then(({ Table }) => Table?.TableStatus)
      .catch((error: Error) => {
        if (error.name === 'ResourceNotFoundException') return undefined;
        throw error;
      });
    if (current === status) return;
    await delay(10);
  }
  throw new Error(`the local table did not become ${status ?? 'deleted'} in 5 s`);
}

async function createTable(client: DynamoDBClient) {
  const def = tableDefinition;
  const attributes = new Set<string>([def.partitionKey, def.sortKey]);
  for (const gsi of def.globalIndexes) {
    attributes.add(gsi.partitionKey);
    attributes.add(gsi.sortKey);
  }
  await client.send(
    new CreateTableCommand({
      TableName: LOCAL_NAMES.table,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [...attributes].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: def.partitionKey, KeyType: 'HASH' },
        { AttributeName: def.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: def.globalIndexes.map((gsi) => ({
        IndexName: gsi.indexName,
        KeySchema: [
          { AttributeName: gsi.partitionKey, KeyType: 'HASH' },
          { AttributeName: gsi.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    }),
  );
}

async function ensureBucket(client: S3Client) {
  try {
    await client.send(new HeadBucketCommand({ Bucket: LOCAL_NAMES.mediaBucket }));
  } catch {
    await client.send(new CreateBucketCommand({ Bucket: LOCAL_NAMES.mediaBucket }));
  }
  // No CORS rule: browsers never call the bucket here, they go through the local server's media gate
  // on the page's own origin (infra/local/media-gate.ts).
}

async function ensureUserPool(client: CognitoIdentityProviderClient, dataDir: string) {
  const statePath = join(dataDir, 'cognito-ids.json');
  const saved = await readFile(statePath, 'utf8')
    .then((text) => JSON.parse(text) as { userPoolId: string; userPoolClientId: string; userPoolClientSecret?: string })
    .catch(() => undefined);
  if (saved) {
    const exists = await client
      .send(new DescribeUserPoolCommand({ UserPoolId: saved.userPoolId }))
      .then(() => true)
      .catch(() => false);
    if (exists && saved.userPoolClientSecret) return { ...saved, userPoolClientSecret: saved.userPoolClientSecret };
    if (exists) {
      // A data folder from before the client had a secret: a new confidential client on the same pool.
      const ids = { userPoolId: saved.userPoolId, ...(await createWebClient(client, saved.userPoolId)) };
      await writeFile(statePath, JSON.stringify(ids), { mode: 0o600 });
      return ids;
    }
  }
  const { UserPool } = await client.send(
    new CreateUserPoolCommand({
      PoolName: LOCAL_NAMES.userPool,
      Policies: {
        PasswordPolicy: {
          MinimumLength: PASSWORD_MIN,
          RequireLowercase: false,
          RequireUppercase: false,
          RequireNumbers: false,
          RequireSymbols: false,
        },
      },
    }),
  );
  const userPoolId = UserPool?.Id;
  if (!userPoolId) throw new Error('cognito-local did not return a user pool id');
  const webClient = await createWebClient(client, userPoolId);
  await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: LOCAL_NAMES.adminGroup }));
  const ids = { userPoolId, ...webClient };
  // Holds the client secret: readable by its owner only, like the stand-in's signing key.
  await writeFile(statePath, JSON.stringify(ids), { mode: 0o600 });
  return ids;
}

/** The web client as in AWS (infra/lib/constructs/user-directory.ts): confidential, password and refresh flows. */
async function createWebClient(client: CognitoIdentityProviderClient, userPoolId: string) {
  const { UserPoolClient } = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: 'storyloom-web',
      GenerateSecret: true,
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    }),
  );
  const userPoolClientId = UserPoolClient?.ClientId;
  const userPoolClientSecret = UserPoolClient?.ClientSecret;
  if (!userPoolClientId || !userPoolClientSecret)
    throw new Error('cognito-local did not return a client id and secret');
  return { userPoolClientId, userPoolClientSecret };
}

/**
 * Locally the visibility timeout is short (the worker runs in-process, not under Lambda's timeout), so a
 * failed job is retried within seconds instead of half an hour.
 */
async function ensureQueues(
  client: SQSClient,
  visibilityTimeoutSeconds: number,
  mediaVisibilityTimeoutSeconds: number,
) {
  const [jobs, media] = await Promise.all([
    ensureQueueWithDlq(
      client,
      LOCAL_NAMES.jobsQueue,
      LOCAL_NAMES.jobsDlq,
      visibilityTimeoutSeconds,
      worker.maxReceiveCount,
    ),
    // The media-jobs queue (voice cloning, narration): its own worker, so mail never waits behind a narration.
    ensureQueueWithDlq(
      client,
      LOCAL_NAMES.mediaJobsQueue,
      LOCAL_NAMES.mediaJobsDlq,
      mediaVisibilityTimeoutSeconds,
      mediaWorker.maxReceiveCount,
    ),
  ]);
  return {
    jobsQueueUrl: jobs.queueUrl,
    jobsDlqUrl: jobs.dlqUrl,
    mediaJobsQueueUrl: media.queueUrl,
    mediaJobsDlqUrl: media.dlqUrl,
  };
}

async function ensureQueueWithDlq(
  client: SQSClient,
  name: string,
  dlqName: string,
  visibilityTimeoutSeconds: number,
  maxReceiveCount: number,
) {
  const dlq = await client.send(new CreateQueueCommand({ QueueName: dlqName }));
  const dlqUrl = dlq.QueueUrl!;
  const { Attributes } = await client.send(
    new GetQueueAttributesCommand({ QueueUrl: dlqUrl, AttributeNames: ['QueueArn'] }),
  );
  const queue = await client.send(
    new CreateQueueCommand({
      QueueName: name,
      Attributes: {
        VisibilityTimeout: String(visibilityTimeoutSeconds),
        RedrivePolicy: JSON.stringify({ deadLetterTargetArn: Attributes?.QueueArn, maxReceiveCount }),
      },
    }),
  );
  return { queueUrl: queue.QueueUrl!, dlqUrl };
}
