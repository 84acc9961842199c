import { useSearchParams } from 'react-router-dom';
import { PromptAbove, useAnswering } from '#web/components/prompts/AnsweringPrompt.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { StoryKindSwitch } from '../components/StoryKindSwitch.tsx';
import { CreateAudioStoryRoute } from './CreateAudioStoryRoute.tsx';
import { CreateStoryRoute } from './CreateStoryRoute.tsx';

/**
 * /create-story: the written story, or with `?type=audio` the recorded or uploaded one. With `?prompt=<id>`
 * it answers a question (docs/family-loop.md): shown above the form, offered as the title, marked answered on save.
 */
export function CreateStoryPage() {
  const [search] = useSearchParams();
  const answering = useAnswering();
  // The form starts with the question as its title, so it waits for the question.
  if (answering.loading) return <Spinner label="Loading the question…" className="page-spinner" />;
  const promptId = answering.prompt?.id;
  const above = <PromptAbove prompt={answering.prompt} failed={answering.failed} />;
  if (search.get('type') === 'audio') {
    return (
      <CreateAudioStoryRoute
        prompt={answering.prompt}
        promptAbove={above}
        kindSwitch={<StoryKindSwitch current="audio" prompt={promptId} />}
        onSaved={answering.finish}
      />
    );
  }
  return (
    <>
      <div className="page page-narrow page-prelude">
        <StoryKindSwitch current="text" prompt={promptId} />
      </div>
      <CreateStoryRoute prompt={answering.prompt} promptAbove={above} onSaved={answering.finish} />
    </>
  );
}
