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
}

/** The one stage allowed to synthesize with placeholder settings: a check, never deployed (`npm run synth`). */
export const SYNTH_ONLY_STAGE = 'local';

/** Reserved example domains (RFC 2606/6761): a sender there is a placeholder, mail from it never arrives. */
export function isPlaceholderAddress(address: string): boolean {
  const domain = address.replace(/>$/, '').split('@').pop()?.toLowerCase() ?? '';
  return /(^|\.)(example\.(com|org|net)|example|invalid|test|localhost|local)$/.test(domain);
}

export const DEFAULT_SES_FROM_ADDRESS = 'no-reply@example.com';

/** Reads and checks the configuration once; a bad value fails synth with the setting's name. */
export function readConfig(node: Node, env: NodeJS.ProcessEnv = process.env): StoryloomConfig {
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
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value)) throw new Error(`${key} "${value}" is not an email address`);
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
    createSesIdentity: read('createSesIdentity') === 'true',
    elevenLabsSecretName: read('elevenLabsSecretName'),
    openAiSecretName: read('openAiSecretName'),
    sesDomain,
    alarmEmail,
    waf: read('waf') !== 'false',
  };
}
