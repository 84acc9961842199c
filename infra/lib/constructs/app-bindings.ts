import type { PrivateFunctionId, QueueName, RouteGrants, SecretName } from '@storyloom/functions/routes';
import { Stack } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { StoryloomConfig } from '../config.ts';
import { acknowledge } from '../nag.ts';

export interface AppBindingsProps {
  config: StoryloomConfig;
  appUrl: string;
  table: dynamodb.ITable;
  /** The table's global secondary indexes (granted by name). */
  tableIndexes: readonly string[];
  mediaBucket: s3.IBucket;
  queues: Partial<Record<QueueName, sqs.IQueue>>;
  userPool: cognito.IUserPool;
  userPoolClient: cognito.IUserPoolClient;
  /** Provider secrets that are configured; a function declaring one that is not gets no grant and no id. */
  secrets: Partial<Record<SecretName, secretsmanager.ISecret>>;
  /** Private functions routes may invoke; filled as they are made, before the routes that invoke them. */
  privateFunctions: Partial<Record<PrivateFunctionId, lambda.IFunction>>;
  /**
   * The secret whose value CloudFront sends in `x-origin-verify`; route functions read it at run time
   * (functions/src/lib/edge.ts) and refuse requests without it. Never a value in their environment.
   */
  originSecret?: secretsmanager.ISecret;
  /** SES configuration set the mailer names on every message (bounce and complaint suppression). */
  configurationSetName?: string;
}

/** Item reads for the named access patterns; no Scan, by design. */
export const TABLE_READ_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
] as const;
/** Item writes (transactions need no more than these). */
export const TABLE_WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
] as const;
/** Every object the app writes sits under this prefix (functions/src/data/media.ts, userMediaPrefix). */
export const MEDIA_PREFIX = 'users/';
export const MEDIA_READ_ACTIONS = ['s3:GetObject'] as const;
export const MEDIA_WRITE_ACTIONS = [
  's3:PutObject',
  's3:PutObjectTagging',
  's3:DeleteObject',
  's3:AbortMultipartUpload',
] as const;

/** Environment variable of each queue's URL, as functions/src/lib/config.ts reads it. */
export const QUEUE_URL_ENV: Record<QueueName, string> = {
  jobs: 'JOBS_QUEUE_URL',
  'media-jobs': 'MEDIA_JOBS_QUEUE_URL',
};
/** Environment variable naming each provider secret (its name, never its value): see functions/src/lib/secrets.ts. */
export const SECRET_ID_ENV: Record<SecretName, string> = {
  elevenlabs: 'ELEVENLABS_SECRET_ID',
  openai: 'OPENAI_SECRET_ID',
  'cognito-client': 'USER_POOL_CLIENT_SECRET_ID',
  'mail-links': 'MAIL_LINK_SECRET_ID',
};
/** Environment variable naming each private function a route may invoke (functions/src/lib/config.ts). */
export const INVOKE_ENV: Partial<Record<PrivateFunctionId, string>> = {
  'account-keeper': 'ACCOUNT_KEEPER_FUNCTION',
};

const list = <T>(value: T | readonly T[] | undefined): readonly T[] =>
  value === undefined ? [] : Array.isArray(value) ? (value as readonly T[]) : [value as T];

/**
 * What a Storyloom function gets from the rest of the stack: the environment the handlers read (the
 * same names local mode sets; ids and names only, never a key) and, per function, exactly the grants
 * its route declares (`RouteGrants` in functions/src/routes.ts), each on its one resource.
 */
export class AppBindings {
  /** The environment every handler reads at module load (functions/src/lib/config.ts). */
  readonly environment: Record<string, string>;

  constructor(private readonly props: AppBindingsProps) {
    const { config } = props;
    this.environment = {
      STAGE: config.stage,
      APP_URL: props.appUrl,
      TABLE_NAME: props.table.tableName,
      MEDIA_BUCKET: props.mediaBucket.bucketName,
      USER_POOL_ID: props.userPool.userPoolId,
      USER_POOL_CLIENT_ID: props.userPoolClient.userPoolClientId,
      SES_FROM_ADDRESS: config.sesFromAddress,
      CONTACT_TO_ADDRESS: config.contactToAddress,
      ...Object.fromEntries(
        Object.entries(props.queues).map(([name, queue]) => [QUEUE_URL_ENV[name as QueueName], queue.queueUrl]),
      ),
      ...(props.configurationSetName && { SES_CONFIGURATION_SET: props.configurationSetName }),
    };
  }

