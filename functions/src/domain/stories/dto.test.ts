import { LIST_CONTENT_CHARS } from '@storyloom/shared/constants';
import { describe, expect, it } from 'vitest';
import type { StoryRecord } from '../../data/stories.ts';
import type { CommentRecord } from '../../data/story-comments.ts';
import type { ShareRecord } from '../../data/story-shares.ts';
import { publicListView, toStoryDto } from './dto.ts';

const story: StoryRecord = {
  id: 'story-1',
  authorId: 'owner',
  authorUsername: 'olivia',
  title: 'The lake house',
  content: 'x'.repeat(LIST_CONTENT_CHARS + 5),
  storyType: 'text',
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-02T00:00:00.000Z',
  isPublic: true,
  allowComments: true,
  shareToken: 'secret-token',
};
const comment = (id: string, authorId: string): CommentRecord => ({
  id,
  storyId: story.id,
  authorId,
  authorUsername: authorId,
  text: 'Lovely',
  createdAt: '2024-01-03T00:00:00.000Z',
});
const share: ShareRecord = {
  id: 'story-1.abc',
  storyId: story.id,
  userId: 'reader',
  username: 'rita',
  permission: 'comment',
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
};

describe('toStoryDto', () => {
  it('maps the record to both spellings of the spec and nulls absent optional fields', () => {
    const dto = toStoryDto(
      { ...story, content: 'short' },
      { seesLinkToken: false, permissions: { manage: false, comment: false } },
    );
    expect(dto).toMatchObject({
      ID: 'story-1',
      created_at: story.createdAt,
      CreatedAt: story.createdAt,
      location: null,
      start_date: null,
      end_date: null,
      audio_url: null,
      is_public: true,
      is_private: false,
      author: { id: 'owner', username: 'olivia' },
      comments: [],
      shared_with: [],
    });
    expect(dto).not.toHaveProperty('content_truncated');
    expect(dto).not.toHaveProperty('User');
  });

  it('cuts list content to LIST_CONTENT_CHARS and says so', () => {
    const dto = toStoryDto(story, publicListView);
    expect(dto.content).toHaveLength(LIST_CONTENT_CHARS);
    expect(dto.content_truncated).toBe(true);
    expect(toStoryDto({ ...story, content: 'short' }, publicListView).content_truncated).toBe(false);
  });

  it('shows the share-link token only to views that may see it', () => {
    expect(toStoryDto(story, publicListView).share_token).toBeNull();
    const owner = toStoryDto(story, { seesLinkToken: true, permissions: { manage: true, comment: true } });
    expect(owner.share_token).toBe('secret-token');
  });

  it('lets the comment writer and the story owner delete a comment, nobody else', () => {
    const comments = [comment('c1', 'reader'), comment('c2', 'someone')];
    const base = { seesLinkToken: false, permissions: { manage: false, comment: true }, comments };
    const asReader = toStoryDto(story, { ...base, viewerId: 'reader' }).comments.map((c) => c.can_delete);
    const asOwner = toStoryDto(story, { ...base, viewerId: 'owner' }).comments.map((c) => c.can_delete);
    const anonymous = toStoryDto(story, base).comments.map((c) => c.can_delete);
    expect(asReader).toEqual([true, false]);
    expect(asOwner).toEqual([true, true]);
    expect(anonymous).toEqual([false, false]);
  });

  it('adds shares, the shared permission and the admin list field only when the view asks', () => {
    const dto = toStoryDto(story, {
      seesLinkToken: true,
      permissions: { manage: true, comment: true },
      shares: [share],
      sharedPermission: 'read',
      adminList: true,
    });
    expect(dto.shared_with).toEqual([{ id: share.id, permission: 'comment', SharedWith: { username: 'rita' } }]);
    expect(dto.shared_permission).toBe('read');
    expect(dto.User).toEqual({ Username: 'olivia' });
  });
});
