import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

/** Stand-in for a screen a later issue builds: the page's title and a short note. */
export function ComingSoon({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <section className="page page-narrow">
      <h1>{title}</h1>
      <p>This page is coming soon.</p>
    </section>
  );
}
