import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

/**
 * Shown inside the shell when a page throws or its code cannot be fetched
 * (typically an old tab after a new release replaced the hashed files).
 */
export function RouteError() {
  const error = useRouteError();
  useDocumentTitle('Something Went Wrong');
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <section className="page page-narrow">
      <h1>Something Went Wrong</h1>
      <p>This page could not be shown. Reloading usually fixes it.</p>
      <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
        Reload the Page
      </button>
    </section>
  );
}
