import { AUTHOR_AUDIO_PREVIEW_CHARS, AUTHOR_TEXT_PREVIEW_CHARS } from '@storyloom/shared/constants';
import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { Link } from 'react-router-dom';
import { StoryMeta } from '#web/components/story/StoryMeta.tsx';
import { CoverPhoto } from '#web/components/story/StoryPhotos.tsx';
import { paths } from '#web/config/paths.ts';
import { truncateText } from '#web/lib/format.ts';
import { sharedKey } from '../utils/discovery.ts';
import { StoryTitleText } from './StoryTitleText.tsx';

/** A card on the author page (spec section 2): created date, place, period and a preview (200 text / 150 audio). */
export function AuthorStoryCard({ story }: { story: StoryDto }) {
  const isAudio = story.story_type === 'audio';
  const preview = truncateText(story.content, isAudio ? AUTHOR_AUDIO_PREVIEW_CHARS : AUTHOR_TEXT_PREVIEW_CHARS);
  return (
    <article className="story-card">
      <h3 className="story-card-title">
        <Link to={paths.sharedStory.getHref(sharedKey(story))} className="card-link">
          <StoryTitleText title={story.title} isAudio={isAudio} />
        </Link>
      </h3>
      <CoverPhoto cover={story.cover_photo} title={story.title} />
      <StoryMeta
        createdAt={story.created_at ?? story.CreatedAt}
        location={story.location}
        startDate={story.start_date}
        endDate={story.end_date}
      />
      {preview && (
        <p className="story-preview" dir="auto">
          {preview}
        </p>
      )}
    </article>
  );
}
