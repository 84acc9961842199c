import { useSearchParams } from 'react-router-dom';
import { StoryKindSwitch } from '../components/StoryKindSwitch.tsx';
import { CreateAudioStoryRoute } from './CreateAudioStoryRoute.tsx';
import { CreateStoryRoute } from './CreateStoryRoute.tsx';

/** /create-story: the written story, or with `?type=audio` the recorded or uploaded one. */
export function CreateStoryPage() {
  const [search] = useSearchParams();
  if (search.get('type') === 'audio') return <CreateAudioStoryRoute />;
  return (
    <>
      <div className="page page-narrow page-prelude">
        <StoryKindSwitch current="text" />
      </div>
      <CreateStoryRoute />
    </>
  );
}
