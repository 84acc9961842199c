import { commentText, storyReadingText as storyFallback } from '@storyloom/shared/messages/reading';
import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { useDeferredValue } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { ListenInteractively } from '#web/components/interactive/ListenInteractively.tsx';
import { NarratedText } from '#web/components/interactive/NarratedText.tsx';
import { CommentList } from '#web/components/story/CommentList.tsx';
import { StoryMeta } from '#web/components/story/StoryMeta.tsx';
import { StoryParagraphs } from '#web/components/story/StoryParagraphs.tsx';
import { StoryPhotos } from '#web/components/story/StoryPhotos.tsx';
import { RecordedStory } from '#web/components/transcripts/RecordedStory.tsx';
import { Breadcrumbs } from '#web/components/ui/Breadcrumbs.tsx';
import { LoadError } from '#web/components/ui/LoadError.tsx';
import { LoadMore } from '#web/components/ui/LoadMore.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { paths } from '#web/config/paths.ts';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useShownLater } from '#web/hooks/use-shown-later.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import type { RedirectState } from '#web/lib/guards.tsx';
import { useMyPermissions } from '../api/get-my-permissions.ts';
import { OLDER_COMMENTS_FAILED, useOlderSharedComments } from '../api/get-shared-comments.ts';
import { useSharedStory } from '../api/get-shared-story.ts';
import { StoryTitleText } from '../components/StoryTitleText.tsx';

/**
 * /shared/{shareToken} (spec section 2): a story opened by its share link, or a public story by its
 * id, for anyone, signed in or not. Read-only; comments are shown, and written on /story/{id}.
 */
export function SharedStoryRoute() {
  const { shareToken = '' } = useParams();
  const query = useSharedStory(shareToken);
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  useDocumentTitle(query.data ? query.data.title : notFound ? 'Story Not Found' : 'Story');
  // The story, once it arrives, renders in a deferred (interruptible) pass: the query's own update is urgent
  // and renders in one piece, which with the player and the read-along was a long task (docs/web.md, "Long tasks").
  const story = useDeferredValue(query.data);

  if (query.isPending) return <Spinner label="Loading the story…" className="page-spinner" />;
  if (notFound) {
    return (
      <section className="page page-narrow">
        <h1>Story Not Found</h1>
        <p className="form-error page-alert" role="alert">
          {storyFallback.sharedNotFound}
        </p>
        <p>The person who shared it may have turned the link off, or the story is no longer public.</p>
        <div className="button-row">
          <Link to={paths.stories.getHref()} className="button button-primary">
            Browse Stories
          </Link>
          <Link to={paths.home.getHref()} className="button button-secondary">
            Go to the Home Page
          </Link>
        </div>
      </section>
    );
  }
  if (query.isError) {
    return (
      <section className="page page-narrow">
        <h1>Story Unavailable</h1>
        <LoadError message={query.error.message || storyFallback.loadStory} onRetry={() => void query.refetch()} />
      </section>
    );
  }
  if (!story) return <Spinner label="Loading the story…" className="page-spinner" />;
  return <SharedStory story={story} shareToken={shareToken} />;
}

