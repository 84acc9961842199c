import { useEffect } from 'react';

export const SITE_NAME = 'Storyloom';

/** Names the browser tab (and what screen readers announce on navigation) after the page. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${SITE_NAME}` : SITE_NAME;
  }, [title]);
}
