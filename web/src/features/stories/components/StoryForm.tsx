import { STORY_CONTENT_MAX, STORY_TITLE_MAX } from '@storyloom/shared/constants';
import { storyFormText as text } from '@storyloom/shared/messages/stories';
import type { FormEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { BusyButton } from '#web/components/ui/BusyButton.tsx';
import { CharCount } from '#web/components/ui/CharCount.tsx';
import { FormAlert } from '#web/components/ui/FormAlert.tsx';
import type { FormState } from '#web/hooks/use-form.ts';
import type { StoryField, StoryFormValues } from '../utils/story-form.ts';

export interface StoryFormProps {
  // biome-ignore lint/suspicious/noExplicitAny: create and edit parse to different shapes; the form only renders.
  form: FormState<StoryFormValues, any>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  submitLabel: string;
  busyLabel: string;
  /** Everything is read-only (after a successful save, while the page moves on). */
  locked?: boolean;
  /** Audio stories: the content is an optional description, and place and dates are not editable. */
  isAudio?: boolean;
}

/**
 * The create and edit form (spec section 2): title, content, location, start and end date.
 * It validates on submit only (useForm runs the shared schema) and shows one message at a time.
 */
export function StoryForm({
  form,
  onSubmit,
  onCancel,
  submitLabel,
  busyLabel,
  locked = false,
  isAudio = false,
}: StoryFormProps) {
  const [title = '', content = ''] = useWatch({ control: form.form.control, name: ['title', 'content'] });
  const busy = form.busy;
  const field = (name: StoryField, extra: string[] = []) => {
    const props = form.inputProps(name);
    const describedBy = [...extra.map((e) => `${props.id}-${e}`), props['aria-describedby']].filter(Boolean);
    return { ...props, 'aria-describedby': describedBy.join(' ') || undefined, readOnly: locked };
  };
  const idOf = (name: StoryField) => form.inputProps(name).id;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (busy || locked) {
      event.preventDefault();
      return;
    }
    onSubmit(event);
  };
  const disabled = busy || locked;

  return (
    <form className="form story-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={idOf('title')}>{text.title}</label>
        <p className="field-hint" id={`${idOf('title')}-hint`}>
          {text.titleHint}
        </p>
        <input {...field('title', ['hint', 'count'])} type="text" dir="auto" required />
        <CharCount id={`${idOf('title')}-count`} value={title} max={STORY_TITLE_MAX} />
      </div>

      <div className="field">
        <label htmlFor={idOf('content')}>{isAudio ? text.description : text.content}</label>
        <p className="field-hint" id={`${idOf('content')}-hint`}>
          {isAudio ? text.descriptionHint : text.contentHint}
        </p>
        <textarea {...field('content', ['hint', 'count'])} rows={isAudio ? 5 : 14} dir="auto" required={!isAudio} />
        <CharCount id={`${idOf('content')}-count`} value={content} max={STORY_CONTENT_MAX} />
      </div>

      {!isAudio && (
        <>
          <div className="field">
            <label htmlFor={idOf('location')}>{text.location}</label>
            <p className="field-hint" id={`${idOf('location')}-hint`}>
              {text.locationHint}
            </p>
            <input {...field('location', ['hint'])} type="text" dir="auto" />
          </div>

          <fieldset className="fieldset date-fields">
            <legend>{text.when}</legend>
            <p className="field-hint">{text.whenHint}</p>
            <div className="date-row">
              <div className="field">
                <label htmlFor={idOf('start_date')}>{text.startDate}</label>
                <input {...field('start_date')} type="date" />
              </div>
              <div className="field">
                <label htmlFor={idOf('end_date')}>{text.endDate}</label>
                <input {...field('end_date')} type="date" />
              </div>
            </div>
          </fieldset>
        </>
      )}

      <FormAlert id={form.errorId} message={form.error?.message} alertRef={form.errorRef} />

      <div className="button-row form-actions">
        <BusyButton className="button button-primary button-large" busy={busy} busyLabel={busyLabel} disabled={locked}>
          {submitLabel}
        </BusyButton>
        <button type="button" className="button button-secondary button-large" onClick={onCancel} disabled={disabled}>
          {text.cancel}
        </button>
      </div>
    </form>
  );
}
