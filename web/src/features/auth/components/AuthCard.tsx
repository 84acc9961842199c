import type { ReactNode } from 'react';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

export type AuthTone = 'success' | 'error';

/**
 * The frame of every authentication screen: a centred card with the page's one heading (also the
 * document title). `tone` adds an icon beside the heading; the heading's words carry the meaning.
 */
export function AuthCard({ title, tone, children }: { title: string; tone?: AuthTone; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <section className="auth-page">
      <div className="card auth-card">
        {tone && (
          <span className={`status-icon status-icon-${tone}`} aria-hidden="true">
            {tone === 'success' ? '✓' : '!'}
          </span>
        )}
        <h1>{title}</h1>
        {children}
      </div>
    </section>
  );
}