function SharedStory({ story, shareToken }: { story: StoryDto; shareToken: string }) {
  const isAudio = story.story_type === 'audio';
  const [search] = useSearchParams();
  const openInteractive = search.get('interactive') === 'true';
  // Opened with the player (`?interactive=true`), the page under the dialog (the text, photos, comments, all
  // below the player) renders in a second pass: the dialog and the page in one commit were one long task.
  const pageShown = useShownLater(openInteractive && !isAudio);
  return (
    <article className="page page-reading shared-story">
      <Breadcrumbs items={[{ label: 'Stories', to: paths.stories.getHref() }, { label: story.title }]} />
      <header className="story-header">
        <h1>
          <StoryTitleText title={story.title} isAudio={isAudio} />
        </h1>
        <p className="story-author">
          By <Link to={paths.author.getHref(story.author.id)}>{story.author.username}</Link>
        </p>
        <StoryMeta location={story.location} startDate={story.start_date} endDate={story.end_date} />
      </header>

      {isAudio && !story.audio_url && <p className="notice">Audio not available.</p>}
      {/* The link's token goes along, so a visitor without an account can listen (docs/media.md). */}
      {isAudio && story.audio_url && (
        // The transcript under the recording (a read-along when timed), with Listen Interactively answering from
        // it: shown here only because this view is one the story may be read in (docs/stories.md, "Transcripts").
        <RecordedStory
          audioPath={story.audio_url}
          label="Audio story"
          transcript={story.transcript}
          target={{ kind: 'shared', token: shareToken }}
          shareToken={shareToken}
          actions={
            story.transcript ? (
              <div className="button-row">
                <ListenInteractively
                  title={story.title}
                  content={story.transcript.text}
                  audioPath={story.audio_url}
                  target={{ kind: 'shared', token: shareToken }}
                  shareToken={shareToken}
                  openAtStart={openInteractive}
                />
              </div>
            ) : undefined
          }
        />
      )}
      {/* A narrated text story: the 'AI Narration' player with the read-along, and Listen Interactively
          (opened at once by `?interactive=true`, spec section 2). */}
      {!isAudio && story.audio_url ? (
        <NarratedText
          content={story.content}
          showText={pageShown}
          audioPath={story.audio_url}
          target={{ kind: 'shared', token: shareToken }}
          shareToken={shareToken}
          actions={
            <div className="button-row">
              <ListenInteractively
                title={story.title}
                content={story.content}
                audioPath={story.audio_url}
                target={{ kind: 'shared', token: shareToken }}
                shareToken={shareToken}
                openAtStart={openInteractive}
              />
            </div>
          }
        />
      ) : (
        <StoryParagraphs text={story.content} />
      )}
      {pageShown && <StoryPhotos photos={story.photos} shareToken={shareToken} />}
      {pageShown && <SharedComments story={story} shareToken={shareToken} />}
    </article>
  );
}

/**
 * Comments, read-only here: public routes never know the reader (docs/stories.md), so writing happens
 * on /story/{id}. A visitor is invited to sign in; a signed-in reader who may comment gets a link there.
 */
function SharedComments({ story, shareToken }: { story: StoryDto; shareToken: string }) {
  const { pathname, search } = useLocation();
  // The view carries the newest comments; older ones load above them on request.
  const older = useOlderSharedComments(shareToken, story);
  const comments = [...older.comments, ...story.comments];
  if (comments.length === 0 && !story.allow_comments) return null;
  // After signing in the reader comes back to this story (issue 11).
  const back: RedirectState = { from: { pathname, search }, cameFrom: true };
  return (
    <section className="comments" aria-labelledby="shared-comments-title">
      <h2 id="shared-comments-title">
        Comments{' '}
        <span className="count">
          ({comments.length}
          {older.more.hasNextPage ? '+' : ''})
        </span>
      </h2>
      <LoadMore list={older.more} what="Comments" fallback={OLDER_COMMENTS_FAILED} />
      <CommentList comments={comments} />
      {story.allow_comments && <CommentInvite story={story} back={back} />}
    </section>
  );
}

/**
 * Where a reader of the link goes to comment. Anyone signed in may comment on a public story; on a private
 * one only the people it is shared with by name (with comment permission) may, which the signed-in API says.
 */
function CommentInvite({ story, back }: { story: StoryDto; back: RedirectState }) {
  const { isLoggedIn } = useAuth();
  const privateStory = !story.is_public;
  const mine = useMyPermissions(story.ID, isLoggedIn && privateStory);
  const byNameOnly = commentText.byNameOnly(story.author.username);
  if (!isLoggedIn) {
    return (
      <p className="comments-note">
        {privateStory && `${byNameOnly} `}
        <Link to={paths.login.getHref()} state={back}>
          {commentText.signIn}
        </Link>
      </p>
    );
  }
  if (privateStory && mine.isPending) return null;
  if (!privateStory || mine.data?.comment) {
    return (
      <p className="comments-note">
        <Link to={paths.story.getHref(story.ID)}>{commentText.addLink}</Link>
      </p>
    );
  }
  return <p className="comments-note">{mine.data ? commentText.readOnly : byNameOnly}</p>;
}
