import { fallback, success } from '@storyloom/shared/messages';
import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { ListenTarget } from '#web/components/interactive/api.ts';
import { InteractivePanel } from '#web/components/interactive/InteractivePanel.tsx';
import { ListenInteractively } from '#web/components/interactive/ListenInteractively.tsx';
import { NarratedText } from '#web/components/interactive/NarratedText.tsx';
import { AskStoryteller } from '#web/components/prompts/AskStoryteller.tsx';
import { StoryMeta } from '#web/components/story/StoryMeta.tsx';
import { StoryParagraphs } from '#web/components/story/StoryParagraphs.tsx';
import { StoryPhotos } from '#web/components/story/StoryPhotos.tsx';
import { Breadcrumbs } from '#web/components/ui/Breadcrumbs.tsx';
import { ConfirmDialog } from '#web/components/ui/ConfirmDialog.tsx';
import { LoadError } from '#web/components/ui/LoadError.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { useToast } from '#web/components/ui/Toasts.tsx';
import { NarrationPanel } from '#web/components/voice/NarrationPanel.tsx';
import { paths } from '#web/config/paths.ts';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { useDeleteStory } from '../api/delete-story.ts';
import { useStory } from '../api/get-story.ts';
import { AudioStoryBody } from '../components/AudioStoryBody.tsx';
import { CommentsSection } from '../components/CommentsSection.tsx';
import { PhotoManager } from '../components/PhotoManager.tsx';
import { PrivacyBadge } from '../components/PrivacyBadge.tsx';
import { PrivacyModal } from '../components/PrivacyModal.tsx';

/** /story/{id} (spec section 2): the story, its panels for the owner, and family comments. */
export function StoryRoute() {
  const { id = '' } = useParams();
  const query = useStory(id);
  const error = query.error;
  // A malformed id (400) cannot name a story either: both are "not found" to the reader.
  const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
  useDocumentTitle(query.data ? query.data.title : notFound ? 'Story Not Found' : 'Story');

  if (query.isPending) return <Spinner label="Loading the story…" className="page-spinner" />;
  if (query.isError) {
    if (notFound) return <StoryNotFound />;
    return (
      <section className="page page-narrow">
        <h1>Story Unavailable</h1>
        <LoadError message={query.error.message} onRetry={() => void query.refetch()} />
      </section>
    );
  }
  return <StoryView story={query.data} />;
}

function StoryNotFound() {
  return (
    <section className="page page-narrow">
      <h1>Story Not Found</h1>
      <p>This story may have been deleted, or it has not been shared with you.</p>
      <div className="button-row">
        <Link to={paths.dashboard.getHref()} className="button button-primary">
          Back to Dashboard
        </Link>
      </div>
    </section>
  );
}

function StoryView({ story }: { story: StoryDto }) {
  const navigate = useNavigate();
  const toast = useToast();
  const [privacyOpen, setPrivacyOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const remove = useDeleteStory();
  const isAudio = story.story_type === 'audio';
  const manage = story.permissions.manage;
  // Who listens how (docs/interactive.md): the owner and people shared with by name on the signed-in routes,
  // a public story's other readers by its id on the shared ones; anyone else (an admin) only reads.
  const listenAs: ListenTarget | null =
    manage || story.permissions.listen
      ? { kind: 'account', storyId: story.ID, owner: manage }
      : story.is_public
        ? { kind: 'shared', token: story.ID }
        : null;

  const onDelete = () =>
    remove.mutate(story.ID, {
      onSuccess: () => {
        toast.success(success.storyDeleted);
        navigate(paths.dashboard.getHref(), { replace: true });
      },
      onError: (err) => {
        toast.error(err instanceof ApiError ? err.message : fallback.deleteStory);
        setConfirmDelete(false);
      },
    });

  return (
    <article className="page story-page">
      <Breadcrumbs items={[{ label: 'Dashboard', to: paths.dashboard.getHref() }, { label: story.title }]} />
      <header className="story-header">
        <h1>
          {isAudio && (
            <>
              <span aria-hidden="true">♪ </span>
              <span className="visually-hidden">Audio story: </span>
            </>
          )}
          <span dir="auto">{story.title}</span>
        </h1>
        <div className="story-header-line">
          <PrivacyBadge isPublic={story.is_public} />
          {!manage && <span className="story-author">By {story.author.username}</span>}
        </div>
        <StoryMeta
          createdAt={story.created_at ?? story.CreatedAt}
          location={story.location}
          startDate={story.start_date}
          endDate={story.end_date}
        />
      </header>

      <div className={manage ? 'story-layout' : 'story-layout story-layout-single'}>
        <div className="story-main">
          {isAudio ? (
            <AudioStoryBody story={story} listenAs={listenAs} />
          ) : story.audio_url ? (
            <NarratedText
              content={story.content}
              audioPath={story.audio_url}
              target={listenAs ?? { kind: 'shared', token: story.ID }}
              actions={
                // The owner's button is in the Interactive Features panel.
                listenAs && !manage ? (
                  <div className="button-row">
                    <ListenInteractively
                      title={story.title}
                      content={story.content}
                      audioPath={story.audio_url}
                      target={listenAs}
                    />
                  </div>
                ) : undefined
              }
            />
          ) : (
            <StoryParagraphs text={story.content} />
          )}
          <StoryPhotos photos={story.photos} owner={manage} />
          <CommentsSection story={story} />
          {/* A reader the story is shared with by name may ask its storyteller a question (docs/family-loop.md). */}
          {!manage && <AskStoryteller storytellerId={story.author.id} name={story.author.username} />}
        </div>

        {manage && (
          <aside className="story-panels" aria-label="Story settings">
            <section className="panel" aria-labelledby="panel-privacy">
              <h2 id="panel-privacy">Privacy &amp; Sharing</h2>
              <p>
                {story.is_public
                  ? 'This story is public: anyone can read it on the Stories page.'
                  : 'This story is private: only you and the people you share it with can read it.'}
              </p>
              <p className="panel-detail">
                {story.shared_with.length === 0
                  ? 'Not shared with anyone yet.'
                  : `Shared with ${story.shared_with.length} ${story.shared_with.length === 1 ? 'person' : 'people'}.`}
                {story.share_token ? ' A share link is active.' : ''}
              </p>
              <button
                type="button"
                className="button button-primary button-block"
                onClick={() => setPrivacyOpen(true)}
                aria-haspopup="dialog"
              >
                Manage Privacy &amp; Sharing
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
              <h2 id="panel-manage">Management</h2>
              <div className="panel-actions">
                <Link to={paths.editStory.getHref(story.ID)} className="button button-secondary button-block">
                  Edit Story
                </Link>
                <button
                  type="button"
                  className="button button-danger button-block"
                  onClick={() => setConfirmDelete(true)}
                  aria-haspopup="dialog"
                >
                  Delete Story
                </button>
              </div>
            </section>
          </aside>
        )}
      </div>

      {manage && (
        <>
          <PrivacyModal open={privacyOpen} onClose={() => setPrivacyOpen(false)} story={story} />
          <ConfirmDialog
            open={confirmDelete}
            title="Delete Story?"
            confirmLabel="Delete Story"
            busyLabel="Deleting…"
            cancelLabel="Keep Story"
            busy={remove.isPending || remove.isSuccess}
            danger
            onConfirm={onDelete}
            onCancel={() => setConfirmDelete(false)}
          >
            <p>
              Are you sure you want to permanently delete <strong>{story.title}</strong>? Its comments, shares and share
              link go with it. This cannot be undone.
            </p>
          </ConfirmDialog>
        </>
      )}
    </article>
  );
}
