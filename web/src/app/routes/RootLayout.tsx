import { Suspense, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { Layout } from '#web/components/layout/Layout.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { ContactModal } from '#web/features/contact/components/ContactModal.tsx';

/** The shell every route renders in. The app layer wires the footer to the contact feature. */
export function RootLayout() {
  const [contactOpen, setContactOpen] = useState(false);
  return (
    <Layout onContactClick={() => setContactOpen(true)}>
      <Suspense fallback={<Spinner className="page-spinner" />}>
        <Outlet />
      </Suspense>
      <ContactModal open={contactOpen} onClose={() => setContactOpen(false)} />
      <ScrollRestoration />
    </Layout>
  );
}
