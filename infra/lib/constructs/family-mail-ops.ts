import { Duration } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

/** The job the hourly rule puts on the jobs queue (functions/src/jobs/types.ts). */
export const FAMILY_MAIL_HOURLY_JOB = { type: 'family-mail.hourly' } as const;

export interface FamilyMailOpsProps {
  /** The jobs queue: the hourly run is one message on it, handled by the jobs worker. */
  jobsQueue: sqs.IQueue;
  /** The configuration set every mail names: its bounce and complaint events go to the feedback topic. */
  configurationSet: ses.ConfigurationSet;
  /** The private function that puts bounced and complaining addresses on the suppression list. */
  feedbackFunction: lambda.IFunction;
}

/**
 * The family-loop email's AWS parts (docs/family-loop.md, "Family-loop email"): an hourly EventBridge
 * rule that queues `family-mail.hourly` (the worker sends whatever is due, once per week / day), and
 * SES bounce and complaint events → an SNS topic → the feedback function → the suppression list.
 */
export class FamilyMailOps extends Construct {
  readonly feedbackTopic: sns.Topic;

  constructor(scope: Construct, id: string, props: FamilyMailOpsProps) {
    super(scope, id);
    new events.Rule(this, 'HourlyRun', {
      description: 'Hourly family-loop email run: weekly questions and family digests that are due',
      schedule: events.Schedule.rate(Duration.hours(1)),
      targets: [
        new targets.SqsQueue(props.jobsQueue, { message: events.RuleTargetInput.fromObject(FAMILY_MAIL_HOURLY_JOB) }),
      ],
    });
    this.feedbackTopic = new sns.Topic(this, 'MailFeedback', {
      displayName: 'Storyloom SES bounces and complaints',
      enforceSSL: true,
    });
    props.configurationSet.addEventDestination('BouncesAndComplaints', {
      destination: ses.EventDestination.snsTopic(this.feedbackTopic),
      events: [ses.EmailSendingEvent.BOUNCE, ses.EmailSendingEvent.COMPLAINT],
    });
    this.feedbackTopic.addSubscription(new subscriptions.LambdaSubscription(props.feedbackFunction));
  }
}
