import { ADMIN_PREVIEW_CHARS } from '@storyloom/shared/constants';
import { adminStoriesText, fallback, success } from '@storyloom/shared/messages';
import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { useState } from 'react';
import { ConfirmDialog } from '#web/components/ui/ConfirmDialog.tsx';
import { LoadError } from '#web/components/ui/LoadError.tsx';
import { LoadMore } from '#web/components/ui/LoadMore.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { useToast } from '#web/components/ui/Toasts.tsx';
import { errorText } from '#web/lib/api-client.ts';
import { formatLongDate, snippet } from '#web/lib/format.ts';
import { useAdminDeleteStory } from '../api/delete-story.ts';
import { useAdminStories } from '../api/get-stories.ts';
import { useAdminStoryPrivacy } from '../api/update-story-privacy.ts';
import { AdminTable } from './AdminTable.tsx';
import { ReadStoryModal } from './ReadStoryModal.tsx';
import { ShortId } from './ShortId.tsx';

/**
 * Story Management (spec section 6): every story with ID, title, a 100-character description,
 * author, a privacy select and the created date; Read opens it, Delete asks first.
 */
export function StoriesPanel() {
  const toast = useToast();
  const list = useAdminStories();
  const privacy = useAdminStoryPrivacy();
  const remove = useAdminDeleteStory();
  const [reading, setReading] = useState<StoryDto | null>(null);
  const [toDelete, setToDelete] = useState<StoryDto | null>(null);
  const items = list.data?.pages.flatMap((p) => p.stories) ?? [];
  const saving = privacy.isPending ? privacy.variables.id : null;

  const changePrivacy = (story: StoryDto, isPublic: boolean) => {
    if (isPublic === story.is_public) return;
    privacy.mutate(
      { id: story.ID, isPublic },
      {
        onSuccess: () => toast.success(success.privacyUpdated),
        onError: (err) => toast.error(errorText(err, fallback.adminPrivacy)),
      },
    );
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.ID, {
      onSuccess: () => toast.success(success.storyDeleted),
      onError: (err) => toast.error(errorText(err, fallback.adminDelete)),
      onSettled: () => setToDelete(null),
    });
  };

  if (list.isPending) return <Spinner label="Loading stories…" className="page-spinner" />;
  if (list.isError && !list.isFetchNextPageError) {
    const message = errorText(list.error, fallback.adminStories);
    return <LoadError message={message} onRetry={() => void list.refetch()} />;
  }

  return (
    <>
      <AdminTable
        caption={adminStoriesText.caption}
        count={items.length}
        hasMore={list.hasNextPage}
        columns={adminStoriesText.columns}
      >
        {items.map((story) => (
          <tr key={story.ID} data-story-id={story.ID}>
            <td>
              <ShortId id={story.ID} />
            </td>
            <td className="cell-strong cell-wrap" dir="auto">
              {story.title}
            </td>
            <td className="cell-description">{snippet(story.content, ADMIN_PREVIEW_CHARS)}</td>
            <td className="cell-wrap">{story.User?.Username ?? story.author.username}</td>
            <td>
              <select
                className="table-select"
                aria-label={adminStoriesText.privacyLabel(story.title)}
                value={story.is_public ? 'public' : 'private'}
                disabled={saving === story.ID}
                aria-busy={saving === story.ID}
                onChange={(event) => changePrivacy(story, event.target.value === 'public')}
              >
                <option value="public">{adminStoriesText.public}</option>
                <option value="private">{adminStoriesText.private}</option>
              </select>
            </td>
            <td className="cell-nowrap">
              <time dateTime={story.created_at}>{formatLongDate(story.created_at ?? story.CreatedAt)}</time>
            </td>
            <td>
              <div className="table-actions">
                <button
                  type="button"
                  className="button button-secondary button-small"
                  onClick={() => setReading(story)}
                  aria-haspopup="dialog"
                  aria-label={adminStoriesText.readLabel(story.title)}
                >
                  {adminStoriesText.read}
                </button>
                <button
                  type="button"
                  className="button button-danger button-small"
                  onClick={() => setToDelete(story)}
                  aria-haspopup="dialog"
                  aria-label={adminStoriesText.delete.openLabel(story.title)}
                >
                  {adminStoriesText.delete.open}
                </button>
              </div>
            </td>
          </tr>
        ))}
      </AdminTable>
      {items.length === 0 && <p>{adminStoriesText.none}</p>}
      <LoadMore list={list} what="Stories" fallback={fallback.adminStories} />

      <ReadStoryModal story={reading} onClose={() => setReading(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        title={adminStoriesText.delete.title}
        confirmLabel={adminStoriesText.delete.confirm}
        busyLabel={adminStoriesText.delete.busy}
        cancelLabel={adminStoriesText.delete.keep}
        busy={remove.isPending}
        danger
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      >
        <p>{adminStoriesText.delete.question}</p>
        {toDelete && (
          <p>
            {adminStoriesText.delete.which(
              <strong key="title">{toDelete.title}</strong>,
              toDelete.User?.Username ?? toDelete.author.username,
            )}
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
