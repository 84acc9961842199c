import { BusyButton } from '#web/components/ui/BusyButton.tsx';
import { errorText } from '#web/lib/api-client.ts';
import type { MorePages } from '#web/lib/cursor-pages.ts';

/** "Load more" under a list the server pages by cursor (admin tables, the dashboard); a failure keeps the rows loaded. */
export function LoadMore({ list, what, fallback }: { list: MorePages; what: string; fallback: string }) {
  const moreError = list.isFetchNextPageError ? errorText(list.error, fallback) : null;
  if (!list.hasNextPage && !moreError) return null;
  return (
    <div className="load-more">
      {moreError && (
        <p className="form-error" role="alert">
          {moreError}
        </p>
      )}
      {list.hasNextPage && (
        <BusyButton
          type="button"
          className="button button-secondary"
          onClick={() => void list.fetchNextPage()}
          busy={list.isFetchingNextPage}
          busyLabel="Loading…"
        >{`Load More ${what}`}</BusyButton>
      )}
    </div>
  );
}
