import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { lazy, Suspense, useEffect } from 'react';
import type { ListenTarget } from '#web/components/interactive/api.ts';
import { ListenInteractively } from '#web/components/interactive/ListenInteractively.tsx';
import { StoryParagraphs } from '#web/components/story/StoryParagraphs.tsx';
import { useTranscript } from '#web/components/transcripts/api.ts';
import { RecordedStory } from '#web/components/transcripts/RecordedStory.tsx';
import { preloadChunksOf } from '#web/lib/lazy-chunks.ts';
import { useQueryClient } from '#web/lib/queries.ts';
import { storyKeys } from '../api/get-story.ts';

const LABEL = 'Listen to the story';

/** The owner's transcript tools (a form, with zod): not part of a reader's first load. */
const TranscriptEditor = lazy(() => {
  preloadChunksOf('TranscriptEditor');
  return import('#web/components/transcripts/TranscriptEditor.tsx').then((m) => ({ default: m.TranscriptEditor }));
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
        <OwnerRecording story={story} audioPath={story.audio_url} listenAs={listenAs} />
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

function OwnerRecording({
  story,
  audioPath,
  listenAs,
}: {
  story: StoryDto;
  audioPath: string;
  listenAs: ListenTarget | null;
}) {
  const client = useQueryClient();
  const state = useTranscript(story.ID);
  const fresh = state.data?.transcript;
  // A transcript the worker finished (or another tab saved) since the story was loaded: read the story again,
  // so the Interactive Features panel and the lists answer from it too.
  useEffect(() => {
    if (fresh && fresh.version !== story.transcript?.version) {
      void client.invalidateQueries({ queryKey: storyKeys.detail(story.ID) });
    }
  }, [client, fresh, story.ID, story.transcript?.version]);
  return (
    <RecordedStory
      audioPath={audioPath}
      label={LABEL}
      transcript={fresh ?? story.transcript}
      target={listenAs}
      editor={
        <Suspense fallback={null}>
          <TranscriptEditor storyId={story.ID} state={state.data} />
        </Suspense>
      }
    />
  );
}
