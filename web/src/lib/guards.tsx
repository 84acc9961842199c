import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { paths } from '#web/config/paths.ts';
import { useAuth } from './auth.tsx';
import { endHandOver, isHandingOver } from './return-to.ts';

/** Where a guard sent the user from; the login screen may send them back there. */
export interface RedirectState {
  from?: { pathname: string; search: string };
  /**
   * Set by a link on the `from` page itself (pushed, not a guard's redirect): the entry before the login is that
   * page, so logging in goes back to it instead of adding it again (Back would otherwise show it twice).
   */
  cameFrom?: true;
}

function Waiting() {
  return <Spinner label="Checking your account…" className="page-spinner" />;
}

/** Login required (spec section 2), else /login. */
export function RequireAuth() {
  const { isLoggedIn, isLoading, loggedOut } = useAuth();
  const location = useLocation();
  if (isLoading) return <Waiting />;
  if (!isLoggedIn) {
    // Back to this page after logging in (issue 11), unless the user chose to log out here.
    const state: RedirectState | undefined = loggedOut
      ? undefined
      : { from: { pathname: location.pathname, search: location.search } };
    return <Navigate to={paths.login.getHref()} replace state={state} />;
  }
  return <Outlet />;
}

/** Admins only; anyone else goes to /dashboard (which itself sends visitors to /login). */
export function RequireAdmin() {
  const { isAdmin, isLoading } = useAuth();
  if (isLoading) return <Waiting />;
  if (!isAdmin) return <Navigate to={paths.dashboard.getHref()} replace />;
  return <Outlet />;
}

/** Authentication screens: a logged-in user is redirected to /dashboard. */
export function GuestOnly() {
  const { isLoggedIn, isLoading } = useAuth();
  useEffect(() => endHandOver, []);
  if (isLoading) return <Waiting />;
  // The login screen is sending the user back where they came from: don't race it to /dashboard.
  if (isLoggedIn && isHandingOver()) return <Waiting />;
  if (isLoggedIn) return <Navigate to={paths.dashboard.getHref()} replace />;
  return <Outlet />;
}
