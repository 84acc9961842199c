import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { sqs } from '../lib/clients/sqs.ts';
import { requiredEnv } from '../lib/env.ts';
import { logContext } from '../lib/logger.ts';
import { messageAttributes } from './link-origin.ts';
import type { MediaJob } from './media-types.ts';

/** Read when the first job is sent: only functions that queue media jobs are given the URL. */
let queueUrl: string | undefined;

/** Puts a job on the media-jobs queue (voice cloning, narration), for the media worker. */
export async function enqueueMediaJob(job: MediaJob): Promise<void> {
  queueUrl ??= requiredEnv('MEDIA_JOBS_QUEUE_URL');
  const requestId = logContext()?.requestId;
  await sqs.send(
    new SendMessageCommand({
      QueueUrl: queueUrl,
      MessageBody: JSON.stringify(job),
      MessageAttributes: messageAttributes(requestId),
    }),
  );
}
