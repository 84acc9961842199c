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

  return {
    stage,
    appDomain,
    certificateArn,
    sesFromAddress,
    contactToAddress,
    createSesIdentity: read('createSesIdentity') === 'true',
    elevenLabsSecretName: read('elevenLabsSecretName'),
    openAiSecretName: read('openAiSecretName'),
  };
}
