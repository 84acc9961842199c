import { type ReactNode, useState } from 'react';
import { ToastProvider } from '#web/components/ui/Toasts.tsx';
import { AuthProvider } from '#web/lib/auth.tsx';
import { makeQueryClient, QueryClientProvider } from '#web/lib/react-query.ts';

/** App-wide context: toasts outermost so anything, auth included, can show one; server state below auth. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  return (
    <ToastProvider>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>{children}</AuthProvider>
      </QueryClientProvider>
    </ToastProvider>
  );
}
