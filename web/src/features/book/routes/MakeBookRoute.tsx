import { bookText } from '@storyloom/shared/messages/book';
import { useEffect, useRef } from 'react';
import { LoadError } from '#web/components/ui/LoadError.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useQueryClient } from '#web/lib/queries.ts';
import { bookKeys, useBookStories, useBooks, useLatestBook } from '../api/books.ts';
import { BookForm } from '../components/BookForm.tsx';
import { BookList } from '../components/BookList.tsx';
import { BookProgress } from '../components/BookProgress.tsx';

/**
 * /make-book (issue #21, docs/keepsake.md "A printed book"): choose stories, page size, title and
 * dedication; follow the worker's progress (kept across reloads); download; turn a book's link off.
 */
export function MakeBookRoute() {
  useDocumentTitle(bookText.pageTitle);
  const { user } = useAuth();
  const stories = useBookStories();
  const latest = useLatestBook();
  const books = useBooks();
  const form = useRef<HTMLFormElement>(null);
  const build = latest.data?.build ?? null;
  const working = build?.status === 'queued' || build?.status === 'running';
  const client = useQueryClient();

  // A finished book has its listening link: the list of books shows it once the build ends.
  useEffect(() => {
    if (build?.status === 'done' || build?.status === 'failed')
      void client.invalidateQueries({ queryKey: bookKeys.list() });
  }, [build?.status, client]);

  return (
    <section className="page page-narrow book-page">
      <h1>{bookText.pageTitle}</h1>
      <p className="section-lead">{bookText.intro}</p>
      {build && <BookProgress build={build} onRetry={() => form.current?.requestSubmit()} />}
      {latest.isError && <LoadError message={latest.error.message} onRetry={() => void latest.refetch()} />}
      {stories.isPending && <Spinner />}
      {stories.isError && <LoadError message={stories.error.message} onRetry={() => void stories.refetch()} />}
      {stories.data && stories.data.length === 0 && <p>{bookText.noStories}</p>}
      {stories.data && stories.data.length > 0 && (
        <BookForm
          stories={stories.data}
          defaultTitle={user ? bookText.defaultTitle(user.Username) : ''}
          busy={working}
          formRef={form}
        />
      )}
      {books.data && <BookList books={books.data.books} />}
    </section>
  );
}
