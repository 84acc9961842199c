import type { MyStoriesResponse } from '@storyloom/shared/schemas/stories';
import { Link } from 'react-router-dom';
import { LoadError } from '#web/components/ui/LoadError.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { paths } from '#web/config/paths.ts';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useMyStories } from '../api/get-my-stories.ts';
import { useHasClonedVoice } from '../api/get-voice-status.ts';
import { EmptyStories } from '../components/EmptyStories.tsx';
import { StoryCard } from '../components/StoryCard.tsx';
import { VoiceBanner } from '../components/VoiceBanner.tsx';

interface DashboardData extends MyStoriesResponse {
  voiceCloned: boolean;
}

/** /dashboard (spec section 2; states of section 4: loading, error, empty, list). */
export function DashboardRoute() {
  useDocumentTitle('Your Dashboard');
  const stories = useMyStories();
  const voice = useHasClonedVoice();

  return (
    <section className="page dashboard">
      <header className="page-header">
        <h1>Your Dashboard</h1>
        <p className="section-lead">Welcome back! Here are your stories.</p>
      </header>

      {(stories.isPending || (voice.isPending && !stories.isError)) && (
        <Spinner label="Loading your stories…" className="page-spinner" />
      )}
      {/* Spec section 8: 'Failed to load stories', and the list is emptied. */}
      {stories.isError && <LoadError message={stories.error.message} onRetry={() => void stories.refetch()} />}
      {stories.isSuccess && voice.isSuccess && <DashboardLists data={{ ...stories.data, voiceCloned: voice.data }} />}
    </section>
  );
}

function DashboardLists({ data }: { data: DashboardData }) {
  const { stories, shared_stories: shared, voiceCloned } = data;
  return (
    <>
      {stories.length > 0 && !voiceCloned && <VoiceBanner />}
      {stories.length === 0 ? (
        <EmptyStories voiceCloned={voiceCloned} />
      ) : (
        <section className="story-section" aria-labelledby="your-stories-title">
          <div className="section-heading">
            <h2 id="your-stories-title">
              Your Stories <span className="count">({stories.length})</span>
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
        </section>
      )}
      {shared.length > 0 && (
        <section className="story-section" aria-labelledby="shared-stories-title">
          <div className="section-heading">
            <h2 id="shared-stories-title">
              Shared with you <span className="count">({shared.length})</span>
            </h2>
          </div>
          <ul className="story-grid">
            {shared.map((story) => (
              <li key={story.ID}>
                <StoryCard story={story} shared />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
