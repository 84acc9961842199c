import type { BookSummaryDto } from '@storyloom/shared/book';
import { bookText } from '@storyloom/shared/messages/book';
import { useId, useState } from 'react';
import { ConfirmDialog } from '#web/components/ui/ConfirmDialog.tsx';
import { FormAlert } from '#web/components/ui/FormAlert.tsx';
import { useToast } from '#web/components/ui/Toasts.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { useRevokeBookLink } from '../api/books.ts';

/** The storyteller's books and their listening links, each of which they can turn off for good. */
export function BookList({ books }: { books: BookSummaryDto[] }) {
  const id = useId();
  const toast = useToast();
  const revoke = useRevokeBookLink();
  const [asking, setAsking] = useState<BookSummaryDto | null>(null);
  const [error, setError] = useState<string | null>(null);
  const withLinks = books.filter((book) => book.link !== 'none');
  if (withLinks.length === 0) return null;

  const confirm = () => {
    if (!asking) return;
    setError(null);
    revoke.mutate(asking.id, {
      onSuccess: (res) => {
        setAsking(null);
        toast.success(res.message);
      },
      onError: (e) => {
        setAsking(null);
        setError(e.message);
      },
    });
  };

  return (
    <section className="card book-list" aria-labelledby={`${id}-books`}>
      <h2 id={`${id}-books`}>{bookText.yourBooks}</h2>
      <FormAlert message={error} />
      <ul>
        {withLinks.map((book) => (
          <li key={book.id} className="book-list-item">
            <p>
              <strong>{book.title}</strong> <span className="field-hint">{formatDateTime(book.created_at)}</span>
            </p>
            {book.link === 'live' ? (
              <>
                <p>{bookText.linkLive}</p>
                <button type="button" className="button button-danger" onClick={() => setAsking(book)}>
                  {bookText.revoke}
                </button>
              </>
            ) : (
              <p role="status">{bookText.revoked}</p>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={asking !== null}
        title={bookText.revoke}
        confirmLabel={bookText.revoke}
        busy={revoke.isPending}
        danger
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
      >
        <p>{bookText.revokeConfirm}</p>
      </ConfirmDialog>
    </section>
  );
}
