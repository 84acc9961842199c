import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type * as sns from 'aws-cdk-lib/aws-sns';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

/** The provider states the media worker reports as `VoiceProviderProblem` by `problem` (domain/voice/provider-voices.ts). */
export const VOICE_PROVIDER_PROBLEMS = {
  voice_limit_reached:
    'ElevenLabs custom-voice slots full and no idle clone to evict: raise the plan or lower the users',
  quota_exceeded: 'ElevenLabs character quota used up: narrations fail until it renews or the plan grows',
  requires_verification: 'ElevenLabs asks for a voice to be verified: a sample may not be its owner’s voice',
} as const;

export interface VoiceProviderOpsProps {
  /** The media-jobs queue: the hourly sweep of orphaned provider voices is one message on it. */
  mediaQueue: sqs.IQueue;
  topic: sns.ITopic;
}

/**
 * The provider voice's operations (docs/voice.md, "Clone lifecycle"): an hourly EventBridge rule puts a
 * `voice.sweep-provider-voices` job on the media queue, and one alarm per provider state, each at its first
 * occurrence in an hour (EMF metric `Storyloom/VoiceProviderProblem`).
 */
export class VoiceProviderOps extends Construct {
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: VoiceProviderOpsProps) {
    super(scope, id);
    new events.Rule(this, 'SweepSchedule', {
      description: 'Hourly sweep of provider voices no profile points at',
      schedule: events.Schedule.rate(Duration.hours(1)),
      targets: [
        new targets.SqsQueue(props.mediaQueue, {
          message: events.RuleTargetInput.fromObject({ type: 'voice.sweep-provider-voices' }),
        }),
      ],
    });
    const action = new actions.SnsAction(props.topic);
    for (const [problem, description] of Object.entries(VOICE_PROVIDER_PROBLEMS)) {
      const alarm = new cloudwatch.Metric({
        namespace: 'Storyloom',
        metricName: 'VoiceProviderProblem',
        dimensionsMap: { problem },
        statistic: 'Sum',
        period: Duration.hours(1),
      }).createAlarm(this, `Voice-${problem}`, {
        alarmDescription: description,
        threshold: 0,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      alarm.addAlarmAction(action);
      alarm.addOkAction(action);
      this.alarms.push(alarm);
    }
  }
}
