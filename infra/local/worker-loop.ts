import { randomUUID } from 'node:crypto';
import { DeleteMessageBatchCommand, ReceiveMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { SqsBatchResponse, SqsEvent } from '@storyloom/functions/lib/http-types';

type WorkerHandler = (event: SqsEvent, context: unknown) => Promise<SqsBatchResponse>;

/**
 * Drains the jobs queue the way Lambda's SQS event source does: receive a batch, call the worker
 * handler, delete what succeeded, and leave reported failures to come back after the visibility
 * timeout (and go to the DLQ after maxReceiveCount). `pollers` batches are handled at once, as the
 * event source's `maxConcurrency` lets Lambda run that many: one storyteller's download does not wait
 * behind another's narration here either.
 */
export function startWorkerLoop(opts: {
  sqs: SQSClient;
  queueUrl: string;
  queueArn: string;
  batchSize: number;
  /** Batches handled at once (the worker's `maxConcurrency`); 1 when absent. */
  pollers?: number;
  handler: WorkerHandler;
  onError: (error: unknown) => void;
}) {
  const abort = new AbortController();
  const poll = async () => {
    while (!abort.signal.aborted) {
      try {
        const { Messages = [] } = await opts.sqs.send(
          new ReceiveMessageCommand({
            QueueUrl: opts.queueUrl,
            MaxNumberOfMessages: opts.batchSize,
            WaitTimeSeconds: 2,
            MessageSystemAttributeNames: ['All'],
            MessageAttributeNames: ['All'],
          }),
          { abortSignal: abort.signal },
        );
        if (Messages.length === 0) continue;
        const event: SqsEvent = {
          Records: Messages.map((m) => ({
            messageId: m.MessageId!,
            receiptHandle: m.ReceiptHandle!,
            body: m.Body ?? '',
            attributes: (m.Attributes ?? {}) as Record<string, string>,
            // Lambda's event spells message attributes in camel case.
            messageAttributes: Object.fromEntries(
              Object.entries(m.MessageAttributes ?? {}).map(([name, a]) => [
                name,
                { stringValue: a.StringValue, dataType: a.DataType ?? 'String' },
              ]),
            ),
            eventSource: 'aws:sqs' as const,
            eventSourceARN: opts.queueArn,
          })),
        };
        const context = { awsRequestId: randomUUID(), functionName: 'local-worker' };
        const result = await opts.handler(event, context).catch((error: unknown) => {
          opts.onError(error);
          // A thrown handler fails the whole batch, as on Lambda.
          return { batchItemFailures: event.Records.map((r) => ({ itemIdentifier: r.messageId })) };
        });
        const failed = new Set(result.batchItemFailures.map((f) => f.itemIdentifier));
        const succeeded = Messages.filter((m) => !failed.has(m.MessageId!));
        if (succeeded.length) {
          await opts.sqs.send(
            new DeleteMessageBatchCommand({
              QueueUrl: opts.queueUrl,
              Entries: succeeded.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle! })),
            }),
          );
        }
      } catch (error) {
        if (abort.signal.aborted) break;
        opts.onError(error);
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  };
  const done = Promise.all(Array.from({ length: Math.max(1, opts.pollers ?? 1) }, poll));
  return {
    async stop() {
      abort.abort();
      await done;
    },
  };
}
