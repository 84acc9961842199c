import { SecretValue, Stack } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { StoryloomConfig } from '../config.ts';

export interface AppBindingsProps {
  config: StoryloomConfig;
  appUrl: string;
  table: dynamodb.ITable;
  mediaBucket: s3.IBucket;
  jobsQueue: sqs.IQueue;
  userPool: cognito.IUserPool;
  userPoolClient: cognito.IUserPoolClient;
}

/** Item reads and writes for the named access patterns (transactions need no more); no Scan, by design. */
export const TABLE_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
] as const;

/** The user-pool calls the API makes on its users' behalf (it owns sign-up, login, roles and deletion). */
export const COGNITO_ADMIN_ACTIONS = [
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminSetUserPassword',
  'cognito-idp:AdminInitiateAuth',
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminUpdateUserAttributes',
  'cognito-idp:AdminDeleteUser',
  'cognito-idp:AdminAddUserToGroup',
  'cognito-idp:AdminRemoveUserFromGroup',
  'cognito-idp:AdminListGroupsForUser',
  'cognito-idp:AdminUserGlobalSignOut',
] as const;

/**
 * What a Storyloom function needs from the rest of the stack: the environment the handlers read
 * (the same names local mode sets) and the grants behind it, each scoped to its one resource.
 */
export class AppBindings {
  /** Every handler's environment; provider API keys only when their secrets are configured. */
  readonly environment: Record<string, string>;

  constructor(private readonly props: AppBindingsProps) {
    const { config } = props;
    this.environment = {
      STAGE: config.stage,
      APP_URL: props.appUrl,
      TABLE_NAME: props.table.tableName,
      MEDIA_BUCKET: props.mediaBucket.bucketName,
      JOBS_QUEUE_URL: props.jobsQueue.queueUrl,
      USER_POOL_ID: props.userPool.userPoolId,
      USER_POOL_CLIENT_ID: props.userPoolClient.userPoolClientId,
      SES_FROM_ADDRESS: config.sesFromAddress,
      CONTACT_TO_ADDRESS: config.contactToAddress,
      // CloudFormation resolves these dynamic references at deploy time: the key never enters the
      // template, and the handlers read the same variable as in local mode. Rotating needs a deploy.
      ...(config.elevenLabsSecretName && { ELEVENLABS_API_KEY: secret(config.elevenLabsSecretName) }),
      ...(config.openAiSecretName && { OPENAI_API_KEY: secret(config.openAiSecretName) }),
    };
  }

  /**
   * Data-plane access for a handler: table items (no Scan) and media read/write, sending jobs, the Cognito admin
   * calls on this pool, and mail from the configured sender only.
   */
  bindData(fn: lambda.Function): void {
    for (const [key, value] of Object.entries(this.environment)) fn.addEnvironment(key, value);
    const { table, mediaBucket, jobsQueue, userPool, config } = this.props;
    table.grant(fn, ...TABLE_ACTIONS);
    mediaBucket.grantReadWrite(fn);
    jobsQueue.grantSendMessages(fn);
    userPool.grant(fn, ...COGNITO_ADMIN_ACTIONS);
    // SES authorizes against the sender's and (in the sandbox) the recipient's identity, so the
    // resource is every identity in this account and region, narrowed by the From address.
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        resources: [Stack.of(fn).formatArn({ service: 'ses', resource: 'identity', resourceName: '*' })],
        conditions: { StringEquals: { 'ses:FromAddress': config.sesFromAddress } },
      }),
    );
  }
}

const secret = (name: string) => SecretValue.secretsManager(name).unsafeUnwrap();
