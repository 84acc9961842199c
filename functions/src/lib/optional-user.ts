import { CognitoJwtVerifier } from 'aws-jwt-verify';
import { validateCognitoJwtFields } from 'aws-jwt-verify/cognito-verifier';
import { JwtVerifier } from 'aws-jwt-verify/jwt-verifier';
import type { AuthUser } from './auth.ts';
import { config } from './config.ts';
import type { HttpEvent } from './http-types.ts';

/**
 * Public routes get no claims (API Gateway runs no authorizer on them, and local mode passes none
 * either), yet some public routes read better for a signed-in caller: the secure media URL serves an
 * anonymous listener on a share link and the owner of a private story alike. Those routes verify the
 * bearer token here, with the same checks as the JWT authorizer (signature, issuer, audience, expiry,
 * an ID token). A missing or bad token means "anonymous", never an error.
 */
type Verify = (token: string) => Promise<Record<string, unknown>>;

let verifier: Verify | undefined;

function getVerifier(): Verify {
  if (verifier) return verifier;
  if (config.endpoints.cognito) {
    // Local stand-in (and LocalStack): tokens are issued by the endpoint itself, keys served beside them.
    const issuer = `${config.endpoints.cognito}/${config.userPoolId}`;
    const v = JwtVerifier.create({
      issuer,
      audience: config.userPoolClientId,
      jwksUri: `${issuer}/.well-known/jwks.json`,
      customJwtCheck: ({ payload }) =>
        validateCognitoJwtFields(payload, { tokenUse: 'id', clientId: config.userPoolClientId }),
    });
    // aws-jwt-verify fetches keys over https only: read the stand-in's keys once with fetch and seed them.
    let keysLoaded: Promise<void> | undefined;
    verifier = async (token) => {
      keysLoaded ??= fetch(`${issuer}/.well-known/jwks.json`)
        .then((res) => res.json())
        .then((jwks) => v.cacheJwks(jwks as Parameters<typeof v.cacheJwks>[0]))
        .catch((error: unknown) => {
          keysLoaded = undefined;
          throw error;
        });
      await keysLoaded;
      return v.verify(token) as Promise<Record<string, unknown>>;
    };
  } else {
    const v = CognitoJwtVerifier.create({
      userPoolId: config.userPoolId,
      clientId: config.userPoolClientId,
      tokenUse: 'id',
    });
    verifier = (token) => v.verify(token) as unknown as Promise<Record<string, unknown>>;
  }
  return verifier;
}

/** The caller of a public route, if it sent a valid ID token; null otherwise. */
export async function optionalUser(event: HttpEvent): Promise<AuthUser | null> {
  const header = event.headers.authorization ?? event.headers.Authorization;
  const token = header?.replace(/^Bearer\s+/i, '').trim();
  if (!token) return null;
  try {
    const claims = await getVerifier()(token);
    const id = claims['cognito:username'];
    if (typeof id !== 'string' || !id) return null;
    return { id, email: typeof claims.email === 'string' ? claims.email : undefined, groups: [] };
  } catch {
    return null;
  }
}
