import { type ChangeEvent, type FormEvent, type RefObject, useId, useRef } from 'react';
import { isStoryField, type StoryField, type StoryFormValues } from '../utils/story-form.ts';

export interface StoryFormProps {
  values: StoryFormValues;
  onChange: (field: StoryField, value: string) => void;
  onSubmit: () => void;
  onCancel: () => void;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** Everything is read-only (after a successful save, while the page moves on). */
  locked?: boolean;
  /** The message to show (validation or the server's), and the field it is about, if any. */
  error: string | null;
  invalidField: StoryField | null;
  /** Audio stories: the content is an optional description, and place and dates are not editable. */
  isAudio?: boolean;
  /** Lets the page focus the field a message is about. */
  fieldRefs: Record<StoryField, RefObject<HTMLInputElement | HTMLTextAreaElement | null>>;
}

/** Refs for the form's fields, so a page can move focus to the one a message is about. */
export function useStoryFieldRefs(): StoryFormProps['fieldRefs'] {
  return {
    title: useRef<HTMLInputElement>(null),
    content: useRef<HTMLTextAreaElement>(null),
    location: useRef<HTMLInputElement>(null),
    start_date: useRef<HTMLInputElement>(null),
    end_date: useRef<HTMLInputElement>(null),
  };
}

/**
 * The create and edit form (spec section 2): title, content, location, start and end date.
 * It validates on submit only (the page runs the shared schema) and shows one message at a time.
 */
export function StoryForm({
  values,
  onChange,
  onSubmit,
  onCancel,
  submitLabel,
  busyLabel,
  busy,
  locked = false,
  error,
  invalidField,
  isAudio = false,
  fieldRefs,
}: StoryFormProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const fieldId = (field: StoryField) => `${id}-${field}`;
  const hintId = (field: StoryField) => `${id}-${field}-hint`;
  const describedBy = (field: StoryField, hint = false) =>
    [hint ? hintId(field) : '', error && invalidField === field ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const change = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    if (isStoryField(event.target.name)) onChange(event.target.name, event.target.value);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy && !locked) onSubmit();
  };
  const disabled = busy || locked;

  return (
    <form className="form story-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={fieldId('title')}>Title</label>
        <p className="field-hint" id={hintId('title')}>
          A few words that name the memory, like “The summer at the lake”.
        </p>
        <input
          ref={fieldRefs.title as RefObject<HTMLInputElement>}
          id={fieldId('title')}
          name="title"
          type="text"
          value={values.title}
          onChange={change}
          readOnly={locked}
          required
          aria-invalid={invalidField === 'title' || undefined}
          aria-describedby={describedBy('title', true)}
        />
      </div>

      <div className="field">
        <label htmlFor={fieldId('content')}>{isAudio ? 'Description (optional)' : 'Your story'}</label>
        <p className="field-hint" id={hintId('content')}>
          {isAudio
            ? 'A few lines about the recording, for readers who cannot listen.'
            : 'Write as much as you like. Start a new line for a new paragraph.'}
        </p>
        <textarea
          ref={fieldRefs.content as RefObject<HTMLTextAreaElement>}
          id={fieldId('content')}
          name="content"
          rows={isAudio ? 5 : 14}
          value={values.content}
          onChange={change}
          readOnly={locked}
          required={!isAudio}
          aria-invalid={invalidField === 'content' || undefined}
          aria-describedby={describedBy('content', true)}
        />
      </div>

      {!isAudio && (
        <>
          <div className="field">
            <label htmlFor={fieldId('location')}>Location (optional)</label>
            <p className="field-hint" id={hintId('location')}>
              Where it happened: a town, a house, a country.
            </p>
            <input
              ref={fieldRefs.location as RefObject<HTMLInputElement>}
              id={fieldId('location')}
              name="location"
              type="text"
              value={values.location}
              onChange={change}
              readOnly={locked}
              aria-invalid={invalidField === 'location' || undefined}
              aria-describedby={describedBy('location', true)}
            />
          </div>

          <fieldset className="fieldset date-fields">
            <legend>When did it happen? (optional)</legend>
            <p className="field-hint">
              Give a start date, an end date, or both. For a single day, give only the start.
            </p>
            <div className="date-row">
              <div className="field">
                <label htmlFor={fieldId('start_date')}>Start date</label>
                <input
                  ref={fieldRefs.start_date as RefObject<HTMLInputElement>}
                  id={fieldId('start_date')}
                  name="start_date"
                  type="date"
                  value={values.start_date}
                  onChange={change}
                  readOnly={locked}
                  aria-invalid={invalidField === 'start_date' || undefined}
                  aria-describedby={describedBy('start_date')}
                />
              </div>
              <div className="field">
                <label htmlFor={fieldId('end_date')}>End date</label>
                <input
                  ref={fieldRefs.end_date as RefObject<HTMLInputElement>}
                  id={fieldId('end_date')}
                  name="end_date"
                  type="date"
                  value={values.end_date}
                  onChange={change}
                  readOnly={locked}
                  aria-invalid={invalidField === 'end_date' || undefined}
                  aria-describedby={describedBy('end_date')}
                />
              </div>
            </div>
          </fieldset>
        </>
      )}

      {error && (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      )}

      <div className="button-row form-actions">
        <button type="submit" className="button button-primary button-large" disabled={disabled} aria-busy={busy}>
          {busy ? busyLabel : submitLabel}
        </button>
        <button type="button" className="button button-secondary button-large" onClick={onCancel} disabled={disabled}>
          Cancel
        </button>
      </div>
    </form>
  );
}
