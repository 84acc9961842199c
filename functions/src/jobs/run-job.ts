import { notifyOperator } from '../domain/contact.ts';
import type { Job } from './types.ts';

/** Runs one job; throwing sends the message back to the queue for a retry (then the DLQ). */
export async function runJob(job: Job): Promise<void> {
  switch (job.type) {
    case 'contact.notify':
      return notifyOperator({ pk: job.pk, sk: job.sk });
  }
}
