import { COMMENT_MAX } from '@storyloom/shared/constants';
import { commentText } from '@storyloom/shared/messages/reading';
import { commentSchema } from '@storyloom/shared/schemas/stories';
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { BusyButton } from '#web/components/ui/BusyButton.tsx';
import { CharCount } from '#web/components/ui/CharCount.tsx';
import { FormAlert } from '#web/components/ui/FormAlert.tsx';
import { useToast } from '#web/components/ui/Toasts.tsx';
import { useTextDraft } from '#web/hooks/use-draft.ts';
import { useForm } from '#web/hooks/use-form.ts';
import { useAddComment } from '../api/add-comment.ts';

/**
 * "Add a comment" under a story's comments (CommentsSection.tsx loads it lazily: the form library and zod
 * are not part of the story page's first load, docs/web.md "First load").
 */
export function CommentForm({ storyId }: { storyId: string }) {
  const toast = useToast();
  const add = useAddComment(storyId);
  // A half-written comment survives leaving the page (Back on a phone, a tap on a link): it is back in the box
  // on return, without asking.
  const draft = useTextDraft(`comment.${storyId}`);
  const form = useForm({
    schema: commentSchema,
    defaultValues: { text: draft.offered?.values.text ?? '' },
    fallback: commentText.addFailed,
  });
  const textInput = form.inputProps('text');
  const text = useWatch({ control: form.form.control, name: 'text' }) ?? '';
  // What is typed is kept as it is typed, and emptied with the box once posted (an empty box keeps nothing).
  const { write } = draft;
  useEffect(() => write(text.trim() ? { text } : null), [text, write]);

  const onSubmit = form.submit(async ({ text }) => {
    const sent = form.form.getValues('text');
    const { message } = await add.mutateAsync(text);
    // Empty the box only if it still holds what was sent: words typed while it was posting are the next comment.
    if (form.form.getValues('text') === sent) form.form.reset({ text: '' });
    toast.success(message);
  });

  return (
    <form className="form comment-form" onSubmit={onSubmit} noValidate>
      <div className="field">
        <label htmlFor={textInput.id}>Add a comment</label>
        <textarea
          {...textInput}
          rows={4}
          dir="auto"
          aria-describedby={[textInput['aria-describedby'], `${textInput.id}-count`].filter(Boolean).join(' ')}
        />
        <CharCount id={`${textInput.id}-count`} value={text} max={COMMENT_MAX} />
      </div>
      <FormAlert id={form.errorId} message={form.error?.message} alertRef={form.errorRef} />
      <div className="button-row">
        <BusyButton className="button button-primary" busy={form.busy} busyLabel="Posting…">
          Post Comment
        </BusyButton>
      </div>
    </form>
  );
}
