import {
  CognitoIdentityProviderClient,
  GetTokensFromRefreshTokenCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const cognito = mockClient(CognitoIdentityProviderClient);
const SECRET = 's3cr3t-client-secret';
/** A JWT-shaped token whose payload expires in an hour (the adapter reads `exp`). */
const token = () =>
  `x.${Buffer.from(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 })).toString('base64url')}.y`;

async function load() {
  vi.resetModules();
  return import('./user-pool.ts');
}

beforeEach(() => {
  cognito.reset();
  vi.stubEnv('USER_POOL_CLIENT_SECRET', SECRET);
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('secretHash', () => {
  it('is Base64(HMAC-SHA256(client secret, username + client id)), as Cognito computes it', async () => {
    const { secretHash } = await load();
    // From `printf %s '3f2b1c9e-uid-1234unit-client' | openssl dgst -sha256 -hmac 's3cr3t-client-secret' -binary | base64`.
    expect(secretHash(SECRET, '3f2b1c9e-uid-1234', 'unit-client')).toBe('H5vIVFn80zS0obAEocrEghD/pXhjc9iiyRRvsVCck6E=');
    expect(secretHash(SECRET, 'another-user', 'unit-client')).not.toBe(
      secretHash(SECRET, '3f2b1c9e-uid-1234', 'unit-client'),
    );
  });
});

describe('the client calls', () => {
  it('signs in with the password flow and the hash of the user id, never an Admin call', async () => {
    cognito.on(InitiateAuthCommand).resolves({ AuthenticationResult: { IdToken: token(), RefreshToken: 'r' } });
    const { secretHash, signIn } = await load();
    const session = await signIn('user-1', 'pw-123456');
    // The app's refresh token carries the username the fallback refresh needs (its SECRET_HASH).
    expect(session).toMatchObject({ refreshToken: 'sl1:user-1:r' });
    expect(session?.expiresIn).toBeGreaterThan(3500);
    expect(cognito.commandCalls(InitiateAuthCommand)[0]!.args[0].input).toEqual({
      ClientId: 'unit-client',
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: {
        USERNAME: 'user-1',
        PASSWORD: 'pw-123456',
        SECRET_HASH: secretHash(SECRET, 'user-1', 'unit-client'),
      },
    });
    expect(cognito.calls()).toHaveLength(1);
  });

  it('answers null for a wrong password, and lets other failures through', async () => {
    const { signIn } = await load();
    cognito.on(InitiateAuthCommand).rejects(Object.assign(new Error('no'), { name: 'NotAuthorizedException' }));
    expect(await signIn('user-1', 'wrong-pw')).toBeNull();
    cognito.reset();
    cognito.on(InitiateAuthCommand).rejects(Object.assign(new Error('down'), { name: 'InternalErrorException' }));
    await expect(signIn('user-1', 'wrong-pw')).rejects.toThrow('down');
  });

  it('refreshes with the client secret itself (GetTokensFromRefreshToken needs no user name)', async () => {
    cognito.on(GetTokensFromRefreshTokenCommand).resolves({ AuthenticationResult: { IdToken: token() } });
    const { refreshSession } = await load();
    expect(await refreshSession('refresh-1')).toMatchObject({ idToken: expect.any(String) });
    expect(cognito.commandCalls(GetTokensFromRefreshTokenCommand)[0]!.args[0].input).toEqual({
      ClientId: 'unit-client',
      ClientSecret: SECRET,
      RefreshToken: 'refresh-1',
    });
  });

  it('falls back to REFRESH_TOKEN_AUTH with the hash of the user id when GetTokensFromRefreshToken is refused', async () => {
    cognito
      .on(GetTokensFromRefreshTokenCommand)
      .rejects(Object.assign(new Error('not on this plan'), { name: 'FeatureUnavailableInTierException' }));
    cognito.on(InitiateAuthCommand).resolves({ AuthenticationResult: { IdToken: token() } });
    const { refreshSession, secretHash } = await load();
    expect(await refreshSession('sl1:user-1:refresh-1')).toMatchObject({ idToken: expect.any(String) });
    expect(cognito.commandCalls(InitiateAuthCommand)[0]!.args[0].input).toEqual({
      ClientId: 'unit-client',
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: 'refresh-1', SECRET_HASH: secretHash(SECRET, 'user-1', 'unit-client') },
    });
    // A token of the old form (no user id) cannot fall back: the refusal is the answer.
    await expect(refreshSession('refresh-2')).rejects.toThrow('not on this plan');
  });

  it('signs up under the user id with the email only, and turns a policy refusal into PasswordRejected', async () => {
    const { PasswordRejected, secretHash, signUpPoolUser } = await load();
    cognito.on(SignUpCommand).resolves({ UserConfirmed: true, UserSub: 's' });
    await signUpPoolUser({ id: 'user-2', email: 'a@example.com', password: 'pw-123456' });
    expect(cognito.commandCalls(SignUpCommand)[0]!.args[0].input).toEqual({
      ClientId: 'unit-client',
      SecretHash: secretHash(SECRET, 'user-2', 'unit-client'),
      Username: 'user-2',
      Password: 'pw-123456',
      UserAttributes: [{ Name: 'email', Value: 'a@example.com' }],
    });
    cognito.reset();
    cognito
      .on(SignUpCommand)
      .rejects(Object.assign(new Error('Password did not conform with policy'), { name: 'InvalidPasswordException' }));
    await expect(signUpPoolUser({ id: 'user-3', email: 'b@example.com', password: 'pw' })).rejects.toBeInstanceOf(
      PasswordRejected,
    );
  });

  it('refuses to call Cognito without a client secret', async () => {
    vi.stubEnv('USER_POOL_CLIENT_SECRET', '');
    const { signIn } = await load();
    await expect(signIn('user-1', 'pw-123456')).rejects.toThrow(/client secret is not configured/);
    expect(cognito.calls()).toHaveLength(0);
  });
});
