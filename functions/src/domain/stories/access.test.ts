import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import type { StoryRecord } from '../../data/stories.ts';
import type { ShareRecord } from '../../data/story-shares.ts';
import { canComment, type Relation, relationTo } from './access.ts';

const story: StoryRecord = {
  id: 'story-1',
  authorId: 'owner',
  authorUsername: 'olivia',
  title: 't',
  content: 'c',
  storyType: 'text',
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
  isPublic: false,
  allowComments: true,
};
const share = (permission: ShareRecord['permission']): ShareRecord => ({
  id: 'story-1.x',
  storyId: 'story-1',
  userId: 'reader',
  username: 'rita',
  permission,
  createdAt: story.createdAt,
  updatedAt: story.createdAt,
});

describe('canComment (privacy rules)', () => {
  const owner: Relation = { kind: 'owner' };
  const commentShare: Relation = { kind: 'share', share: share('comment') };
  const readShare: Relation = { kind: 'share', share: share('read') };
  const reader: Relation = { kind: 'public-reader' };
  const admin: Relation = { kind: 'admin' };
  const none: Relation = { kind: 'none' };

  it('on a private story: the owner and a comment share only', () => {
    expect([owner, commentShare, readShare, admin, none].map((r) => canComment(story, r))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it('on a public story: every signed-in reader, but not a stranger without a relation', () => {
    const pub = { ...story, isPublic: true };
    expect([owner, commentShare, readShare, reader, admin, none].map((r) => canComment(pub, r))).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
    ]);
  });

  it('nobody while the story does not allow comments', () => {
    const closed = { ...story, isPublic: true, allowComments: false };
    expect([owner, commentShare, reader].some((r) => canComment(closed, r))).toBe(false);
  });
});

describe('relationTo', () => {
  const db = mockClient(DynamoDBDocumentClient);
  afterEach(() => db.reset());

  it('knows the owner and a public reader without reading anything', async () => {
    expect(await relationTo(story, 'owner')).toEqual({ kind: 'owner' });
    expect(await relationTo({ ...story, isPublic: true }, 'reader', null)).toEqual({ kind: 'public-reader' });
    expect(await relationTo(story, 'reader', share('read'))).toEqual({ kind: 'share', share: share('read') });
    expect(db.calls()).toHaveLength(0);
  });
});
