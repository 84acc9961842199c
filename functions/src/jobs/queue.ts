import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { sqs } from '../lib/clients/sqs.ts';
import { config } from '../lib/config.ts';
import { logContext } from '../lib/logger.ts';
import { messageAttributes } from './link-origin.ts';
import type { Job } from './types.ts';

/**
 * Puts a job on the jobs queue for the worker. The id of the request that queued it travels as the
 * `requestId` message attribute, and the worker logs it as `queuedBy` on every line of that job.
 */
export async function enqueueJob(job: Job): Promise<void> {
  const requestId = logContext()?.requestId;
  await sqs.send(
    new SendMessageCommand({
      QueueUrl: config.jobsQueueUrl,
      MessageBody: JSON.stringify(job),
      MessageAttributes: messageAttributes(requestId),
    }),
  );
}
