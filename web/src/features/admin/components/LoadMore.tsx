import type { CursorList } from '../hooks/use-cursor-list.ts';

/** "Load more" under an admin table while the server has another page. */
export function LoadMore({
  list,
  what,
}: {
  list: Pick<CursorList<unknown>, 'hasMore' | 'moreError' | 'loadingMore' | 'loadMore'>;
  what: string;
}) {
  if (!list.hasMore && !list.moreError) return null;
  return (
    <div className="load-more">
      {list.moreError && (
        <p className="form-error" role="alert">
          {list.moreError}
        </p>
      )}
      {list.hasMore && (
        <button
          type="button"
          className="button button-secondary"
          onClick={list.loadMore}
          disabled={list.loadingMore}
          aria-busy={list.loadingMore}
        >
          {list.loadingMore ? 'Loading…' : `Load More ${what}`}
        </button>
      )}
    </div>
  );
}
