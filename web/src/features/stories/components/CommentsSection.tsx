import { COMMENT_MAX } from '@storyloom/shared/constants';
import { commentText } from '@storyloom/shared/messages';
import { type CommentDto, commentSchema, type StoryDto, storyMessages } from '@storyloom/shared/schemas/stories';
import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { CommentList } from '#web/components/story/CommentList.tsx';
import { BusyButton } from '#web/components/ui/BusyButton.tsx';
import { CharCount } from '#web/components/ui/CharCount.tsx';
import { ConfirmDialog } from '#web/components/ui/ConfirmDialog.tsx';
import { FormAlert } from '#web/components/ui/FormAlert.tsx';
import { LoadMore } from '#web/components/ui/LoadMore.tsx';
import { useToast } from '#web/components/ui/Toasts.tsx';
import { useForm } from '#web/hooks/use-form.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { useAddComment } from '../api/add-comment.ts';
import { useDeleteComment } from '../api/delete-comment.ts';
import { useOlderComments } from '../api/get-comments.ts';

/**
 * Family comments on /story/{id} (the spec carries comments but no screen: docs/web.md). Everyone who
 * can open the story reads them; the form shows when the server says the reader may comment and the
 * owner allows comments; a delete button shows where the server says `can_delete`.
 */
export function CommentsSection({ story }: { story: StoryDto }) {
  const toast = useToast();
  const id = useId();
  const add = useAddComment(story.ID);
  const remove = useDeleteComment(story.ID);
  const form = useForm({ schema: commentSchema, defaultValues: { text: '' }, fallback: commentText.addFailed });
  const [toDelete, setToDelete] = useState<CommentDto | null>(null);
  const canComment = story.allow_comments && story.permissions.comment;
  const textInput = form.inputProps('text');
  const text = useWatch({ control: form.form.control, name: 'text' }) ?? '';
  const older = useOlderComments(story);
  const comments = [...older.comments, ...story.comments];

  const onSubmit = form.submit(async ({ text }) => {
    const { message } = await add.mutateAsync(text);
    form.form.reset({ text: '' });
    toast.success(message);
  });

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => toast.success(storyMessages.commentDeleted),
      onError: (err) => toast.error(err instanceof ApiError ? err.message : commentText.deleteFailed),
      onSettled: () => setToDelete(null),
    });
  };

  return (
    <section className="comments" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        Comments{' '}
        <span className="count">
          ({comments.length}
          {older.more.hasNextPage ? '+' : ''})
        </span>
      </h2>
      {/* The story carries the newest comments; older ones load above them on request. */}
      <LoadMore list={older.more} what="Comments" fallback={commentText.loadFailed} />
      <CommentList comments={comments} onDelete={setToDelete} deletingId={remove.isPending ? toDelete?.id : null} />

      {canComment ? (
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
      ) : (
        <p className="comments-note">
          {story.allow_comments
            ? 'You can read this story. Its owner has not invited you to comment.'
            : 'Comments are turned off for this story.'}
        </p>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        title="Delete Comment?"
        confirmLabel="Delete Comment"
        busyLabel="Deleting…"
        cancelLabel="Keep Comment"
        busy={remove.isPending}
        danger
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      >
        <p>
          The comment by <strong>{toDelete?.author.username}</strong> will be removed for everyone.
        </p>
      </ConfirmDialog>
    </section>
  );
}
