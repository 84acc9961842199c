import { firstIssue } from '@storyloom/shared/schemas/fields';
import { runJob } from '../../jobs/run-job.ts';
import { jobSchema } from '../../jobs/types.ts';
import type { SqsBatchResponse, SqsEvent } from '../../lib/http-types.ts';
import { describeError, logger } from '../../lib/logger.ts';

/**
 * The SQS worker: runs each job of the batch on its own and reports only the failed ones, so one bad
 * job does not retry the others. A message that is not a valid job fails at once and ends in the DLQ.
 */
export async function handler(event: SqsEvent): Promise<SqsBatchResponse> {
  const failures: SqsBatchResponse['batchItemFailures'] = [];
  await Promise.all(
    event.Records.map(async (record) => {
      try {
        const parsed = jobSchema.safeParse(JSON.parse(record.body));
        if (!parsed.success) throw new Error(`Invalid job: ${firstIssue(parsed.error)}`);
        await runJob(parsed.data);
      } catch (error) {
        logger.error('job failed', { messageId: record.messageId, ...describeError(error) });
        failures.push({ itemIdentifier: record.messageId });
      }
    }),
  );
  return { batchItemFailures: failures };
}
