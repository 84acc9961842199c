import { firstIssue } from '@storyloom/shared/schemas/fields';
import { type CommentDto, commentSchema, type StoryDto, storyMessages } from '@storyloom/shared/schemas/stories';
import { type FormEvent, useId, useRef, useState } from 'react';
import { CommentList } from '#web/components/story/CommentList.tsx';
import { ConfirmDialog } from '#web/components/ui/ConfirmDialog.tsx';
import { useToast } from '#web/components/ui/Toasts.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { addComment } from '../api/add-comment.ts';
import { deleteComment } from '../api/delete-comment.ts';
import { commentText } from '../utils/comment-text.ts';

/**
 * Family comments on /story/{id} (the spec carries comments but no screen: docs/web.md). Everyone who
 * can open the story reads them; the form shows when the server says the reader may comment and the
 * owner allows comments; a delete button shows where the server says `can_delete`.
 */
export function CommentsSection({
  story,
  onChange,
}: {
  story: StoryDto;
  onChange: (update: (comments: CommentDto[]) => CommentDto[]) => void;
}) {
  const toast = useToast();
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [posting, setPosting] = useState(false);
  const [toDelete, setToDelete] = useState<CommentDto | null>(null);
  const [deleting, setDeleting] = useState(false);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const canComment = story.allow_comments && story.permissions.comment;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (posting) return;
    const parsed = commentSchema.safeParse({ text });
    if (!parsed.success) {
      setError(firstIssue(parsed.error));
      inputRef.current?.focus();
      return;
    }
    setPosting(true);
    setError(null);
    try {
      const { message, comment } = await addComment(story.ID, parsed.data.text);
      onChange((comments) => [...comments, comment]);
      setText('');
      toast.success(message);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : commentText.addFailed);
    } finally {
      setPosting(false);
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deleteComment(story.ID, toDelete.id);
      const gone = toDelete.id;
      onChange((comments) => comments.filter((c) => c.id !== gone));
      toast.success(storyMessages.commentDeleted);
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : commentText.deleteFailed);
    } finally {
      setDeleting(false);
      setToDelete(null);
    }
  };

  return (
    <section className="comments" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        Comments <span className="count">({story.comments.length})</span>
      </h2>
      <CommentList comments={story.comments} onDelete={setToDelete} deletingId={deleting ? toDelete?.id : null} />

      {canComment ? (
        <form className="form comment-form" onSubmit={onSubmit} noValidate>
          <div className="field">
            <label htmlFor={`${id}-text`}>Add a comment</label>
            <textarea
              ref={inputRef}
              id={`${id}-text`}
              name="text"
              rows={4}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                if (error) setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          </div>
          {error && (
            <p id={`${id}-error`} className="form-error" role="alert">
              {error}
            </p>
          )}
          <div className="button-row">
            <button type="submit" className="button button-primary" disabled={posting} aria-busy={posting}>
              {posting ? 'Posting…' : 'Post Comment'}
            </button>
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
        busy={deleting}
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
