import { logContext } from './logger.ts';

/**
 * CloudWatch metrics in the Embedded Metric Format: one JSON line on stdout that CloudWatch Logs turns
 * into metrics, with no API call and no agent (docs/platform.md, "Metrics"). A writer of our own,
 * not Powertools Metrics: the worker needs one line per job with per-job dimensions while jobs of a
 * batch run concurrently, which Powertools' per-invocation metric store does not fit; this is 40 lines.
 */
export const METRICS_NAMESPACE = 'Storyloom';

type Unit = 'Count' | 'Milliseconds';

export interface MetricLine {
  /** One directive per dimension set, each naming the metrics it aggregates. */
  directives: Array<{ dimensions: string[]; metrics: Array<{ name: string; unit: Unit }> }>;
  /** Dimension values, metric values and plain properties, all at the line's root as EMF wants. */
  values: Record<string, string | number>;
}

/** The line as CloudWatch reads it (exported for tests). */
export function toEmf(line: MetricLine, now = Date.now()): Record<string, unknown> {
  const context = logContext();
  return {
    _aws: {
      Timestamp: now,
      CloudWatchMetrics: line.directives.map((d) => ({
        Namespace: METRICS_NAMESPACE,
        Dimensions: [d.dimensions],
        Metrics: d.metrics.map((m) => ({ Name: m.name, Unit: m.unit })),
      })),
    },
    // Not dimensions: searchable properties, so a metric spike leads straight to its log lines.
    ...(context ? { requestId: context.requestId, functionName: context.functionName } : {}),
    ...line.values,
  };
}

export function emitMetrics(line: MetricLine): void {
  if (process.env.LOG_LEVEL === 'silent') return;
  process.stdout.write(`${JSON.stringify(toEmf(line))}\n`);
}

/** One job the worker ran: count, duration, and a failure by job type and by error type. */
export function jobMetrics(job: { jobType: string; durationMs: number; errorType?: string }): MetricLine {
  const failed = job.errorType !== undefined;
  return {
    directives: [
      {
        dimensions: ['jobType'],
        metrics: [
          { name: 'JobCount', unit: 'Count' },
          { name: 'JobDuration', unit: 'Milliseconds' },
          { name: 'JobFailures', unit: 'Count' },
        ],
      },
      ...(failed
        ? [{ dimensions: ['jobType', 'errorType'], metrics: [{ name: 'JobFailures', unit: 'Count' as const }] }]
        : []),
    ],
    values: {
      jobType: job.jobType,
      ...(failed ? { errorType: job.errorType as string } : {}),
      JobCount: 1,
      JobDuration: Math.round(job.durationMs),
      JobFailures: failed ? 1 : 0,
    },
  };
}
