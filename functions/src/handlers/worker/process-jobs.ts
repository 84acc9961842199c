import { performance } from 'node:perf_hooks';
import { firstIssue } from '@storyloom/shared/schemas/fields';
import { linkOriginOf } from '../../jobs/link-origin.ts';
import { runJob } from '../../jobs/run-job.ts';
import { jobSchema } from '../../jobs/types.ts';
import type { InvocationContext } from '../../lib/http.ts';
import type { SqsBatchResponse, SqsEvent, SqsRecord } from '../../lib/http-types.ts';
import { describeError, functionNameOf, logger, withInvocation, withLogFields } from '../../lib/logger.ts';
import { emitMetrics, jobMetrics } from '../../lib/metrics.ts';
import { runWithLinkOrigin } from '../../lib/request-origin.ts';

class InvalidJob extends Error {
  override name = 'InvalidJob';
}

/**
 * The SQS worker: runs each job of the batch on its own and reports only the failed ones, so one bad
 * job does not retry the others. A message that is not a valid job fails at once and ends in the DLQ.
 * Each job logs with its messageId, type and `queuedBy` (the request id that queued it), and writes one
 * EMF line: JobCount, JobDuration, JobFailures by job type (and failures by error type).
 */
export async function handler(event: SqsEvent, context: InvocationContext = {}): Promise<SqsBatchResponse> {
  const invocation = {
    requestId: context.awsRequestId ?? event.Records[0]?.messageId ?? 'worker',
    functionName: functionNameOf(context),
  };
  return withInvocation(invocation, async () => {
    const failures: SqsBatchResponse['batchItemFailures'] = [];
    await Promise.all(
      event.Records.map(async (record) => {
        if (!(await runRecord(record))) failures.push({ itemIdentifier: record.messageId });
      }),
    );
    return { batchItemFailures: failures };
  });
}

/** The request that queued a message (jobs/queue.ts sets the attribute). */
function queuedBy(record: SqsRecord): string | undefined {
  const attribute = record.messageAttributes?.requestId as { stringValue?: string } | undefined;
  return attribute?.stringValue;
}

async function runRecord(record: SqsRecord): Promise<boolean> {
  const started = performance.now();
  let jobType = 'unknown';
  return withLogFields({ messageId: record.messageId, queuedBy: queuedBy(record) }, async () => {
    try {
      const parsed = jobSchema.safeParse(JSON.parse(record.body));
      if (!parsed.success) throw new InvalidJob(`Invalid job: ${firstIssue(parsed.error)}`);
      jobType = parsed.data.type;
      // A job a local request queued links to the origin that request came from (jobs/link-origin.ts).
      await withLogFields({ jobType }, () => runWithLinkOrigin(linkOriginOf(record), () => runJob(parsed.data)));
      emitMetrics(jobMetrics({ jobType, durationMs: performance.now() - started }));
      return true;
    } catch (error) {
      const errorType = error instanceof SyntaxError ? 'InvalidJob' : ((error as Error | null)?.name ?? 'Error');
      logger.error('job failed', { jobType, ...describeError(error) });
      emitMetrics(jobMetrics({ jobType, durationMs: performance.now() - started, errorType }));
      return false;
    }
  });
}
