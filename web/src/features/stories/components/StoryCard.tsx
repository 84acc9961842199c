import { DASHBOARD_PREVIEW_CHARS } from '@storyloom/shared/constants';
import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { Link } from 'react-router-dom';
import { Avatar } from '#web/components/media/Avatar.tsx';
import { StoryMeta } from '#web/components/story/StoryMeta.tsx';
import { CoverPhoto } from '#web/components/story/StoryPhotos.tsx';
import { paths } from '#web/config/paths.ts';
import { truncateText } from '#web/lib/format.ts';
import { PrivacyBadge } from './PrivacyBadge.tsx';
import { StoryAudio } from './StoryAudio.tsx';

/**
 * A dashboard card (spec section 2): the whole card opens /story/{ID}. Title (audio stories start
 * with a music note), created date, place and period, then the text cut at 200 characters with its
 * line breaks, or for audio the player and the description.
 */
export function StoryCard({ story, shared = false }: { story: StoryDto; shared?: boolean }) {
  const isAudio = story.story_type === 'audio';
  const preview = truncateText(story.content, DASHBOARD_PREVIEW_CHARS);
  return (
    <article className="story-card">
      <div className="story-card-top">
        <h3 className="story-card-title">
          <Link to={paths.story.getHref(story.ID)} className="card-link">
            {isAudio && (
              <>
                <span aria-hidden="true">♪ </span>
                <span className="visually-hidden">Audio story: </span>
              </>
            )}
            <span dir="auto">{story.title}</span>
          </Link>
        </h3>
        {!shared && <PrivacyBadge isPublic={story.is_public} />}
      </div>
      {shared && (
        <p className="story-card-author">
          <Avatar name={story.author.username} userId={story.author.id} size={48} letterAsText={false} />
          By {story.author.username}
          {story.shared_permission && (
            <span className="story-card-permission">
              {story.shared_permission === 'comment' ? 'You can read and comment' : 'You can read'}
            </span>
          )}
        </p>
      )}
      <CoverPhoto cover={story.cover_photo} title={story.title} />
      <StoryMeta
        createdAt={story.created_at ?? story.CreatedAt}
        location={story.location}
        startDate={story.start_date}
        endDate={story.end_date}
      />
      {isAudio && story.audio_url && <StoryAudio src={story.audio_url} label="Audio story" />}
      {preview && (
        <p className="story-preview" dir="auto">
          {preview}
        </p>
      )}
      {!isAudio && story.audio_url && <StoryAudio src={story.audio_url} label="AI Narration" />}
    </article>
  );
}
