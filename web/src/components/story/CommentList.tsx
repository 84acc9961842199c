import { commentText } from '@storyloom/shared/messages/reading';
import type { CommentDto } from '@storyloom/shared/schemas/stories';
import { formatDateTime } from '#web/lib/format.ts';
import { Avatar } from '../media/Avatar.tsx';

export interface CommentListProps {
  comments: readonly CommentDto[];
  /** Offered on comments the reader may delete (`can_delete`); omit for a read-only list. */
  onDelete?: (comment: CommentDto) => void;
  /** The comment being deleted, whose button waits. */
  deletingId?: string | null;
  emptyText?: string;
}

/** Family comments, oldest first: who, when, what. Text is shown as typed (line breaks kept), never as HTML. */
export function CommentList({ comments, onDelete, deletingId, emptyText = commentText.empty }: CommentListProps) {
  if (comments.length === 0) return <p className="comments-empty">{emptyText}</p>;
  return (
    <ol className="comment-list">
      {comments.map((comment) => (
        <li key={comment.id} className="comment">
          <p className="comment-header">
            <Avatar name={comment.author.username} userId={comment.author.id} size={48} letterAsText={false} />
            <strong className="comment-author">{comment.author.username}</strong>
            <time className="comment-time" dateTime={comment.created_at}>
              {formatDateTime(comment.created_at)}
            </time>
          </p>
          <p className="comment-text" dir="auto">
            {comment.text}
          </p>
          {onDelete && comment.can_delete && (
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={() => onDelete(comment)}
              disabled={deletingId === comment.id}
              aria-label={commentText.delete.openLabel(comment.author.username)}
            >
              {deletingId === comment.id ? commentText.delete.busy : commentText.delete.open}
            </button>
          )}
        </li>
      ))}
    </ol>
  );
}
