import { commentText, storyReadingText } from '@storyloom/shared/messages/reading';
import type { CommentDto, StoryDto } from '@storyloom/shared/schemas/stories';
import { lazy, Suspense, useId, useState } from 'react';
import { CommentList } from '#web/components/story/CommentList.tsx';
import { ConfirmDialog } from '#web/components/ui/ConfirmDialog.tsx';
import { LoadMore } from '#web/components/ui/LoadMore.tsx';
import { useToast } from '#web/components/ui/Toasts.tsx';
import { useFocusAfterRemoval } from '#web/hooks/use-focus-after-removal.ts';
import { errorText } from '#web/lib/api-client.ts';
import { preloadChunksOf } from '#web/lib/lazy-chunks.ts';
import { useDeleteComment } from '../api/delete-comment.ts';
import { useOlderComments } from '../api/get-comments.ts';

const CommentForm = lazy(() => {
  preloadChunksOf('CommentForm');
  return import('./CommentForm.tsx').then((m) => ({ default: m.CommentForm }));
});

/**
 * Family comments on /story/{id} (the spec carries comments but no screen: docs/web.md). Everyone who
 * can open the story reads them; the form shows when the server says the reader may comment and the
 * owner allows comments; a delete button shows where the server says `can_delete`.
 */
export function CommentsSection({ story }: { story: StoryDto }) {
  const toast = useToast();
  const id = useId();
  const remove = useDeleteComment(story.ID);
  const [toDelete, setToDelete] = useState<CommentDto | null>(null);
  const canComment = story.allow_comments && story.permissions.comment;
  const older = useOlderComments(story);
  const comments = [...older.comments, ...story.comments];
  // A removed item takes its button (and the keyboard's focus) with it: the heading takes the focus.
  const { targetRef: headingRef, removing } = useFocusAfterRemoval(comments.length);

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        removing();
        toast.success(storyReadingText.commentDeleted);
      },
      onError: (err) => toast.error(errorText(err, commentText.deleteFailed)),
      onSettled: () => setToDelete(null),
    });
  };

  return (
    <section className="comments" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1}>
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
        // The form's height is kept while its code arrives, so what follows does not move when it comes.
        <Suspense fallback={<div className="comment-form-placeholder" aria-busy="true" />}>
          <CommentForm storyId={story.ID} />
        </Suspense>
      ) : (
        <p className="comments-note">{story.allow_comments ? commentText.readOnly : commentText.turnedOff}</p>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        title={commentText.delete.title}
        confirmLabel={commentText.delete.confirm}
        busyLabel={commentText.delete.busy}
        cancelLabel={commentText.delete.keep}
        busy={remove.isPending}
        danger
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      >
        <p>{commentText.delete.body(<strong key="username">{toDelete?.author.username}</strong>)}</p>
      </ConfirmDialog>
    </section>
  );
}
