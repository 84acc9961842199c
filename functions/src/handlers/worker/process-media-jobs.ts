import { performance } from 'node:perf_hooks';
import { firstIssue } from '@storyloom/shared/schemas/fields';
import { linkOriginOf } from '../../jobs/link-origin.ts';
import { mediaJobSchema } from '../../jobs/media-types.ts';
import { runMediaJob } from '../../jobs/run-media-job.ts';
import type { InvocationContext } from '../../lib/http.ts';
import type { SqsBatchResponse, SqsEvent, SqsRecord } from '../../lib/http-types.ts';
import { describeError, functionNameOf, logger, withInvocation, withLogFields } from '../../lib/logger.ts';
import { emitMetrics, jobMetrics } from '../../lib/metrics.ts';
import { runWithLinkOrigin } from '../../lib/request-origin.ts';
import { mediaWorker } from '../../routes.ts';

/**
 * The media-jobs worker (voice cloning, narration): one message per invocation, a long time-out and
 * bounded concurrency (infra), so the provider's rate limit holds and account mail never waits
 * behind a narration. Each job is idempotent by its key (domain/voice); a failure is reported for the
 * message, which SQS delivers again after the visibility timeout and moves to the DLQ after the last
 * try, when the job has already marked its record failed.
 */
export async function handler(event: SqsEvent, context: InvocationContext = {}): Promise<SqsBatchResponse> {
  const invocation = {
    requestId: context.awsRequestId ?? event.Records[0]?.messageId ?? 'media-worker',
    functionName: functionNameOf(context),
  };
  return withInvocation(invocation, async () => {
    const failures: SqsBatchResponse['batchItemFailures'] = [];
    // One at a time even if a batch ever holds more: the engine is CPU-bound or rate-limited.
    for (const record of event.Records) {
      if (!(await runRecord(record))) failures.push({ itemIdentifier: record.messageId });
    }
    return { batchItemFailures: failures };
  });
}

function queuedBy(record: SqsRecord): string | undefined {
  return (record.messageAttributes?.requestId as { stringValue?: string } | undefined)?.stringValue;
}

async function runRecord(record: SqsRecord): Promise<boolean> {
  const started = performance.now();
  let jobType = 'unknown';
  const receiveCount = Number(record.attributes?.ApproximateReceiveCount ?? '1') || 1;
  return withLogFields({ messageId: record.messageId, queuedBy: queuedBy(record), receiveCount }, async () => {
    try {
      const parsed = mediaJobSchema.safeParse(JSON.parse(record.body));
      if (!parsed.success) throw new Error(`Invalid media job: ${firstIssue(parsed.error)}`);
      jobType = parsed.data.type;
      // Jobs it queues in turn (a keepsake's ready mail) keep the queuing request's link origin.
      await withLogFields({ jobType }, () =>
        runWithLinkOrigin(linkOriginOf(record), () =>
          runMediaJob(parsed.data, { receiveCount, maxReceiveCount: mediaWorker.maxReceiveCount }),
        ),
      );
      emitMetrics(jobMetrics({ jobType, durationMs: performance.now() - started }));
      return true;
    } catch (error) {
      logger.error('media job failed', { jobType, ...describeError(error) });
      emitMetrics(
        jobMetrics({ jobType, durationMs: performance.now() - started, errorType: (error as Error)?.name ?? 'Error' }),
      );
      return false;
    }
  });
}
