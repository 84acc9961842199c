import { getSecret } from '@aws-lambda-powertools/parameters/secrets';
import type { SecretName } from '../routes.ts';

/**
 * Secrets: the provider API keys (ElevenLabs, OpenAI) and the web client's Cognito secret. In AWS they live in Secrets Manager: the CDK app gives a
 * function `<NAME>_SECRET_ID` (the secret's ARN, never its value) and `secretsmanager:GetSecretValue`
 * on it only when its route declares `grants.secrets` (docs/infrastructure.md, "Secrets"). The value
 * is fetched on first use and kept in memory for `CACHE_SECONDS`, so a rotated key is picked up within
 * that time without a deploy. Locally `<NAME>_API_KEY` (e.g. from your shell) is used as is.
 *
 * Never log the value, and never put it in an error message.
 */
const SOURCES: Record<SecretName, { secretId: string; localKey: string }> = {
  elevenlabs: { secretId: 'ELEVENLABS_SECRET_ID', localKey: 'ELEVENLABS_API_KEY' },
  openai: { secretId: 'OPENAI_SECRET_ID', localKey: 'OPENAI_API_KEY' },
  // The web app client's secret (adapters/user-pool.ts): a Secrets Manager secret the CDK app fills from
  // Cognito; locally the secret of the client provision.ts made.
  'cognito-client': { secretId: 'USER_POOL_CLIENT_SECRET_ID', localKey: 'USER_POOL_CLIENT_SECRET' },
  // The HMAC key of the family-loop email's signed links (domain/family-mail/links.ts): a generated
  // Secrets Manager secret in AWS; locally a key kept in DATA_DIR (infra/local/stack.ts).
  'mail-links': { secretId: 'MAIL_LINK_SECRET_ID', localKey: 'MAIL_LINK_SECRET' },
};

/** How long a fetched key is reused: one Secrets Manager call per warm function per 15 minutes at most. */
export const CACHE_SECONDS = 15 * 60;

/**
 * The secret's value, or undefined when none is configured (a provider's caller then uses its local
 * adapter). The secret is a plain string, or JSON with an `apiKey` field.
 */
export async function secretValue(name: SecretName): Promise<string | undefined> {
  const source = SOURCES[name];
  const local = process.env[source.localKey];
  if (local) return local;
  const secretId = process.env[source.secretId];
  if (!secretId) return undefined;
  const value = await getSecret(secretId, { maxAge: CACHE_SECONDS });
  if (typeof value !== 'string' || value === '') {
    throw new Error(`Secret for ${name} is empty or binary`);
  }
  if (value.trimStart().startsWith('{')) {
    const parsed = JSON.parse(value) as { apiKey?: unknown };
    if (typeof parsed.apiKey !== 'string') throw new Error(`Secret for ${name} is JSON without an apiKey field`);
    return parsed.apiKey;
  }
  return value.trim();
}

/** True when a key for the provider is configured (without fetching it). */
export function providerConfigured(name: SecretName): boolean {
  const source = SOURCES[name];
  return Boolean(process.env[source.localKey] || process.env[source.secretId]);
}
