import { randomUUID } from 'node:crypto';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { ReceiveMessageCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useServerEnv } from '../support/env.ts';

const env = useServerEnv();
const { handler } = await import('@storyloom/functions/handlers/worker/process-jobs');
const { dynamo } = await import('@storyloom/functions/lib/clients/dynamo');
const { config } = await import('@storyloom/functions/lib/config');
const { GetCommand, PutCommand } = await import('@aws-sdk/lib-dynamodb');

const record = (body: unknown) => ({
  messageId: randomUUID(),
  receiptHandle: 'r',
  body: typeof body === 'string' ? body : JSON.stringify(body),
  attributes: {},
  messageAttributes: {},
  eventSource: 'aws:sqs' as const,
  eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:jobs',
});

describe('worker: partial batch failures (SES fault injected)', () => {
  const sesMock = mockClient(SESv2Client);
  const key = { pk: 'CONTACT#2026-11', sk: `2026-11-22T00:00:00.000Z#${randomUUID()}` };
  beforeAll(async () => {
    await dynamo.send(
      new PutCommand({
        TableName: config.tableName,
        Item: { ...key, type: 'ContactMessage', name: 'Tess', email: 'tess@example.com', message: 'Hi' },
      }),
    );
  });
  afterEach(() => sesMock.reset());

  it('reports only the failed job, keeps the message, and sends once after a retry', async () => {
    sesMock.on(SendEmailCommand).rejects(new Error('Throttling: Maximum sending rate exceeded'));
    const good = record({ type: 'contact.notify', ...key });
    const bad = record('not json');
    const first = await handler({ Records: [good, bad] });
    expect(first.batchItemFailures.map((f) => f.itemIdentifier).sort()).toEqual([good.messageId, bad.messageId].sort());

    sesMock.reset();
    sesMock.on(SendEmailCommand).resolves({ MessageId: 'm1' });
    const retry = await handler({ Records: [good] });
    expect(retry.batchItemFailures).toEqual([]);
    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(1);
    const { Item } = await dynamo.send(new GetCommand({ TableName: config.tableName, Key: key }));
    expect(Item?.notifiedAt).toEqual(expect.any(String));

    // A duplicate delivery does not email the operator twice.
    await handler({ Records: [good] });
    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(1);
  });

  it('rejects jobs of unknown type', async () => {
    const unknown = record({ type: 'voice.clone-everything' });
    const result = await handler({ Records: [unknown] });
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: unknown.messageId }]);
  });
});

describe('worker loop in local mode', () => {
  it('moves a job that keeps failing to the dead-letter queue', async () => {
    const sqs = new SQSClient({ region: 'us-east-1', endpoint: env.SQS_ENDPOINT });
    const marker = randomUUID();
    await sqs.send(
      new SendMessageCommand({ QueueUrl: env.JOBS_QUEUE_URL, MessageBody: JSON.stringify({ type: 'bogus', marker }) }),
    );
    const deadline = Date.now() + 20_000;
    let found = false;
    while (!found && Date.now() < deadline) {
      const { Messages = [] } = await sqs.send(
        new ReceiveMessageCommand({
          QueueUrl: env.JOBS_DLQ_URL,
          WaitTimeSeconds: 1,
          MaxNumberOfMessages: 10,
          VisibilityTimeout: 0,
        }),
      );
      found = Messages.some((m) => m.Body?.includes(marker));
    }
    expect(found).toBe(true);
  });
});
