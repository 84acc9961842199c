import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { lazy, Suspense } from 'react';
import type { ListenTarget } from '#web/components/interactive/api.ts';
import { ListenInteractively } from '#web/components/interactive/ListenInteractively.tsx';
import { StoryParagraphs } from '#web/components/story/StoryParagraphs.tsx';
import { RecordedStory } from '#web/components/transcripts/RecordedStory.tsx';
import { preloadChunksOf } from '#web/lib/lazy-chunks.ts';

const LABEL = 'Listen to the story';

/** The owner's recording with the transcript tools (their status calls, a form with zod): not in a reader's first load. */
const OwnerRecording = lazy(() => {
  preloadChunksOf('OwnerRecording');
  return import('./OwnerRecording.tsx').then((m) => ({ default: m.OwnerRecording }));
});

/**
 * An audio story on /story/{id}: the recording, its transcript under the player (a read-along when the words
 * carry times), then the description. The owner also gets the transcript tools; a reader who may listen gets
 * Listen Interactively once there is a transcript to answer from (the owner's button is in their panel).
 */
export function AudioStoryBody({ story, listenAs }: { story: StoryDto; listenAs: ListenTarget | null }) {
  if (!story.audio_url) return <StoryParagraphs text={story.content} />;
  return (
    <>
      {story.permissions.manage ? (
        <Suspense fallback={<p className="audio-status">Loading audio...</p>}>
          <OwnerRecording story={story} audioPath={story.audio_url} listenAs={listenAs} label={LABEL} />
        </Suspense>
      ) : (
        <RecordedStory
          audioPath={story.audio_url}
          label={LABEL}
          transcript={story.transcript}
          target={listenAs}
          actions={
            listenAs && story.transcript ? (
              <div className="button-row">
                <ListenInteractively
                  title={story.title}
                  content={story.transcript.text}
                  audioPath={story.audio_url}
                  target={listenAs}
                />
              </div>
            ) : undefined
          }
        />
      )}
      <StoryParagraphs text={story.content} />
    </>
  );
}
