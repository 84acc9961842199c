import { type ReactNode, useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { BetaBanner } from './BetaBanner.tsx';
import { Footer } from './Footer.tsx';
import { Navbar } from './Navbar.tsx';

export const MAIN_ID = 'main-content';

/**
 * The page shell: skip link, beta banner, header, main, footer. After a client-side navigation
 * focus moves to <main>, so keyboard and screen-reader users start at the new page, not the old link.
 */
export function Layout({ children, onContactClick }: { children: ReactNode; onContactClick: () => void }) {
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const firstPath = useRef(pathname);

  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = '';
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className="app">
      <a className="skip-link" href={`#${MAIN_ID}`}>
        Skip to main content
      </a>
      <BetaBanner />
      <Navbar />
      <main id={MAIN_ID} ref={mainRef} tabIndex={-1} className="site-main">
        {children}
      </main>
      <Footer onContactClick={onContactClick} />
    </div>
  );
}
