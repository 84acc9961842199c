import { ADMIN_PREVIEW_CHARS } from '@storyloom/shared/constants';
import { fallback, success } from '@storyloom/shared/messages';
import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { useState } from 'react';
import { ConfirmDialog } from '#web/components/ui/ConfirmDialog.tsx';
import { LoadError } from '#web/components/ui/LoadError.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { useToast } from '#web/components/ui/Toasts.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { formatLongDate, snippet } from '#web/lib/format.ts';
import { deleteStory } from '../api/delete-story.ts';
import { getStories } from '../api/get-stories.ts';
import { updateStoryPrivacy } from '../api/update-story-privacy.ts';
import { useCursorList } from '../hooks/use-cursor-list.ts';
import { AdminTable } from './AdminTable.tsx';
import { LoadMore } from './LoadMore.tsx';
import { ReadStoryModal } from './ReadStoryModal.tsx';
import { ShortId } from './ShortId.tsx';

async function loadStories(cursor: string | null, signal: AbortSignal) {
  const page = await getStories(cursor, signal);
  return { items: page.stories, next_cursor: page.next_cursor };
}

/**
 * Story Management (spec section 6): every story with ID, title, a 100-character description,
 * author, a privacy select and the created date; Read opens it, Delete asks first.
 */
export function StoriesPanel() {
  const toast = useToast();
  const list = useCursorList<StoryDto>(loadStories, fallback.adminStories);
  const [saving, setSaving] = useState<string | null>(null);
  const [reading, setReading] = useState<StoryDto | null>(null);
  const [toDelete, setToDelete] = useState<StoryDto | null>(null);
  const [deleting, setDeleting] = useState(false);

  const changePrivacy = async (story: StoryDto, isPublic: boolean) => {
    if (isPublic === story.is_public) return;
    setSaving(story.ID);
    try {
      const updated = await updateStoryPrivacy(story.ID, isPublic);
      list.setItems((all) =>
        all.map((s) =>
          s.ID === story.ID ? { ...s, is_public: updated.is_public, is_private: !updated.is_public } : s,
        ),
      );
      toast.success(success.privacyUpdated);
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : fallback.adminPrivacy);
    } finally {
      setSaving(null);
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    const gone = toDelete.ID;
    setDeleting(true);
    try {
      await deleteStory(gone);
      list.setItems((all) => all.filter((s) => s.ID !== gone));
      toast.success(success.storyDeleted);
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : fallback.adminDelete);
    } finally {
      setDeleting(false);
      setToDelete(null);
    }
  };

  if (list.status === 'loading') return <Spinner label="Loading stories…" className="page-spinner" />;
  if (list.status === 'error') {
    return <LoadError message={list.error ?? fallback.adminStories} onRetry={list.reload} />;
  }

  return (
    <>
      <AdminTable
        caption="Stories"
        count={list.items.length}
        hasMore={list.hasMore}
        columns={['ID', 'Title', 'Description', 'Author', 'Privacy', 'Created', 'Actions']}
      >
        {list.items.map((story) => (
          <tr key={story.ID} data-story-id={story.ID}>
            <td>
              <ShortId id={story.ID} />
            </td>
            <td className="cell-strong cell-wrap">{story.title}</td>
            <td className="cell-description">{snippet(story.content, ADMIN_PREVIEW_CHARS)}</td>
            <td className="cell-wrap">{story.User?.Username ?? story.author.username}</td>
            <td>
              <select
                className="table-select"
                aria-label={`Privacy for ${story.title}`}
                value={story.is_public ? 'public' : 'private'}
                disabled={saving === story.ID}
                aria-busy={saving === story.ID}
                onChange={(event) => changePrivacy(story, event.target.value === 'public')}
              >
                <option value="public">Public</option>
                <option value="private">Private</option>
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
                  aria-label={`Read ${story.title}`}
                >
                  Read
                </button>
                <button
                  type="button"
                  className="button button-danger button-small"
                  onClick={() => setToDelete(story)}
                  aria-haspopup="dialog"
                  aria-label={`Delete ${story.title}`}
                >
                  Delete
                </button>
              </div>
            </td>
          </tr>
        ))}
      </AdminTable>
      {list.items.length === 0 && <p>No stories yet.</p>}
      <LoadMore list={list} what="Stories" />

      <ReadStoryModal story={reading} onClose={() => setReading(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete Story?"
        confirmLabel="Delete Story"
        busyLabel="Deleting…"
        cancelLabel="Keep Story"
        busy={deleting}
        danger
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      >
        <p>Are you sure you want to permanently delete this story?</p>
        {toDelete && (
          <p>
            <strong>{toDelete.title}</strong> by {toDelete.User?.Username ?? toDelete.author.username}
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
