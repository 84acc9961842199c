import { intEnv, optionalEnv, requiredEnv } from './env.ts';

/**
 * Configuration of every handler, read once per cold start. In AWS the CDK app sets these; in local
 * mode infra/local/stack.ts sets them, including the endpoints of the local stand-ins.
 */
export const config = {
  region: optionalEnv('AWS_REGION') ?? 'us-east-1',
  stage: optionalEnv('STAGE') ?? 'local',
  tableName: requiredEnv('TABLE_NAME'),
  mediaBucket: requiredEnv('MEDIA_BUCKET'),
  jobsQueueUrl: requiredEnv('JOBS_QUEUE_URL'),
  userPoolId: requiredEnv('USER_POOL_ID'),
  userPoolClientId: requiredEnv('USER_POOL_CLIENT_ID'),
  sesFromAddress: requiredEnv('SES_FROM_ADDRESS'),
  contactToAddress: requiredEnv('CONTACT_TO_ADDRESS'),
  /** The private account keeper's function name (password reset); unset locally, where it runs in-process. */
  accountKeeperFunction: optionalEnv('ACCOUNT_KEEPER_FUNCTION'),
  /** Public URL of the app, used in email links (no trailing slash). */
  appUrl: requiredEnv('APP_URL').replace(/\/+$/, ''),
  contactRateLimit: intEnv('CONTACT_RATE_LIMIT', 5),
  /** Abuse limits of stories (docs/stories.md, "No flooding"); the test stack raises them for its fixtures. */
  storyHourlyLimit: intEnv('STORY_HOURLY_LIMIT', 60),
  shareOwnerHourlyLimit: intEnv('SHARE_OWNER_HOURLY_LIMIT', 60),
  shareRecipientDailyLimit: intEnv('SHARE_RECIPIENT_DAILY_LIMIT', 20),
  /** Endpoints of local stand-ins (local mode, LocalStack); unset in AWS. */
  endpoints: {
    dynamodb: optionalEnv('DYNAMODB_ENDPOINT'),
    s3: optionalEnv('S3_ENDPOINT'),
    cognito: optionalEnv('COGNITO_ENDPOINT'),
    ses: optionalEnv('SES_ENDPOINT'),
    sqs: optionalEnv('SQS_ENDPOINT'),
  },
  /**
   * Local mode only: browsers reach media through the local server at this path, with URLs signed by a
   * media-only key pair that the stand-ins do not know (docs/local-mode.md, "Media"). Unset in AWS.
   */
  localMedia: localMediaConfig(),
} as const;

function localMediaConfig(): { path: string; accessKeyId: string; secretAccessKey: string } | undefined {
  const path = optionalEnv('LOCAL_MEDIA_PATH');
  if (!path) return undefined;
  return {
    path,
    accessKeyId: requiredEnv('LOCAL_MEDIA_KEY_ID'),
    secretAccessKey: requiredEnv('LOCAL_MEDIA_SECRET'),
  };
}
