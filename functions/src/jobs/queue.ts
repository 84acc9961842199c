import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { sqs } from '../lib/clients/sqs.ts';
import { config } from '../lib/config.ts';
import type { Job } from './types.ts';

/** Puts a job on the jobs queue for the worker. */
export async function enqueueJob(job: Job): Promise<void> {
  await sqs.send(new SendMessageCommand({ QueueUrl: config.jobsQueueUrl, MessageBody: JSON.stringify(job) }));
}
