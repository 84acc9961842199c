import { DISCOVERY_SNIPPET_CHARS } from '@storyloom/shared/constants';
import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { Link } from 'react-router-dom';
import { Avatar } from '#web/components/media/Avatar.tsx';
import { CoverPhoto } from '#web/components/story/StoryPhotos.tsx';
import { paths } from '#web/config/paths.ts';
import { snippet } from '#web/lib/format.ts';
import { sharedKey } from '../utils/discovery.ts';
import { StoryTitleText } from './StoryTitleText.tsx';

/**
 * A discovery card (spec section 2): the whole card opens /shared/{token or ID}; the author tag is a
 * link of its own to /author/{id}, raised above the card's link.
 */
export function DiscoverCard({ story }: { story: StoryDto }) {
  // A recording without a description shows the start of its transcript (what the search also looks at).
  const text = snippet(story.content || story.transcript?.text || '', DISCOVERY_SNIPPET_CHARS);
  return (
    <article className="story-card discover-card">
      <h2 className="story-card-title">
        <Link to={paths.sharedStory.getHref(sharedKey(story))} className="card-link">
          <StoryTitleText title={story.title} isAudio={story.story_type === 'audio'} />
        </Link>
      </h2>
      <CoverPhoto cover={story.cover_photo} title={story.title} />
      {text && (
        <p className="story-snippet" dir="auto">
          {text}
        </p>
      )}
      <ul className="tags" aria-label="About this story">
        <li>
          <Link to={paths.author.getHref(story.author.id)} className="tag tag-author card-raised">
            <Avatar name={story.author.username} userId={story.author.id} size={48} letterAsText={false} />
            <span className="visually-hidden">Author: </span>
            {story.author.username}
          </Link>
        </li>
        {story.location && (
          <li className="tag tag-location">
            <span className="visually-hidden">Location: </span>
            {story.location}
          </li>
        )}
      </ul>
    </article>
  );
}
