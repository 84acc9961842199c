import { accountText } from '@storyloom/shared/messages';
import { afterEach, describe, expect, it } from 'vitest';
import { useServerEnv } from '../support/env.ts';
import { api } from '../support/http.ts';
import { registerVerifiedUser } from '../support/users.ts';

/**
 * Refresh, both ways, against the local user pool (cognito-local with the project's confidential-client
 * checks, infra/local/services.ts). The refresh runs in this process on the server's environment; the
 * refusal of GetTokensFromRefreshToken (as a pool whose plan does not offer it would answer) is injected
 * on this process's Cognito client, so every other call still reaches the local pool.
 */
useServerEnv();
const { refresh, login } = await import('@storyloom/functions/domain/accounts/login');
const { resetRefreshFallback, unwrapRefreshToken } = await import('@storyloom/functions/adapters/user-pool');
const { cognito } = await import('@storyloom/functions/lib/clients/cognito');

const calls: string[] = [];
let refuse: string | undefined;
cognito.middlewareStack.add(
  (next, context) => async (args) => {
    calls.push(String(context.commandName));
    if (refuse && context.commandName === 'GetTokensFromRefreshTokenCommand') {
      throw Object.assign(new Error('This operation is not available on your feature plan'), { name: refuse });
    }
    return next(args);
  },
  { step: 'initialize', name: 'storyloomRefuseRefresh' },
);

afterEach(() => {
  refuse = undefined;
  calls.length = 0;
  resetRefreshFallback();
});

async function session() {
  const user = await registerVerifiedUser();
  return { user, tokens: await login({ username: user.username, password: user.password }, '127.0.0.9') };
}

describe('refresh', () => {
  it('refreshes by GetTokensFromRefreshToken, with no second call', async () => {
    const { user, tokens } = await session();
    expect(unwrapRefreshToken(tokens.refresh_token).userId).toBeTruthy();
    calls.length = 0;
    const fresh = await refresh(tokens.refresh_token);
    expect(fresh.token).toMatch(/^ey/);
    expect(calls).toEqual(['GetTokensFromRefreshTokenCommand']);
    // The new ID token works on the API.
    const profile = await api('GET', '/api/profile', { token: fresh.token });
    expect(profile.status).toBe(200);
    expect((profile.body as { Username?: string }).Username).toBe(user.username);
  });

  it('falls back to InitiateAuth REFRESH_TOKEN_AUTH with the secret hash when GetTokensFromRefreshToken is refused', async () => {
    const { user, tokens } = await session();
    refuse = 'FeatureUnavailableInTierException';
    calls.length = 0;
    const fresh = await refresh(tokens.refresh_token);
    expect(calls).toEqual(['GetTokensFromRefreshTokenCommand', 'InitiateAuthCommand']);
    const profile = await api('GET', '/api/profile', { token: fresh.token });
    expect((profile.body as { Username?: string }).Username).toBe(user.username);
    // Once refused, this instance goes straight to the fallback.
    calls.length = 0;
    await refresh(tokens.refresh_token);
    expect(calls).toEqual(['InitiateAuthCommand']);
  });

  it('still ends a session that was ended (logout) by either way', async () => {
    const { tokens } = await session();
    const out = await api('POST', '/logout', { token: tokens.token });
    expect(out.status).toBe(200);
    await expect(refresh(tokens.refresh_token)).rejects.toMatchObject({
      status: 401,
      message: accountText.sessionExpired,
    });
    refuse = 'FeatureUnavailableInTierException';
    await expect(refresh(tokens.refresh_token)).rejects.toMatchObject({
      status: 401,
      message: accountText.sessionExpired,
    });
  });

  it('refuses a forged user name in the token: the secret hash no longer matches', async () => {
    const { tokens } = await session();
    refuse = 'FeatureUnavailableInTierException';
    const { token } = unwrapRefreshToken(tokens.refresh_token);
    await expect(refresh(`sl1:someone-else:${token}`)).rejects.toMatchObject({ status: 401 });
  });
});
