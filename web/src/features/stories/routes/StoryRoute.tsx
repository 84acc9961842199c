import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { ListenTarget } from '#web/components/interactive/api.ts';
import { ListenInteractively } from '#web/components/interactive/ListenInteractively.tsx';
import { NarratedText } from '#web/components/interactive/NarratedText.tsx';
import { StoryMeta } from '#web/components/story/StoryMeta.tsx';
import { StoryParagraphs } from '#web/components/story/StoryParagraphs.tsx';
import { StoryPhotos } from '#web/components/story/StoryPhotos.tsx';
import { Breadcrumbs } from '#web/components/ui/Breadcrumbs.tsx';
import { LoadError } from '#web/components/ui/LoadError.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { paths } from '#web/config/paths.ts';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { preloadChunksOf } from '#web/lib/lazy-chunks.ts';
import { useStory } from '../api/get-story.ts';
import { AudioStoryBody } from '../components/AudioStoryBody.tsx';
import { CommentsSection } from '../components/CommentsSection.tsx';
import { PrivacyBadge } from '../components/PrivacyBadge.tsx';

/** Shown only once the server says the reader may ask (a query of its own): it may arrive with its code. */
const AskStoryteller = lazy(() => {
  preloadChunksOf('AskStoryteller');
  return import('#web/components/prompts/AskStoryteller.tsx').then((m) => ({ default: m.AskStoryteller }));
});

/** The owner's side panels and dialogs: most readers never need their code (docs/web.md, "First load"). */
const OwnerPanels = lazy(() => {
  preloadChunksOf('OwnerPanels');
  return import('../components/OwnerPanels.tsx').then((m) => ({ default: m.OwnerPanels }));
});

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
          {!manage && (
            <Suspense fallback={null}>
              <AskStoryteller storytellerId={story.author.id} name={story.author.username} />
            </Suspense>
          )}
        </div>

        {manage && (
          // The owner's panels (privacy, photos, narration, delete: forms, uploads, zod) load after the story.
          <Suspense fallback={<div className="story-panels" aria-busy="true" />}>
            <OwnerPanels story={story} />
          </Suspense>
        )}
      </div>
    </article>
  );
}
