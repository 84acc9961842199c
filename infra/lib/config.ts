import type { Node } from 'constructs';

/** Deployment settings: CDK context (`-c key=value` or cdk.json) first, then `STORYLOOM_<KEY>` env, then the default. */
export interface StoryloomConfig {
  /** Stack name suffix and `STAGE` env var; `prod` retains data on stack deletion. */
  stage: string;
  /** Custom domain for the app (needs `certificateArn`); otherwise the CloudFront domain is the app URL. */
  appDomain?: string;
  /** ACM certificate in us-east-1 covering `appDomain`. */
  certificateArn?: string;
  /** SES-verified sender for every mail the app sends. */
  sesFromAddress: string;
  /** Where contact-form messages go. */
  contactToAddress: string;
  /** Create the SES email identity for `sesFromAddress` (SES mails a verification link to it). */
  createSesIdentity: boolean;
  /** Secrets Manager secret (plain string) with the ElevenLabs API key; absent: no cloned voices. */
  elevenLabsSecretName?: string;
  /** Secrets Manager secret (plain string) with the OpenAI API key; absent: extractive local answers. */
  openAiSecretName?: string;
  /** A domain to verify in SES with Easy DKIM (the sender's domain); its three CNAMEs are stack outputs. */
  sesDomain?: string;
  /** Where alarms are mailed (an SNS email subscription to confirm); absent: the topic has no subscriber. */
  alarmEmail?: string;
  /** Attach a WAF web ACL to CloudFront (default true; about $8 a month, see docs/deploy.md). */
  waf: boolean;
  /** Attach the regional web ACL to the user pool (default: as `waf`; off where Cognito takes none). */
  userPoolWaf: boolean;
  /** The sender's identity already exists in SES (console, another stack): the stack creates none. */
  existingSesIdentity: boolean;
  /** CloudFront standard logs to the logs bucket (default true; impossible in opt-in regions). */
  cloudFrontLogs: boolean;
  /**
   * Version id of the origin-verify secret CloudFront sends (`put-secret-value` prints it): pinning it
   * makes CloudFormation read the rotated value (docs/deploy.md, "Rotating the origin secret").
   */
  originVerifyVersion?: string;
}

/**
 * Regions that are off by default (opt-in). CloudFront delivers no standard logs to buckets there
 * (CloudFront Developer Guide, "Choosing an Amazon S3 bucket for your standard logs"; AWS names
 * af-south-1, ap-east-1, eu-south-1 and me-south-1 and every later opt-in region).
 */
export const OPT_IN_REGIONS: ReadonlySet<string> = new Set([
  'af-south-1',
  'ap-east-1',
  'ap-east-2',
  'ap-south-2',
  'ap-southeast-3',
  'ap-southeast-4',
  'ap-southeast-5',
  'ap-southeast-6',
  'ap-southeast-7',
  'ca-west-1',
  'eu-central-2',
  'eu-south-1',
  'eu-south-2',
  'il-central-1',
  'me-central-1',
  'me-south-1',
  'mx-central-1',
]);

/** An email address alone, or `Display Name <address>` (the form SES sends with). */
const ADDRESS = /^[^@\s<>]+@[^@\s<>]+\.[^@\s<>]+$/;
const NAMED_ADDRESS = /^[^<>@]*<([^@\s<>]+@[^@\s<>]+\.[^@\s<>]+)>$/;

/** `Storyloom <hello@x.org>` -> `hello@x.org`; a bare address as is; undefined when neither. */
export function senderAddress(value: string): string | undefined {
  if (ADDRESS.test(value)) return value;
  return NAMED_ADDRESS.exec(value)?.[1];
}

/** The one stage allowed to synthesize with placeholder settings: a check, never deployed (`npm run synth`). */
export const SYNTH_ONLY_STAGE = 'local';

/** Reserved example domains (RFC 2606/6761): a sender there is a placeholder, mail from it never arrives. */
export function isPlaceholderAddress(address: string): boolean {
  const domain = (senderAddress(address) ?? address).split('@').pop()?.toLowerCase() ?? '';
  return /(^|\.)(example\.(com|org|net)|example|invalid|test|localhost|local)$/.test(domain);
}

export const DEFAULT_SES_FROM_ADDRESS = 'no-reply@example.com';

