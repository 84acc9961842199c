import { BOOK_DEDICATION_MAX, BOOK_TITLE_MAX, type BookPageSizeName, makeBookSchema } from '@storyloom/shared/book';
import { inBookOrder } from '@storyloom/shared/book-order';
import { bookText } from '@storyloom/shared/messages/book';
import { firstIssue } from '@storyloom/shared/schemas/fields';
import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { type FormEvent, type Ref, useId, useMemo, useState } from 'react';
import { BusyButton } from '#web/components/ui/BusyButton.tsx';
import { FormAlert } from '#web/components/ui/FormAlert.tsx';
import { LeaveFormDialog } from '#web/components/ui/LeaveFormDialog.tsx';
import { useLeaveGuard } from '#web/hooks/use-leave-guard.ts';
import { formatPeriod, formatShortDate } from '#web/lib/format.ts';
import { useMakeBook } from '../api/books.ts';

/**
 * The book's choices: which stories (all, in the book's date order, until the storyteller unticks
 * some), page size, title and dedication. Checked with the same schema as the API.
 */
export function BookForm({
  stories,
  defaultTitle,
  busy,
  formRef,
}: {
  stories: StoryDto[];
  defaultTitle: string;
  /** A book is being made: one at a time. */
  busy: boolean;
  /** Try again (on a failed book) submits this form again. */
  formRef?: Ref<HTMLFormElement>;
}) {
  const id = useId();
  const make = useMakeBook();
  const ordered = useMemo(
    () =>
      inBookOrder(
        stories.map((s) => ({ ...s, id: s.ID, createdAt: s.created_at, startDate: s.start_date ?? undefined })),
      ),
    [stories],
  );
  const [excluded, setExcluded] = useState<ReadonlySet<string>>(new Set());
  const [pageSize, setPageSize] = useState<BookPageSizeName>('letter');
  const [title, setTitle] = useState(defaultTitle);
  const [dedication, setDedication] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Leaving asks while the choices differ from the last book made (or the defaults): a dedication is
  // written with care, and Back used to drop it silently (docs/web.md, "Nothing lost").
  const choices = JSON.stringify([title, dedication, pageSize, [...excluded].sort()]);
  const [madeWith, setMadeWith] = useState(() => JSON.stringify([defaultTitle, '', 'letter', []]));
  const guard = useLeaveGuard(choices !== madeWith);

  const chosen = ordered.filter((s) => !excluded.has(s.ID));
  const toggle = (storyId: string) =>
    setExcluded((old) => {
      const next = new Set(old);
      if (next.has(storyId)) next.delete(storyId);
      else next.add(storyId);
      return next;
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const parsed = makeBookSchema.safeParse({
      title,
      dedication,
      page_size: pageSize,
      // Every story chosen: send none, so stories written while the book is queued go in too.
      story_ids: excluded.size === 0 ? undefined : chosen.map((s) => s.ID),
    });
    if (!parsed.success) {
      setError(firstIssue(parsed.error));
      return;
    }
    make.mutate(parsed.data, { onSuccess: () => setMadeWith(choices), onError: (e) => setError(e.message) });
  };

  return (
    <form ref={formRef} className="form card book-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{bookText.formTitle}</h2>
      <FormAlert message={error} />
      <div className="field">
        <label htmlFor={`${id}-book-title`}>{bookText.title}</label>
        <input
          id={`${id}-book-title`}
          value={title}
          maxLength={BOOK_TITLE_MAX}
          onChange={(e) => setTitle(e.target.value)}
          required
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-dedication`}>{bookText.dedication}</label>
        <textarea
          id={`${id}-dedication`}
          value={dedication}
          maxLength={BOOK_DEDICATION_MAX}
          rows={3}
          onChange={(e) => setDedication(e.target.value)}
        />
      </div>
      <fieldset className="fieldset radio-group book-page-size">
        <legend>{bookText.pageSize}</legend>
        {(
          [
            ['letter', bookText.pageSizeLetter],
            ['a5', bookText.pageSizeA5],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="radio-option">
            <input
              type="radio"
              name={`${id}-size`}
              value={value}
              checked={pageSize === value}
              onChange={() => setPageSize(value)}
            />{' '}
            {label}
          </label>
        ))}
      </fieldset>
      <fieldset className="fieldset radio-group book-stories">
        <legend>
          {bookText.chooseStories} ({chosen.length} / {ordered.length})
        </legend>
        <p className="field-hint">{bookText.storiesHint}</p>
        <div className="button-row">
          <button type="button" className="link-button" onClick={() => setExcluded(new Set())}>
            {bookText.selectAll}
          </button>
          <button type="button" className="link-button" onClick={() => setExcluded(new Set(ordered.map((s) => s.ID)))}>
            {bookText.selectNone}
          </button>
        </div>
        <ul className="book-story-list">
          {ordered.map((story) => (
            <li key={story.ID}>
              <label className="radio-option">
                <input type="checkbox" checked={!excluded.has(story.ID)} onChange={() => toggle(story.ID)} />{' '}
                <span>
                  <span className="book-story-title">{story.title}</span>
                  <span className="radio-hint book-story-date">
                    {formatPeriod(story.start_date, story.end_date) || formatShortDate(story.created_at)}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <BusyButton
        className="button button-primary button-block"
        // Busy (aria-disabled), not disabled, while the book is made: a focused button that turns disabled
        // drops a keyboard user to the top of the page.
        busy={make.isPending || busy}
        busyLabel={bookText.making}
        disabled={chosen.length === 0}
      >
        {bookText.make}
      </BusyButton>
      <LeaveFormDialog blocker={guard.blocker} />
    </form>
  );
}
