import { commonFallback } from '@storyloom/shared/messages/common';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { User } from '#web/types/api.ts';
import { ApiError, api, errorText } from './api-client.ts';
import { clearAllDrafts } from './drafts.ts';
import { useQueryClient } from './react-query.ts';
import { clearTokens, getToken, readTokenClaims, storeTokens, subscribeTokens, TOKEN_KEY } from './token-storage.ts';

/** What a login call returns (POST /login also sends `refresh_token`, which keeps the session alive). */
export interface LoginTokens {
  token: string;
  refreshToken?: string;
  refresh_token?: string;
}

export interface AuthContextValue {
  /** The stored token (spec section 4: holding one means logged in). */
  token: string | null;
  isLoggedIn: boolean;
  /** The profile of the logged-in user; null while it loads, when logged out, or when loading failed. */
  user: User | null;
  isAdmin: boolean;
  /** True while the profile for the current token is being fetched: guards wait instead of redirecting. */
  isLoading: boolean;
  /** Why the profile could not be loaded (other than a 401, which logs out). */
  profileError: string | null;
  /** Stores the tokens of a successful login; the profile loads next. */
  login: (tokens: LoginTokens) => void;
  /**
   * Ends the session: POST /logout ends it on the server for every device (its failure is ignored),
   * then the tokens are cleared; guarded pages then redirect to /login.
   */
  logout: () => Promise<void>;
  /** True after the user logged out here: /login then does not send them back to the page they left. */
  loggedOut: boolean;
  /** Fetches the profile again, e.g. after the user changed their picture. */
  refreshUser: () => Promise<void>;
}

interface ProfileState {
  /** The session this result belongs to, so a stale answer never shows for a newer login. */
  session: string;
  user: User | null;
  error: string | null;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * Which session a token belongs to: its user (`sub`), so a refreshed token (api-client) keeps the
 * loaded profile instead of sending the guards back to their spinner; the token itself otherwise.
 */
function sessionOf(token: string): string {
  return readTokenClaims(token)?.sub ?? token;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [token, setToken] = useState<string | null>(() => getToken());
  const [profile, setProfile] = useState<ProfileState | null>(null);
  const [loggedOut, setLoggedOut] = useState(false);
  const queryClient = useQueryClient();
  const loggingOut = useRef<Promise<void> | null>(null);

  /**
   * Forgets the session here (no server call): a refused profile, or after POST /logout. `expired`: the
   * server refused the session (not a logout), so /login says it expired; a refused profile is one.
   */
  const endLocally = useCallback(
    (opts: { expired?: boolean } = {}) => {
      clearTokens(opts);
      setToken(null);
      setProfile(null);
      // One person's stories must never show for the next one on this device.
      queryClient.clear();
    },
    [queryClient],
  );

  const logout = useCallback(() => {
    loggingOut.current ??= (async () => {
      try {
        if (getToken()) await api.post('/logout', undefined, { signal: AbortSignal.timeout(5_000) });
      } catch {
        // Logging out here must work offline too; the server's session then ends with its tokens.
      }
      // A shared computer: the next person must not find this one's unsaved writing or recordings.
      await clearAllDrafts();
      setLoggedOut(true);
      endLocally();
    })().finally(() => {
      loggingOut.current = null;
    });
    return loggingOut.current;
  }, [endLocally]);

  const login = useCallback((tokens: LoginTokens) => {
    storeTokens({ token: tokens.token, refreshToken: tokens.refreshToken ?? tokens.refresh_token });
    setLoggedOut(false);
    setToken(tokens.token);
  }, []);

  const loadProfile = useCallback(
    async (session: string, signal?: AbortSignal) => {
      try {
        const user = await api.get<User>('/api/profile', { signal, fallback: commonFallback.loadProfile });
        setProfile({ session, user, error: null });
      } catch (error) {
        if (signal?.aborted) return;
        // Spec section 4: a 401 when loading the profile logs the user out.
        if (error instanceof ApiError && error.status === 401) return endLocally({ expired: true });
        const message = errorText(error, commonFallback.loadProfile);
        setProfile({ session, user: null, error: message });
      }
    },
    [endLocally],
  );

  const session = token ? sessionOf(token) : null;

  // Another person's session (or none) never sees the last one's cached stories.
  const lastSession = useRef(session);
  useEffect(() => {
    if (lastSession.current !== null && lastSession.current !== session) queryClient.clear();
    lastSession.current = session;
  }, [session, queryClient]);

  useEffect(() => {
    // Logged out (here, in another tab, or by a refused refresh): the next login starts afresh.
    if (!session) return setProfile(null);
    const controller = new AbortController();
    void loadProfile(session, controller.signal);
    return () => controller.abort();
  }, [session, loadProfile]);

  // The api client refreshes the token, or clears it when the session cannot be renewed.
  useEffect(() => subscribeTokens(() => setToken(getToken())), []);

  // Logging in or out in another tab applies here too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === TOKEN_KEY || event.key === null) setToken(getToken());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const refreshUser = useCallback(async () => {
    if (session) await loadProfile(session);
  }, [session, loadProfile]);

  const value = useMemo<AuthContextValue>(() => {
    const current = session !== null && profile?.session === session ? profile : null;
    const user = current?.user ?? null;
    return {
      token,
      isLoggedIn: token !== null,
      user,
      isAdmin: user?.role === 'admin',
      isLoading: token !== null && current === null,
      profileError: current?.error ?? null,
      login,
      logout,
      loggedOut,
      refreshUser,
    };
  }, [token, session, profile, login, logout, loggedOut, refreshUser]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The session: token, profile and login/logout. Must be used under {@link AuthProvider}. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
