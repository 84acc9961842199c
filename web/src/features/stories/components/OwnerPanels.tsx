import { ownerPanelText, storyConfirmText, storyFallback, storySuccess } from '@storyloom/shared/messages/stories';
import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { InteractivePanel } from '#web/components/interactive/InteractivePanel.tsx';
import { ConfirmDialog } from '#web/components/ui/ConfirmDialog.tsx';
import { useToast } from '#web/components/ui/Toasts.tsx';
import { NarrationPanel } from '#web/components/voice/NarrationPanel.tsx';
import { paths } from '#web/config/paths.ts';
import { errorText } from '#web/lib/api-client.ts';
import { useDeleteStory } from '../api/delete-story.ts';
import { PhotoManager } from './PhotoManager.tsx';
import { PrivacyModal } from './PrivacyModal.tsx';

/**
 * The owner's side of /story/{id}: the Privacy & Sharing, Photos, AI narration, Interactive Features and
 * Management panels, and their dialogs. StoryRoute loads it lazily, only for the owner.
 */
export function OwnerPanels({ story }: { story: StoryDto }) {
  const navigate = useNavigate();
  const toast = useToast();
  const [privacyOpen, setPrivacyOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const remove = useDeleteStory();
  const isAudio = story.story_type === 'audio';

  const onDelete = () =>
    remove.mutate(story.ID, {
      onSuccess: () => {
        toast.success(storySuccess.storyDeleted);
        navigate(paths.dashboard.getHref(), { replace: true });
      },
      onError: (err) => {
        toast.error(errorText(err, storyFallback.deleteStory));
        setConfirmDelete(false);
      },
    });

  return (
    <>
      <aside className="story-panels" aria-label={ownerPanelText.label}>
        <section className="panel" aria-labelledby="panel-privacy">
          <h2 id="panel-privacy">{ownerPanelText.privacyTitle}</h2>
          <p>{story.is_public ? ownerPanelText.isPublic : ownerPanelText.isPrivate}</p>
          <p className="panel-detail">
            {story.shared_with.length === 0
              ? ownerPanelText.notShared
              : ownerPanelText.sharedWith(story.shared_with.length)}
            {story.share_token ? ownerPanelText.linkActive : ''}
          </p>
          <button
            type="button"
            className="button button-primary button-block"
            onClick={() => setPrivacyOpen(true)}
            aria-haspopup="dialog"
          >
            {ownerPanelText.managePrivacy}
          </button>
        </section>

        <PhotoManager storyId={story.ID} initial={story.photos} />

        {!isAudio && <NarrationPanel storyId={story.ID} />}

        <InteractivePanel
          // An audio story is heard and asked about through its transcript (docs/stories.md, "Transcripts").
          story={isAudio && story.transcript ? { ...story, content: story.transcript.text } : story}
          editHref={paths.editStory.getHref(story.ID)}
        />

        <section className="panel" aria-labelledby="panel-manage">
          <h2 id="panel-manage">{ownerPanelText.manageTitle}</h2>
          <div className="panel-actions">
            <Link to={paths.editStory.getHref(story.ID)} className="button button-secondary button-block">
              {ownerPanelText.edit}
            </Link>
            <button
              type="button"
              className="button button-danger button-block"
              onClick={() => setConfirmDelete(true)}
              aria-haspopup="dialog"
            >
              {storyConfirmText.deleteStory.open}
            </button>
          </div>
        </section>
      </aside>
      <PrivacyModal open={privacyOpen} onClose={() => setPrivacyOpen(false)} story={story} />
      <ConfirmDialog
        open={confirmDelete}
        title={storyConfirmText.deleteStory.title}
        confirmLabel={storyConfirmText.deleteStory.confirm}
        busyLabel={storyConfirmText.deleteStory.busy}
        cancelLabel={storyConfirmText.deleteStory.keep}
        busy={remove.isPending || remove.isSuccess}
        danger
        onConfirm={onDelete}
        onCancel={() => setConfirmDelete(false)}
      >
        <p>
          {storyConfirmText.deleteStory.body(
            <strong key="title" dir="auto">
              {story.title}
            </strong>,
          )}
        </p>
      </ConfirmDialog>
    </>
  );
}
