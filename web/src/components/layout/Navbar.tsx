import { lazy, Suspense } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { paths } from '#web/config/paths.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { preloadChunksOf } from '#web/lib/lazy-chunks.ts';
import { AvatarInitial } from '../media/AvatarInitial.tsx';
import { LogoMark } from './Logo.tsx';

/**
 * The picture is read through a query (a secure URL): loaded with the first signed-in page, not with
 * every page's initial JavaScript; its letter stands in meanwhile, at the same size (docs/web.md).
 */
const Avatar = lazy(async () => {
  preloadChunksOf('Avatar');
  return { default: (await import('../media/Avatar.tsx')).Avatar };
});

const navLinkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'nav-link active' : 'nav-link');

/**
 * Spec section 2: logo and Stories for everyone; Dashboard, Create Story, Admin (admins) and Profile
 * when logged in; a Register button when logged out, or Login while on /register.
 */
export function Navbar() {
  const { isLoggedIn, isAdmin, user } = useAuth();
  const { pathname } = useLocation();
  const onRegister = pathname === paths.register.path;

  return (
    <header className="site-header">
      <nav className="navbar" aria-label="Main">
        <Link to={paths.home.getHref()} className="logo">
          <LogoMark />
          <span className="logo-text">Storyloom</span>
        </Link>
        <ul className="nav-links">
          <li>
            <NavLink to={paths.stories.getHref()} className={navLinkClass}>
              Stories
            </NavLink>
          </li>
          {isLoggedIn ? (
            <>
              <li>
                <NavLink to={paths.dashboard.getHref()} className={navLinkClass}>
                  Dashboard
                </NavLink>
              </li>
              <li>
                <NavLink to={paths.createStory.getHref()} className={navLinkClass}>
                  Create Story
                </NavLink>
              </li>
              {isAdmin && (
                <li>
                  <NavLink to={paths.admin.getHref()} className={navLinkClass}>
                    Admin
                  </NavLink>
                </li>
              )}
              <li>
                <NavLink to={paths.profile.getHref()} className={navLinkClass}>
                  <span className="nav-avatar">
                    {user && (
                      <Suspense fallback={<AvatarInitial name={user.Username} size={32} letterAsText={false} />}>
                        <Avatar name={user.Username} path={user.profile_image_url} size={32} letterAsText={false} />
                      </Suspense>
                    )}
                    Profile
                  </span>
                </NavLink>
              </li>
            </>
          ) : (
            <li>
              {onRegister ? (
                <Link to={paths.login.getHref()} className="button button-primary">
                  Login
                </Link>
              ) : (
                <Link to={paths.register.getHref()} className="button button-primary">
                  Register
                </Link>
              )}
            </li>
          )}
        </ul>
      </nav>
    </header>
  );
}
