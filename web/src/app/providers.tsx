import type { ReactNode } from 'react';
import { ToastProvider } from '#web/components/ui/Toasts.tsx';
import { AuthProvider } from '#web/lib/auth.tsx';

/** App-wide context: toasts outermost so anything, auth included, can show one. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ToastProvider>
      <AuthProvider>{children}</AuthProvider>
    </ToastProvider>
  );
}
