import { CreateEmailIdentityCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import type { ExternalService } from './services.ts';

/**
 * Local profiles (docs/local-mode.md, "LocalStack profile"):
 * - `embedded` (default): every AWS stand-in runs inside `npm start`, no Docker.
 * - `localstack`: DynamoDB, S3 and SQS are LocalStack's, at `LOCALSTACK_ENDPOINT`
 *   (default http://localhost:4566); the table, bucket and queues are provisioned there. Mail stays on
 *   the embedded SES stand-in: the app sends with SES v2, which LocalStack Community 4.x does not have
 *   (it has SES v1 only). Cognito stays embedded (LocalStack's free tier has none), and so do the parts
 *   with no AWS service to point at:
 *   the API Gateway-style router with its JWT check, CloudFront's static serving and headers, the
 *   worker loop (Lambda's SQS poller) and the mailbox page.
 *
 * In every profile an endpoint the user set (`DYNAMODB_ENDPOINT`, `S3_ENDPOINT`, `SQS_ENDPOINT`,
 * `SES_ENDPOINT`, e.g. a LocalStack Pro with SES v2) is used as given and never overwritten.
 */
export type LocalProfile = 'embedded' | 'localstack';

export const DEFAULT_LOCALSTACK_ENDPOINT = 'http://localhost:4566';

/** The endpoint variables handlers read (functions/src/lib/config.ts), per service a profile may move. */
export const ENDPOINT_VARIABLES: Record<ExternalService, string> = {
  dynamodb: 'DYNAMODB_ENDPOINT',
  s3: 'S3_ENDPOINT',
  sqs: 'SQS_ENDPOINT',
  ses: 'SES_ENDPOINT',
};

export function profileOf(env: NodeJS.ProcessEnv): LocalProfile {
  const profile = env.STORYLOOM_PROFILE?.trim() || 'embedded';
  if (profile !== 'embedded' && profile !== 'localstack') {
    throw new Error(`STORYLOOM_PROFILE="${profile}": use "embedded" (the default) or "localstack"`);
  }
  return profile;
}

/** What the localstack profile moves to LocalStack: not SES (v2 is not in LocalStack Community). */
export const LOCALSTACK_SERVICES: ReadonlySet<ExternalService> = new Set(['dynamodb', 's3', 'sqs']);

/** Which services run elsewhere, and where: the user's own endpoints first, then LocalStack's for that profile. */
export function externalEndpoints(env: NodeJS.ProcessEnv): Partial<Record<ExternalService, string>> {
  const profile = profileOf(env);
  const localstack = env.LOCALSTACK_ENDPOINT?.trim() || DEFAULT_LOCALSTACK_ENDPOINT;
  const external: Partial<Record<ExternalService, string>> = {};
  for (const [service, variable] of Object.entries(ENDPOINT_VARIABLES) as [ExternalService, string][]) {
    const userSet = env[variable]?.trim();
    if (userSet) external[service] = userSet;
    else if (profile === 'localstack' && LOCALSTACK_SERVICES.has(service)) external[service] = localstack;
  }
  return external;
}

/**
 * Verifies the sender in an external SES (LocalStack rejects mail from unverified identities). Best effort
 * with a short timeout: the embedded SES stand-in does not know the call, and a real failure shows up as
 * the first mail's error anyway.
 */
export async function ensureSenderIdentity(endpoint: string, sender: string): Promise<void> {
  const address = /<([^>]+)>/.exec(sender)?.[1] ?? sender;
  if (!address) return;
  const ses = new SESv2Client({
    region: 'us-east-1',
    endpoint,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    requestHandler: { connectionTimeout: 1000, requestTimeout: 1500 },
    maxAttempts: 1,
  });
  try {
    await ses.send(new CreateEmailIdentityCommand({ EmailIdentity: address }));
  } catch {
    // Already verified, or not an SES that knows the call: either way, carry on.
  } finally {
    ses.destroy();
  }
}
