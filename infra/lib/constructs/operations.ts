import { Duration, Stack } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

export interface OperationsProps {
  stage: string;
  httpApi: IHttpApi;
  table: dynamodb.ITable;
  /** Each jobs queue with its dead-letter queue and its worker. */
  queues: { name: string; queue: sqs.IQueue; deadLetterQueue: sqs.IQueue; worker: lambda.IFunction }[];
  /** Alarms go to this address (SNS email subscription, confirmed by a link). */
  alarmEmail?: string;
  /** The route functions (dashboard only; their errors surface as API 5xx). */
  routeFunctions: lambda.IFunction[];
}

/**
 * Alarms to one SNS topic and one dashboard (docs/infrastructure.md, "Operate it"). Lambda errors and
 * throttles are alarmed per worker; route functions answer errors as 500s, which the API 5xx alarm
 * sees, and their throttles are caught by the account-level throttles alarm.
 */
export class Operations extends Construct {
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];
  readonly dashboard: cloudwatch.Dashboard;

  constructor(scope: Construct, id: string, props: OperationsProps) {
    super(scope, id);
    this.topic = new sns.Topic(this, 'AlarmTopic', {
      displayName: `Storyloom ${props.stage} alarms`,
      enforceSSL: true,
    });
    if (props.alarmEmail) this.topic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));
    const action = new actions.SnsAction(this.topic);
    const alarm = (
      name: string,
      metric: cloudwatch.Metric | cloudwatch.MathExpression,
      threshold: number,
      description: string,
      opts: Partial<cloudwatch.CreateAlarmOptions> = {},
    ) => {
      const created = metric.createAlarm(this, name, {
        alarmDescription: description,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        ...opts,
      });
      created.addAlarmAction(action);
      created.addOkAction(action);
      this.alarms.push(created);
      return created;
    };
    const apiId = props.httpApi.apiId;
    const api = (metricName: string, statistic: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/ApiGateway',
        metricName,
        dimensionsMap: { ApiId: apiId },
        statistic,
        period: Duration.minutes(5),
      });

    alarm('Api5xx', api('5xx', 'Sum'), 5, 'API answered more than 5 server errors in 5 minutes');
    // A provider refusing for good (wrong key or model, no credit): every answer falls back until someone acts.
    alarm(
      'OpenAiPermanentErrors',
      new cloudwatch.Metric({
        namespace: 'Storyloom',
        metricName: 'ProviderPermanentErrors',
        dimensionsMap: { provider: 'openai' },
        statistic: 'Sum',
        period: Duration.minutes(5),
      }),
      0,
      'OpenAI refused the answerer for good (400/401/403/404 or insufficient_quota): check the key, ANSWERER_MODEL and the billing',
    );
    alarm('ApiLatencyP99', api('Latency', 'p99'), 5000, 'API p99 latency above 5 s for 15 minutes', {
      evaluationPeriods: 3,
    });
    alarm(
      'LambdaThrottles',
      new cloudwatch.Metric({
        namespace: 'AWS/Lambda',
        metricName: 'Throttles',
        statistic: 'Sum',
        period: Duration.minutes(5),
      }),
      0,
      'Lambda throttled invocations in this account and region (concurrency limit reached)',
    );
    for (const { name, queue, deadLetterQueue, worker } of props.queues) {
      alarm(
        `${name}WorkerErrors`,
        worker.metricErrors({ period: Duration.minutes(5) }),
        0,
        `The ${name} worker failed`,
      );
      alarm(
        `${name}WorkerThrottles`,
        worker.metricThrottles({ period: Duration.minutes(5) }),
        0,
        `The ${name} worker was throttled`,
      );
      alarm(
        `${name}DeadLetters`,
        deadLetterQueue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }),
        0,
        `Jobs of the ${name} queue failed every attempt: inspect and redrive the dead-letter queue`,
      );
      alarm(
        `${name}OldestMessage`,
        queue.metricApproximateAgeOfOldestMessage({ period: Duration.minutes(5), statistic: 'Maximum' }),
        15 * 60,
        `A job of the ${name} queue has waited more than 15 minutes`,
      );
    }
    const tableMetric = (metricName: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/DynamoDB',
        metricName,
        dimensionsMap: { TableName: props.table.tableName },
        statistic: 'Sum',
        period: Duration.minutes(5),
      });
    alarm(
      'TableThrottles',
      new cloudwatch.MathExpression({
        expression: 'r + w',
        usingMetrics: { r: tableMetric('ReadThrottleEvents'), w: tableMetric('WriteThrottleEvents') },
        period: Duration.minutes(5),
        label: 'Throttle events',
      }),
      0,
      'DynamoDB throttled reads or writes',
    );
    alarm(
      'SesBounceRate',
      new cloudwatch.Metric({
        namespace: 'AWS/SES',
        metricName: 'Reputation.BounceRate',
        statistic: 'Maximum',
        period: Duration.hours(1),
      }),
      0.04,
      'SES bounce rate above 4% (SES reviews the account at 5%, pauses at 10%)',
    );

    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: `storyloom-${props.stage}-${Stack.of(this).region}`.replace(/[^\w-]/g, '-'),
      defaultInterval: Duration.days(1),
    });
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'API requests and errors',
        left: [api('Count', 'Sum'), api('4xx', 'Sum'), api('5xx', 'Sum')],
        width: 12,
      }),
      new cloudwatch.GraphWidget({
        title: 'API latency',
        left: [api('Latency', 'p50'), api('Latency', 'p99')],
        width: 12,
      }),
    );
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'Jobs: waiting, oldest (s), dead letters',
        left: props.queues.map((q) => q.queue.metricApproximateNumberOfMessagesVisible()),
        right: props.queues.map((q) => q.queue.metricApproximateAgeOfOldestMessage()),
        width: 12,
      }),
      new cloudwatch.GraphWidget({
        title: 'Workers: errors and duration',
        left: props.queues.map((q) => q.worker.metricErrors()),
        right: props.queues.map((q) => q.worker.metricDuration({ statistic: 'p99' })),
        width: 12,
      }),
    );
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'DynamoDB consumed capacity',
        left: [tableMetric('ConsumedReadCapacityUnits'), tableMetric('ConsumedWriteCapacityUnits')],
        width: 12,
      }),
      new cloudwatch.AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 12 }),
    );
  }
}
