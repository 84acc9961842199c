import { fallback } from '@storyloom/shared/messages';
import type { PublicStoriesResponse } from '@storyloom/shared/schemas/stories';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { LoadError } from '#web/components/ui/LoadError.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { paths } from '#web/config/paths.ts';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { usePublicStories } from '../api/get-public-stories.ts';
import { DiscoverCard } from '../components/DiscoverCard.tsx';
import { filterStories, paginationText, parsePage, showPagination } from '../utils/discovery.ts';

/**
 * /stories (spec section 2): public stories, a page at a time. The page lives in the URL (?page=2),
 * so Back and Forward move between pages; the search filters the loaded page only.
 */
export function StoriesRoute() {
  useDocumentTitle('Stories');
  const [params, setParams] = useSearchParams();
  const page = parsePage(params.get('page'));
  const [term, setTerm] = useState('');
  const searchId = useId();
  const query = usePublicStories(page);
  const lastPage = query.data?.pagination.total_pages ?? 0;
  // A page number past the last page (an old link, stories made private since) goes to the last page.
  const pastTheEnd = lastPage >= 1 && page > lastPage;
  const resultsRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  const goTo = (next: number) => {
    moved.current = true;
    setParams(next === 1 ? {} : { page: String(next) });
  };

  useEffect(() => {
    if (pastTheEnd) setParams(lastPage === 1 ? {} : { page: String(lastPage) }, { replace: true });
  }, [pastTheEnd, lastPage, setParams]);

  // After Previous/Next, start the reader at the top of the new page's list.
  useEffect(() => {
    if (!query.data || !moved.current) return;
    moved.current = false;
    window.scrollTo({ top: 0 });
    resultsRef.current?.focus({ preventScroll: true });
  }, [query.data]);

  return (
    <section className="page discover">
      <header className="page-header">
        <h1>Stories</h1>
        <p className="section-lead">Memories that families have chosen to share with everyone. Open one to read it.</p>
      </header>

      {/* biome-ignore lint/a11y/useSemanticElements: <search> is unknown to Safari 15 and Chrome 100, which we support. */}
      <form role="search" className="search-box" onSubmit={(event) => event.preventDefault()}>
        <div className="field">
          <label htmlFor={searchId}>Search the stories on this page</label>
          <input
            id={searchId}
            type="search"
            value={term}
            onChange={(event) => setTerm(event.target.value)}
            placeholder="A title, a place or a word"
            autoComplete="off"
          />
        </div>
      </form>

      {(query.isPending || pastTheEnd) && <Spinner label="Loading stories…" className="page-spinner" />}
      {query.isError && (
        <LoadError message={query.error.message || fallback.loadPublicStories} onRetry={() => void query.refetch()} />
      )}
      {query.isSuccess && !pastTheEnd && (
        <Results data={query.data} term={term} onClear={() => setTerm('')} onPage={goTo} resultsRef={resultsRef} />
      )}
    </section>
  );
}

function Results({
  data,
  term,
  onClear,
  onPage,
  resultsRef,
}: {
  data: PublicStoriesResponse;
  term: string;
  onClear: () => void;
  onPage: (page: number) => void;
  resultsRef: RefObject<HTMLHeadingElement | null>;
}) {
  const { isLoggedIn } = useAuth();
  const { stories, pagination } = data;
  const shown = filterStories(stories, term);
  const searching = term.trim() !== '';
  const text = paginationText(pagination);

  if (pagination.total === 0) {
    return (
      <div className="empty-state card">
        <h2>No Stories Yet</h2>
        <p>Nobody has shared a public story yet. Yours could be the first.</p>
        <Link
          to={isLoggedIn ? paths.createStory.getHref() : paths.register.getHref()}
          className="button button-primary"
        >
          {isLoggedIn ? 'Write a Story' : 'Start Your Story'}
        </Link>
      </div>
    );
  }

  return (
    <>
      <h2 className="visually-hidden" ref={resultsRef} tabIndex={-1}>
        {searching ? 'Search results' : `Stories, ${text.position.toLowerCase()}`}
      </h2>
      <p className="results-count" role="status">
        {searching ? `${shown.length} of ${stories.length} stories on this page match.` : ''}
      </p>

      {stories.length === 0 ? (
        <div className="empty-state card">
          <p>There are no stories on this page.</p>
          <button type="button" className="button button-primary" onClick={() => onPage(1)}>
            Go to the First Page
          </button>
        </div>
      ) : shown.length === 0 ? (
        <div className="empty-state card">
          <h2>No stories match "{term.trim()}"</h2>
          <p>Try another word, or clear the search to see every story on this page.</p>
          <button type="button" className="button button-secondary" onClick={onClear}>
            Clear Search
          </button>
        </div>
      ) : (
        <ul className="story-grid">
          {shown.map((story) => (
            <li key={story.ID}>
              <DiscoverCard story={story} />
            </li>
          ))}
        </ul>
      )}

      {showPagination(pagination, term) && (
        <nav className="pagination" aria-label="Pagination">
          <button
            type="button"
            className="button button-secondary"
            onClick={() => onPage(pagination.page - 1)}
            disabled={pagination.page <= 1}
          >
            <span aria-hidden="true">‹ </span>Previous
          </button>
          <p className="pagination-status">
            <span>{text.position}</span> <span className="pagination-total">{text.total}</span>
          </p>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => onPage(pagination.page + 1)}
            disabled={pagination.page >= pagination.total_pages}
          >
            Next<span aria-hidden="true"> ›</span>
          </button>
        </nav>
      )}
    </>
  );
}
