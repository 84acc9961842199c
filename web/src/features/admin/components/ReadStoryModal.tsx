import { adminStoriesText } from '@storyloom/shared/messages/admin';
import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { SecureAudio } from '#web/components/media/SecureAudio.tsx';
import { StoryMeta } from '#web/components/story/StoryMeta.tsx';
import { StoryParagraphs } from '#web/components/story/StoryParagraphs.tsx';
import { StoryPhotos } from '#web/components/story/StoryPhotos.tsx';
import { Modal } from '#web/components/ui/Modal.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { errorText } from '#web/lib/api-client.ts';
import { useAdminStory } from '../api/get-story.ts';

/** The admin's "Read": the whole story in a modal, with who wrote it and whether it is public. */
export function ReadStoryModal({ story, onClose }: { story: StoryDto | null; onClose: () => void }) {
  const full = useFullContent(story);
  return (
    <Modal open={story !== null} onClose={onClose} title={story?.title ?? 'Story'}>
      {story && (
        <div className="read-story">
          <p className="story-author">
            By {story.User?.Username ?? story.author.username} ·{' '}
            <span className={story.is_public ? 'badge badge-public' : 'badge badge-private'}>
              {story.is_public ? 'Public' : 'Private'}
            </span>
          </p>
          <StoryMeta
            createdAt={story.created_at ?? story.CreatedAt}
            location={story.location}
            startDate={story.start_date}
            endDate={story.end_date}
          />
          {story.story_type === 'audio' && story.audio_url && (
            <SecureAudio path={story.audio_url} label="Audio story" className="read-story-audio" />
          )}
          {full.status === 'loading' ? (
            <Spinner label="Loading the whole story…" />
          ) : (
            <>
              {full.status === 'error' && (
                <p className="form-error" role="alert">
                  {full.error} {adminStoriesText.readBeginningOnly}
                </p>
              )}
              <StoryParagraphs text={full.status === 'ready' ? full.content : story.content} />
              {full.status === 'ready' && <StoryPhotos photos={full.photos} headingLevel={3} />}
            </>
          )}
          <div className="button-row">
            <button type="button" className="button button-secondary" onClick={onClose}>
              Close
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}

type FullContent =
  | { status: 'list' }
  | { status: 'loading' }
  | { status: 'ready'; content: string; photos: StoryDto['photos'] }
  | { status: 'error'; error: string };

/**
 * Lists carry only the start of long stories (`content_truncated`) and no photos, only the cover: the
 * modal fetches the whole story when either is missing.
 */
function useFullContent(story: StoryDto | null): FullContent {
  const id = story?.content_truncated || story?.cover_photo ? story.ID : null;
  const query = useAdminStory(id);
  if (!id) return { status: 'list' };
  if (query.isPending) return { status: 'loading' };
  if (query.isError) {
    return { status: 'error', error: errorText(query.error, adminStoriesText.readFailed) };
  }
  return { status: 'ready', content: query.data.content, photos: query.data.photos };
}
