import type { ReactNode } from 'react';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

/** The frame both legal pages share: a title, a one-line summary, readable sections. */
export function LegalPage({ title, summary, children }: { title: string; summary: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <article className="page page-narrow legal">
      <h1>{title}</h1>
      <p className="legal-summary">{summary}</p>
      {children}
    </article>
  );
}