/** Reads and checks the configuration once; a bad value fails synth with the setting's name. */
export function readConfig(
  node: Node,
  env: NodeJS.ProcessEnv = process.env,
  /** The region the stack is deployed to (CDK_DEFAULT_REGION); unknown offline. */
  region?: string,
): StoryloomConfig {
  const read = (key: string): string | undefined => {
    const fromContext = node.tryGetContext(key);
    const value = fromContext ?? env[`STORYLOOM_${key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`];
    if (value === undefined || value === null || value === '') return undefined;
    return String(value).trim();
  };

  const stage = read('stage') ?? 'dev';
  if (!/^[a-z][a-z0-9-]{0,19}$/.test(stage)) {
    throw new Error(`stage "${stage}": use lowercase letters, digits and dashes (at most 20), starting with a letter`);
  }
  const appDomain = read('appDomain');
  const certificateArn = read('certificateArn');
  if (appDomain && !certificateArn) {
    throw new Error('appDomain needs certificateArn (an ACM certificate in us-east-1 for that domain)');
  }
  const sesFromAddress = read('sesFromAddress') ?? DEFAULT_SES_FROM_ADDRESS;
  const contactToAddress = read('contactToAddress') ?? sesFromAddress;
  for (const [key, value] of Object.entries({ sesFromAddress, contactToAddress })) {
    if (!senderAddress(value)) {
      throw new Error(
        `${key} "${value}" is not an email address (use hello@your.domain or 'Your Name <hello@your.domain>')`,
      );
    }
  }

  if (stage !== SYNTH_ONLY_STAGE && isPlaceholderAddress(sesFromAddress)) {
    throw new Error(
      `sesFromAddress "${sesFromAddress}" is a placeholder: no mail would arrive. Set -c sesFromAddress=<your verified sender> ` +
        `(stage "${SYNTH_ONLY_STAGE}" is the only one that synthesizes without, for checks; never deploy it).`,
    );
  }
  const sesDomain = read('sesDomain');
  if (sesDomain && !/^(?=.{1,253}$)([a-z0-9-]+\.)+[a-z]{2,}$/i.test(sesDomain)) {
    throw new Error(`sesDomain "${sesDomain}" is not a domain name`);
  }
  const existingSesIdentity = read('existingSesIdentity') === 'true';
  const createSesIdentity = read('createSesIdentity') === 'true';
  if (existingSesIdentity && (sesDomain || createSesIdentity)) {
    throw new Error(
      'existingSesIdentity=true uses the identity SES already has: leave out sesDomain and createSesIdentity',
    );
  }
  const senderDomain = senderAddress(sesFromAddress)?.split('@')[1]?.toLowerCase() ?? '';
  if (sesDomain && senderDomain !== sesDomain.toLowerCase() && !senderDomain.endsWith(`.${sesDomain.toLowerCase()}`)) {
    throw new Error(
      `sesDomain "${sesDomain}" does not cover the sender ${sesFromAddress}: SES would refuse its mail. Verify the sender's domain (${senderDomain}).`,
    );
  }
  const waf = read('waf') !== 'false';
  const userPoolWaf = waf && read('userPoolWaf') !== 'false';
  if (!waf && read('userPoolWaf') === 'true') throw new Error('userPoolWaf=true needs waf (waf=false turns off both)');
  const cloudFrontLogs = read('cloudFrontLogs') !== 'false';
  if (region && OPT_IN_REGIONS.has(region) && cloudFrontLogs) {
    throw new Error(
      `Region ${region} is an opt-in region: CloudFront delivers no standard logs to a bucket there, so the first deploy would fail. ` +
        'Add -c cloudFrontLogs=false (the API access logs, function logs and WAF metrics remain), or deploy to a default region.',
    );
  }
  const originVerifyVersion = read('originVerifyVersion');
  if (originVerifyVersion && !/^[\w-]{32,64}$/.test(originVerifyVersion)) {
    throw new Error(
      `originVerifyVersion "${originVerifyVersion}" is not a Secrets Manager version id (the VersionId put-secret-value prints)`,
    );
  }
  const alarmEmail = read('alarmEmail');
  if (alarmEmail && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(alarmEmail)) {
    throw new Error(`alarmEmail "${alarmEmail}" is not an email address`);
  }
  if (certificateArn && !/^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/.test(certificateArn)) {
    throw new Error(
      `certificateArn "${certificateArn}" must be an ACM certificate in us-east-1 (CloudFront only uses certificates from there)`,
    );
  }

  return {
    stage,
    appDomain,
    certificateArn,
    sesFromAddress,
    contactToAddress,
    createSesIdentity,
    elevenLabsSecretName: read('elevenLabsSecretName'),
    openAiSecretName: read('openAiSecretName'),
    sesDomain,
    alarmEmail,
    waf,
    userPoolWaf,
    existingSesIdentity,
    cloudFrontLogs,
    originVerifyVersion,
  };
}
