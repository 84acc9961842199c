/**
 * `npm run deploy:check -- [--stage prod]`: after a deploy, checks from outside what no local test can
 * reach, as a new user would meet it (docs/deploy.md, "4. First deploy"). Reads the stack's outputs
 * (CloudFormation DescribeStacks, in AWS_REGION) and then:
 *   - the door: the app answers 200 through CloudFront, the API answers through CloudFront, and the
 *     execute-api URL refuses (403) a request without the origin header;
 *   - mail: the SES identity the sender needs is verified (and whether the account left the sandbox);
 *   - refresh: POST /refresh-token with a refresh token Cognito does not know answers 401 with the
 *     app's text, i.e. both refresh calls reached the pool through its web ACL and were answered.
 *     With DEPLOY_CHECK_USERNAME and DEPLOY_CHECK_PASSWORD (an account you made in the app) it logs in
 *     and refreshes for real (200).
 * Prints one line per check and exits 1 when any fails.
 */
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { GetAccountCommand, GetEmailIdentityCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { accountText } from '@storyloom/shared/messages';

interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

const args = process.argv.slice(2);
const stage =
  args[args.indexOf('--stage') + 1] && args.includes('--stage') ? args[args.indexOf('--stage') + 1]! : 'prod';
const region = process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION;
if (!region) {
  console.error('Set AWS_REGION to the region you deployed to (docs/deploy.md, "2. Settings").');
  process.exit(1);
}
const stackName = `Storyloom-${stage}`;

async function outputsOf(name: string): Promise<Record<string, string>> {
  const { Stacks } = await new CloudFormationClient({ region }).send(new DescribeStacksCommand({ StackName: name }));
  return Object.fromEntries((Stacks?.[0]?.Outputs ?? []).map((o) => [o.OutputKey ?? '', o.OutputValue ?? '']));
}

async function status(url: string, init?: RequestInit): Promise<{ status: number; text: string }> {
  const res = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(15_000) });
  return { status: res.status, text: await res.text() };
}

async function run(): Promise<Check[]> {
  const out = await outputsOf(stackName);
  const checks: Check[] = [];
  const check = async (name: string, fn: () => Promise<[boolean, string]>) => {
    try {
      const [ok, detail] = await fn();
      checks.push({ name, ok, detail });
    } catch (error) {
      checks.push({ name, ok: false, detail: (error as Error).message });
    }
  };
  const app = out.AppUrl!;
  await check('the app through CloudFront', async () => {
    const res = await status(`${app}/`);
    return [res.status === 200, `GET ${app}/ -> ${res.status}`];
  });
  await check('the API through CloudFront', async () => {
    const res = await status(`${app}/backend/public/stories`);
    return [res.status === 200, `GET ${app}/backend/public/stories -> ${res.status}`];
  });
  await check('the API without CloudFront is refused', async () => {
    const res = await status(`${out.HttpApiEndpoint}/public/stories`);
    return [res.status === 403, `GET ${out.HttpApiEndpoint}/public/stories -> ${res.status} (want 403)`];
  });
  const ses = new SESv2Client({ region });
  await check(`mail identity ${out.MailIdentity}`, async () => {
    // An existing identity (existingSesIdentity) may be the sender's address rather than its domain.
    const address = /<([^>]+)>/.exec(out.MailSender ?? '')?.[1] ?? out.MailSender ?? '';
    const identity = await ses
      .send(new GetEmailIdentityCommand({ EmailIdentity: out.MailIdentity }))
      .catch(async (error: { name?: string }) => {
        if (error.name !== 'NotFoundException' || !address) throw error;
        return ses.send(new GetEmailIdentityCommand({ EmailIdentity: address }));
      });
    const dkim = identity.DkimAttributes?.Status ? `, DKIM ${identity.DkimAttributes.Status}` : '';
    return [
      identity.VerifiedForSendingStatus === true,
      `verified for sending: ${identity.VerifiedForSendingStatus}${dkim}` +
        (identity.VerifiedForSendingStatus ? '' : ' (add the DkimRecord outputs to DNS, or open the mail SES sent)'),
    ];
  });
  await check('SES sending (sandbox or production)', async () => {
    const account = await ses.send(new GetAccountCommand({}));
    return [
      account.SendingEnabled === true,
      account.ProductionAccessEnabled
        ? 'production access'
        : 'sandbox: mail reaches only verified addresses (docs/deploy.md, "7. Leaving the SES sandbox")',
    ];
  });
  await check('refresh reaches the user pool', async () => {
    const res = await status(`${app}/backend/refresh-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: 'sl1:deploy-check:not-a-refresh-token' }),
    });
    return [
      res.status === 401 && res.text.includes(accountText.sessionExpired),
      `POST /refresh-token with an unknown token -> ${res.status} ${res.text.slice(0, 120)} (want 401: Cognito answered)`,
    ];
  });
  const username = process.env.DEPLOY_CHECK_USERNAME;
  const password = process.env.DEPLOY_CHECK_PASSWORD;
  if (username && password) {
    await check(`log in and refresh as ${username}`, async () => {
      const login = await status(`${app}/backend/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      if (login.status !== 200) return [false, `login -> ${login.status} ${login.text.slice(0, 120)}`];
      const { refresh_token } = JSON.parse(login.text) as { refresh_token: string };
      const res = await status(`${app}/backend/refresh-token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token }),
      });
      return [res.status === 200, `refresh -> ${res.status}`];
    });
  }
  return checks;
}

try {
  const checks = await run();
  for (const c of checks) console.log(`${c.ok ? 'ok  ' : 'FAIL'}  ${c.name}: ${c.detail}`);
  const failed = checks.filter((c) => !c.ok).length;
  console.log(failed ? `${failed} of ${checks.length} checks failed` : `all ${checks.length} checks passed`);
  process.exit(failed ? 1 : 0);
} catch (error) {
  console.error(`Could not read the outputs of ${stackName} in ${region}: ${(error as Error).message}`);
  process.exit(1);
}
