import { randomUUID } from 'node:crypto';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it, vi } from 'vitest';

process.env.LOG_LEVEL = 'info';
const { handler } = await import('./process-jobs.ts');
const { enqueueJob } = await import('../../jobs/queue.ts');
const { withInvocation } = await import('../../lib/logger.ts');

const record = (body: string, queuedBy?: string) => ({
  messageId: randomUUID(),
  receiptHandle: 'r',
  body,
  attributes: {},
  messageAttributes: queuedBy
    ? { requestId: { stringValue: queuedBy, dataType: 'String' } }
    : ({} as Record<string, never>),
  eventSource: 'aws:sqs' as const,
  eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:jobs',
});

function captureStdio() {
  const lines: Record<string, unknown>[] = [];
  const grab = (chunk: unknown) => {
    for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(grab);
  vi.spyOn(process.stderr, 'write').mockImplementation(grab);
  return lines;
}

describe('worker observability', () => {
  const sqs = mockClient(SQSClient);
  afterEach(() => {
    vi.restoreAllMocks();
    sqs.reset();
  });

  it('carries the queuing request id into the message', async () => {
    sqs.on(SendMessageCommand).resolves({});
    await withInvocation({ requestId: 'req-queued', functionName: 'f' }, () =>
      enqueueJob({ type: 'account.purge', userId: 'u1' }),
    );
    expect(sqs.commandCalls(SendMessageCommand)[0]?.args[0].input.MessageAttributes).toEqual({
      requestId: { DataType: 'String', StringValue: 'req-queued' },
    });
  });

  it("names the queuing request on the job's log lines and writes EMF metrics for a failure by type", async () => {
    const lines = captureStdio();
    const bad = record('not json', 'req-42');
    const result = await handler({ Records: [bad] }, { awsRequestId: 'inv-1', functionName: 'worker' });
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: bad.messageId }]);
    expect(lines).toContainEqual(
      expect.objectContaining({
        message: 'job failed',
        requestId: 'inv-1',
        functionName: 'worker',
        coldStart: true,
        messageId: bad.messageId,
        queuedBy: 'req-42',
      }),
    );
    const emf = lines.find((l) => '_aws' in l) as Record<string, unknown> & {
      _aws: { CloudWatchMetrics: Array<{ Namespace: string; Dimensions: string[][]; Metrics: { Name: string }[] }> };
    };
    expect(emf).toMatchObject({ jobType: 'unknown', errorType: 'InvalidJob', JobCount: 1, JobFailures: 1 });
    expect(emf.JobDuration).toEqual(expect.any(Number));
    expect(emf._aws.CloudWatchMetrics.map((d) => d.Dimensions)).toEqual([[['jobType']], [['jobType', 'errorType']]]);
    expect(emf._aws.CloudWatchMetrics[0]?.Metrics.map((m) => m.Name)).toEqual([
      'JobCount',
      'JobDuration',
      'JobFailures',
    ]);
  });

  it('counts a job of a known type that fails by its job type and error type', async () => {
    const lines = captureStdio();
    const throttled = Object.assign(new Error('slow down'), { name: 'ProvisionedThroughputExceededException' });
    const dynamo = mockClient(DynamoDBDocumentClient).onAnyCommand().rejects(throttled);
    const pool = mockClient(CognitoIdentityProviderClient).onAnyCommand().rejects(throttled);
    try {
      const job = record(JSON.stringify({ type: 'account.purge', userId: 'u1' }));
      expect((await handler({ Records: [job] }, { functionName: 'worker' })).batchItemFailures).toHaveLength(1);
    } finally {
      dynamo.restore();
      pool.restore();
    }
    const emf = lines.find((l) => '_aws' in l);
    expect(emf).toMatchObject({
      jobType: 'account.purge',
      errorType: 'ProvisionedThroughputExceededException',
      JobCount: 1,
      JobFailures: 1,
    });
  });
});
