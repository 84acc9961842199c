import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { useEffect } from 'react';
import type { ListenTarget } from '#web/components/interactive/api.ts';
import { useTranscript } from '#web/components/transcripts/api.ts';
import { RecordedStory } from '#web/components/transcripts/RecordedStory.tsx';
import { TranscriptEditor } from '#web/components/transcripts/TranscriptEditor.tsx';
import { useQueryClient } from '#web/lib/queries.ts';
import { storyKeys } from '../api/get-story.ts';

/** The owner's audio story body: the recording, its transcript and the transcript tools (AudioStoryBody loads it). */
export function OwnerRecording({
  story,
  audioPath,
  listenAs,
  label,
}: {
  label: string;
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
      label={label}
      transcript={fresh ?? story.transcript}
      target={listenAs}
      editor={<TranscriptEditor storyId={story.ID} state={state.data} />}
    />
  );
}
