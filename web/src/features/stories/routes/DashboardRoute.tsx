import { fallback, storyConfirmText } from '@storyloom/shared/messages';
import { type StoryDto, storyMessages } from '@storyloom/shared/schemas/stories';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { MAIN_ID } from '#web/components/layout/Layout.tsx';
import { FamilyQuestions } from '#web/components/prompts/FamilyQuestions.tsx';
import { PromptCard } from '#web/components/prompts/PromptCard.tsx';
import { ConfirmDialog } from '#web/components/ui/ConfirmDialog.tsx';
import { LoadError } from '#web/components/ui/LoadError.tsx';
import { LoadMore } from '#web/components/ui/LoadMore.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { useToast } from '#web/components/ui/Toasts.tsx';
import { paths } from '#web/config/paths.ts';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { errorText } from '#web/lib/api-client.ts';
import { useMoreSharedWithMe, useMyStories } from '../api/get-my-stories.ts';
import { useHasClonedVoice } from '../api/get-voice-status.ts';
import { LEAVE_SHARE_FAILED, useLeaveSharedStory } from '../api/leave-shared-story.ts';
import { EmptyStories } from '../components/EmptyStories.tsx';
import { StoryCard } from '../components/StoryCard.tsx';
import { VoiceBanner } from '../components/VoiceBanner.tsx';

/** /dashboard (spec section 2; states of section 4: loading, error, empty, list). */
export function DashboardRoute() {
  useDocumentTitle('Your Dashboard');
  const stories = useMyStories();
  const voice = useHasClonedVoice();
  // Someone who only reads the family's stories (a grandchild invited by name) came for those: they lead the page.
  const first = stories.data?.pages[0];
  const familyFirst = first !== undefined && first.stories.length === 0 && (first.shared_stories?.length ?? 0) > 0;
  /* A question to answer now, beside the questions the family sent (docs/family-loop.md). */
  const prompts = (
    <div className="prompts-area">
      <PromptCard />
      <FamilyQuestions />
    </div>
  );

  return (
    <section className="page dashboard">
      <header className="page-header">
        <h1>Your Dashboard</h1>
        <p className="section-lead">Welcome back! Here are your stories.</p>
      </header>

      {!familyFirst && prompts}

      {(stories.isPending || (voice.isPending && !stories.isError)) && (
        <Spinner label="Loading your stories…" className="page-spinner" />
      )}
      {/* Spec section 8: 'Failed to load stories', and the list is emptied. */}
      {stories.isError && !stories.isFetchNextPageError && (
        <LoadError message={stories.error.message} onRetry={() => void stories.refetch()} />
      )}
      {stories.data && voice.isSuccess && (
        <DashboardLists stories={stories} voiceCloned={voice.data} afterShared={familyFirst ? prompts : null} />
      )}
    </section>
  );
}

function DashboardLists({
  stories: list,
  voiceCloned,
  afterShared,
}: {
  stories: ReturnType<typeof useMyStories>;
  voiceCloned: boolean;
  /** Set for a reader with no stories of their own: "Shared with you" comes first, then this (the prompts). */
  afterShared: ReactNode;
}) {
  const pages = list.data?.pages ?? [];
  const stories = pages.flatMap((p) => p.stories);
  const first = pages[0];
  const extra = useMoreSharedWithMe(first?.shared_next_cursor ?? null);
  const shared = [...(first?.shared_stories ?? []), ...extra.pages.flatMap((p) => p.stories)];
  const sharedMore = extra.more;
  // A story left from the list takes its button (the focus's way back from the question) with it: once it
  // is gone, "Shared with you" takes the focus (or <main> when that was the last), not the page's body.
  const leaving = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the list's length changes (a story left it).
  useEffect(() => {
    if (!leaving.current) return;
    leaving.current = false;
    (document.getElementById('shared-stories-title') ?? document.getElementById(MAIN_ID))?.focus();
  }, [shared.length]);
  const sharedSection = shared.length > 0 && (
    <section className="story-section" aria-labelledby="shared-stories-title">
      <div className="section-heading">
        <h2 id="shared-stories-title" tabIndex={-1}>
          Shared with you{' '}
          <span className="count">
            ({shared.length}
            {sharedMore.hasNextPage ? '+' : ''})
          </span>
        </h2>
      </div>
      <SharedList
        stories={shared}
        onLeaving={(now) => {
          leaving.current = now;
        }}
      />
      <LoadMore list={sharedMore} what="Shared Stories" fallback={fallback.loadStories} />
    </section>
  );
  return (
    <>
      {afterShared && sharedSection}
      {afterShared}
      {stories.length > 0 && !voiceCloned && <VoiceBanner />}
      {stories.length === 0 ? (
        <EmptyStories voiceCloned={voiceCloned} />
      ) : (
        <section className="story-section" aria-labelledby="your-stories-title">
          <div className="section-heading">
            <h2 id="your-stories-title">
              Your Stories{' '}
              <span className="count">
                ({stories.length}
                {list.hasNextPage ? '+' : ''})
              </span>
            </h2>
            <Link to={paths.createStory.getHref()} className="button button-primary">
              Write a New Story
            </Link>
          </div>
          <ul className="story-grid">
            {stories.map((story) => (
              <li key={story.ID}>
                <StoryCard story={story} />
              </li>
            ))}
          </ul>
          <LoadMore list={list} what="Stories" fallback={fallback.loadStories} />
        </section>
      )}
      {!afterShared && sharedSection}
    </>
  );
}

/** The stories shared with the user; each can be removed from their list (issue 11), after a question. */
function SharedList({ stories, onLeaving }: { stories: StoryDto[]; onLeaving: (leaving: boolean) => void }) {
  const toast = useToast();
  const leave = useLeaveSharedStory();
  const [toLeave, setToLeave] = useState<StoryDto | null>(null);

  const onLeave = () => {
    const story = toLeave;
    setToLeave(null);
    if (!story) return;
    // Said before the call: the list may be refetched, and this story's row gone, before mutate's callbacks.
    onLeaving(true);
    leave.mutate(story.ID, {
      onSuccess: (answer) => toast.success(answer?.message || storyMessages.leftShare),
      onError: (err) => {
        onLeaving(false);
        toast.error(errorText(err, LEAVE_SHARE_FAILED));
      },
    });
  };

  return (
    <>
      <ul className="story-grid">
        {stories.map((story) => (
          <li key={story.ID} className="shared-item">
            <StoryCard story={story} shared />
            <button
              type="button"
              className="button button-secondary button-small shared-leave"
              onClick={() => setToLeave(story)}
              disabled={leave.isPending && leave.variables === story.ID}
              aria-haspopup="dialog"
              aria-label={storyConfirmText.leaveShare.openLabel(story.title)}
            >
              {storyConfirmText.leaveShare.open}
            </button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={toLeave !== null}
        title={storyConfirmText.leaveShare.title}
        confirmLabel={storyConfirmText.leaveShare.confirm}
        cancelLabel={storyConfirmText.leaveShare.keep}
        onConfirm={onLeave}
        onCancel={() => setToLeave(null)}
      >
        <p>
          {storyConfirmText.leaveShare.body(
            <strong key="title" dir="auto">
              {toLeave?.title}
            </strong>,
            toLeave?.author.username ?? '',
          )}
        </p>
      </ConfirmDialog>
    </>
  );
}
