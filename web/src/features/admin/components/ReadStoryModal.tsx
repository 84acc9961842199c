import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { StoryMeta } from '#web/components/story/StoryMeta.tsx';
import { StoryParagraphs } from '#web/components/story/StoryParagraphs.tsx';
import { Modal } from '#web/components/ui/Modal.tsx';

/** The admin's "Read": the whole story in a modal, with who wrote it and whether it is public. */
export function ReadStoryModal({ story, onClose }: { story: StoryDto | null; onClose: () => void }) {
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
          <StoryParagraphs text={story.content} />
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