  /**
   * The door of an API route: read access to the origin secret and its ARN in `ORIGIN_VERIFY_SECRET_ID`
   * (workers and private functions get no HTTP requests, so they do not get it).
   */
  bindDoor(fn: lambda.Function): void {
    const secret = this.props.originSecret;
    if (!secret) return;
    fn.addToRolePolicy(
      new iam.PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [secret.secretArn] }),
    );
    fn.addEnvironment('ORIGIN_VERIFY_SECRET_ID', secret.secretArn);
  }

  /** Gives a function the environment and the grants it declares, nothing more. */
  bind(fn: lambda.Function, grants: RouteGrants = {}): void {
    for (const [key, value] of Object.entries(this.environment)) fn.addEnvironment(key, value);
    const { table, mediaBucket, userPool, config, queues, secrets } = this.props;

    if (grants.table) {
      // The table and each index by name (no `index/*` wildcard).
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: [...TABLE_READ_ACTIONS, ...(grants.table === 'readwrite' ? TABLE_WRITE_ACTIONS : [])],
          resources: [table.tableArn, ...this.props.tableIndexes.map((name) => `${table.tableArn}/index/${name}`)],
        }),
      );
    }
    if (grants.media) {
      // Objects under users/ only; listing (account purge) only below that prefix too.
      acknowledge(
        fn.role ?? fn,
        'AwsSolutions-IAM5',
        'media objects under users/*: object keys are per user and story, created at run time; the handler checks ownership',
        /\/users\/\*\]$/,
      );
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: [...MEDIA_READ_ACTIONS, ...(grants.media === 'readwrite' ? MEDIA_WRITE_ACTIONS : [])],
          resources: [mediaBucket.arnForObjects(`${MEDIA_PREFIX}*`)],
        }),
      );
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['s3:ListBucket'],
          resources: [mediaBucket.bucketArn],
          conditions: { StringLike: { 's3:prefix': [`${MEDIA_PREFIX}*`] } },
        }),
      );
    }
    if (grants.cognito && grants.cognito.length > 0) {
      userPool.grant(fn, ...grants.cognito.map((action) => `cognito-idp:${action}`));
    }
    if (grants.mail) {
      // SES authorizes against the sender's and (in the sandbox) the recipient's identity, so the
      // resource is every identity in this account and region, narrowed by the From address.
      acknowledge(
        fn.role ?? fn,
        'AwsSolutions-IAM5',
        'ses:SendEmail on identity/*: SES checks the recipient identity too while the account is in the sandbox; the ses:FromAddress condition pins the sender',
        /:identity\/\*\]$/,
      );
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['ses:SendEmail', 'ses:SendRawEmail'],
          resources: [
            Stack.of(fn).formatArn({ service: 'ses', resource: 'identity', resourceName: '*' }),
            ...(this.props.configurationSetName
              ? [
                  Stack.of(fn).formatArn({
                    service: 'ses',
                    resource: 'configuration-set',
                    resourceName: this.props.configurationSetName,
                  }),
                ]
              : []),
          ],
          conditions: { StringEquals: { 'ses:FromAddress': bareAddress(config.sesFromAddress) } },
        }),
      );
    }
    for (const name of list(grants.queue)) {
      const queue = queues[name];
      if (!queue) throw new Error(`${fn.node.path}: declares queue '${name}', which this stack does not have`);
      queue.grantSendMessages(fn);
    }
    for (const name of list(grants.secrets)) {
      const secret = secrets[name];
      if (!secret) continue; // not configured: the handler falls back to its local adapter
      secret.grantRead(fn);
      acknowledge(
        fn.role ?? fn,
        'AwsSolutions-IAM5',
        'provider secret by name: Secrets Manager appends a random -XXXXXX suffix, so the ARN ends in a wildcard',
        /:secret:[^\]]*-\?{6}\]$/,
      );
      fn.addEnvironment(SECRET_ID_ENV[name], secret.secretName);
    }
    for (const name of list(grants.invoke)) {
      const target = this.props.privateFunctions[name];
      const env = INVOKE_ENV[name];
      if (!target || !env) throw new Error(`${fn.node.path}: invokes '${name}', which is not made before it`);
      // The function itself, not `<arn>:*` (grantInvoke's versions and aliases): there are none.
      fn.addToRolePolicy(
        new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [target.functionArn] }),
      );
      fn.addEnvironment(env, target.functionName);
    }
  }
}

/** `Storyloom <hello@x.org>` -> `hello@x.org`: the `ses:FromAddress` condition compares the bare address. */
export function bareAddress(address: string): string {
  return /<([^>]+)>/.exec(address)?.[1] ?? address;
}
