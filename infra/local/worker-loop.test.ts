import { DeleteMessageBatchCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { startWorkerLoop } from './worker-loop.ts';

/** The local worker loop (docs/local-mode.md): batches handled at once, as Lambda's `maxConcurrency` allows. */
const sqsMock = mockClient(SQSClient);
afterEach(() => sqsMock.reset());

function queueOf(ids: string[]) {
  const left = [...ids];
  sqsMock.on(ReceiveMessageCommand).callsFake(async () => {
    const id = left.shift();
    if (!id) await new Promise((r) => setTimeout(r, 20));
    return { Messages: id ? [{ MessageId: id, ReceiptHandle: `r-${id}`, Body: '{}' }] : [] };
  });
  sqsMock.on(DeleteMessageBatchCommand).resolves({});
}

describe('startWorkerLoop', () => {
  it('with two pollers, handles a second job while the first is still running', async () => {
    queueOf(['narration', 'download']);
    const started: string[] = [];
    let bothRunning!: () => void;
    const together = new Promise<void>((r) => {
      bothRunning = r;
    });
    const loop = startWorkerLoop({
      sqs: new SQSClient({ region: 'us-east-1' }),
      queueUrl: 'q',
      queueArn: 'arn',
      batchSize: 1,
      pollers: 2,
      // The first job finishes only once the second has started: one poller would wait for ever.
      handler: async (event) => {
        started.push(event.Records[0]!.messageId);
        if (started.length === 2) bothRunning();
        await together;
        return { batchItemFailures: [] };
      },
      onError: (error) => {
        throw error;
      },
    });
    await together;
    await loop.stop();
    expect(started.sort()).toEqual(['download', 'narration']);
    expect(sqsMock.commandCalls(DeleteMessageBatchCommand)).toHaveLength(2);
  });
});
