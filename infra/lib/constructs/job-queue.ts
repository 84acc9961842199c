import { Duration } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

export interface JobQueueProps {
  /** The worker's timeout: a message stays hidden for six of them, as AWS advises for Lambda consumers. */
  workerTimeoutSeconds: number;
  /** Deliveries before a message moves to the dead-letter queue. */
  maxReceiveCount: number;
}

/** AWS's advice for Lambda event sources: at least five receives before dead-lettering. */
export const MIN_RECEIVE_COUNT = 5;

/** The jobs queue (voice cloning, narration) and the dead-letter queue that catches what keeps failing. */
export class JobQueue extends Construct {
  readonly queue: sqs.Queue;
  readonly deadLetterQueue: sqs.Queue;

  constructor(scope: Construct, id: string, props: JobQueueProps) {
    super(scope, id);
    if (props.maxReceiveCount < MIN_RECEIVE_COUNT) {
      // A throttled or briefly failing worker burns receives; fewer than five sends good jobs to the DLQ.
      throw new Error(`maxReceiveCount ${props.maxReceiveCount} is below ${MIN_RECEIVE_COUNT}`);
    }
    this.deadLetterQueue = new sqs.Queue(this, 'DeadLetterQueue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    this.queue = new sqs.Queue(this, 'Queue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(props.workerTimeoutSeconds * 6),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: props.maxReceiveCount },
    });
  }

  /** Feeds the queue to the worker in batches; the worker reports failed items so the rest of a batch is not retried. */
  addWorker(worker: lambda.IFunction, batchSize: number, maxConcurrency?: number): void {
    worker.addEventSource(new SqsEventSource(this.queue, { batchSize, reportBatchItemFailures: true, maxConcurrency }));
  }
}
