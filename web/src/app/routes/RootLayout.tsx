import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { Layout } from '#web/components/layout/Layout.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { useBackCloses } from '#web/hooks/use-back-closes.ts';
import { preloadChunksOf } from '#web/lib/lazy-chunks.ts';
import { useScrollRestoration } from './scroll-restoration.ts';

/**
 * The contact form (and with it the form library and zod) loads when the footer link is first used,
 * not with every page: it is the only form on pages like the landing page (docs/platform.md).
 */
const ContactModal = lazy(() => {
  preloadChunksOf('ContactModal');
  return import('#web/features/contact/components/ContactModal.tsx').then((m) => ({ default: m.ContactModal }));
});

/** The shell every route renders in. The app layer wires the footer to the contact feature. */
export function RootLayout() {
  const [contactOpen, setContactOpen] = useState(false);
  // Mounted from the first opening on, so a draft survives closing the modal.
  const [contactUsed, setContactUsed] = useState(false);
  // Back closes the form and keeps the page under it (docs/web.md, "Back closes what covers the page").
  const back = useBackCloses('contact', setContactOpen);
  useScrollRestoration();
  return (
    <Layout
      onContactClick={() => {
        setContactUsed(true);
        setContactOpen(true);
        back.enter();
      }}
    >
      <Suspense fallback={<Spinner className="page-spinner" />}>
        <Outlet />
      </Suspense>
      {contactUsed && (
        <Suspense fallback={null}>
          <ContactModal open={contactOpen} onClose={back.close} />
        </Suspense>
      )}
    </Layout>
  );
}
