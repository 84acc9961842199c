import { ADMIN_STORIES_PAGE_MAX } from '@storyloom/shared/constants';
import { success } from '@storyloom/shared/messages';
import {
  type AdminStoriesResponse,
  type AuthorPageResponse,
  type CommentResponse,
  type MyStoriesResponse,
  type StoryDto,
  storyMessages,
} from '@storyloom/shared/schemas/stories';
import { beforeAll, describe, expect, it } from 'vitest';
import { useServerEnv } from '../support/env.ts';
import { api } from '../support/http.ts';
import { createPublicStory, createStory, expectError, shareWith } from '../support/stories.ts';
import { scanItemsMentioning } from '../support/table.ts';
import { createAdmin, loginAs, registerAndLogin, type TestUser } from '../support/users.ts';

type Caller = TestUser & { token: string };
let admin: Caller;
let author: Caller;
let friend: Caller;

beforeAll(async () => {
  const [adminUser, a, f] = await Promise.all([createAdmin(), registerAndLogin(), registerAndLogin()]);
  admin = { ...adminUser, token: (await loginAs(adminUser)).token };
  author = a;
  friend = f;
});

const adminList = (query = '') =>
  api<AdminStoriesResponse>('GET', `/api/admin/stories${query}`, { token: admin.token });

describe('admin story management', () => {
  it('lists every story newest first with its author, private ones and link tokens included', async () => {
    const priv = await createStory(author, { title: 'Admin sees me' });
    const link = await api<{ share_token: string }>('POST', `/api/stories/${priv.ID}/share-link`, {
      token: author.token,
    });
    const res = await adminList();
    expect(res.status).toBe(200);
    expect(res.body.stories.length).toBeLessThanOrEqual(ADMIN_STORIES_PAGE_MAX);
    const row = res.body.stories.find((s) => s.ID === priv.ID);
    expect(row).toMatchObject({
      title: 'Admin sees me',
      is_public: false,
      share_token: link.body.share_token,
      User: { Username: author.username },
      author: { id: author.id, username: author.username },
    });
    const created = res.body.stories.map((s) => s.created_at);
    expect([...created].sort().reverse()).toEqual(created);
  });

  it('pages with next_cursor: newest first across pages, no repeats, ours all found', async () => {
    const ours = [
      await createStory(author, { title: 'c1' }),
      await createStory(author, { title: 'c2' }),
      await createStory(author, { title: 'c3' }),
    ];
    // Walking from the top: stories created meanwhile are newer than every cursor, so the walk stays
    // monotonic however many other tests write concurrently.
    const seen: StoryDto[] = [];
    let cursor: string | null = null;
    do {
      const res = await adminList(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.body.stories.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.stories);
      cursor = res.body.next_cursor;
    } while (cursor && !ours.every((o) => seen.some((s) => s.ID === o.ID)));
    const ids = seen.map((s) => s.ID);
    expect(new Set(ids).size).toBe(ids.length);
    const created = seen.map((s) => s.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    expect(ours.map((o) => ids.indexOf(o.ID))).toEqual(ours.map((o) => ids.indexOf(o.ID)).sort((a, b) => b - a));
  });

  it.each([
    ['?limit=0', storyMessages.adminLimit],
    [`?limit=${ADMIN_STORIES_PAGE_MAX + 1}`, storyMessages.adminLimit],
    ['?limit=abc', storyMessages.adminLimit],
    ['?cursor=not*base64', storyMessages.cursor],
    [`?cursor=${Buffer.from('{"pk":1}').toString('base64url')}`, storyMessages.cursor],
    [`?cursor=${Buffer.from('[]').toString('base64url')}`, storyMessages.cursor],
    [
      `?cursor=${Buffer.from(JSON.stringify({ pk: 'USER#x', sk: 'PROFILE', gsi3pk: 'USERS', gsi3sk: 'x' })).toString('base64url')}`,
      storyMessages.cursor,
    ],
  ])('GET /api/admin/stories%s is a 400', async (query, error) => {
    expectError(await adminList(query), 400, error);
  });

  it('sets any story public or private', async () => {
    const story = await createStory(author);
    const pub = await api<StoryDto>('PUT', `/api/admin/stories/${story.ID}/privacy`, {
      token: admin.token,
      body: { is_public: true },
    });
    expect(pub.status).toBe(200);
    expect(pub.body).toMatchObject({
      ID: story.ID,
      is_public: true,
      is_private: false,
      User: { Username: author.username },
    });
    const page = await api<AuthorPageResponse>('GET', `/public/author/${author.id}`);
    expect(page.body.stories.map((s) => s.ID)).toContain(story.ID);

    const priv = await api<StoryDto>('PUT', `/api/admin/stories/${story.ID}/privacy`, {
      token: admin.token,
      body: { is_public: false },
    });
    expect(priv.body.is_public).toBe(false);
    expectError(
      await api('PUT', `/api/admin/stories/${story.ID}/privacy`, { token: admin.token, body: { is_public: 'no' } }),
      400,
      'is_public must be true or false',
    );
    expectError(
      await api('PUT', '/api/admin/stories/00000000-0000-4000-8000-000000000000/privacy', {
        token: admin.token,
        body: { is_public: true },
      }),
      404,
      storyMessages.notFound,
    );
  });

  it('deletes any story with everything of it', async () => {
    const story = await createPublicStory(author);
    await shareWith(author, story.ID, friend.username, 'comment');
    await api('POST', `/api/stories/${story.ID}/comments`, { token: friend.token, body: { text: 'Nice' } });
    const del = await api('DELETE', `/api/admin/stories/${story.ID}`, { token: admin.token });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ message: success.storyDeleted });
    expect(await scanItemsMentioning([story.ID])).toEqual([]);
    expectError(
      await api('DELETE', `/api/admin/stories/${story.ID}`, { token: admin.token }),
      404,
      storyMessages.notFound,
    );
    expectError(await api('DELETE', '/api/admin/stories/nope', { token: admin.token }), 400, storyMessages.storyId);
  });

  it('stops a demoted admin at once', async () => {
    const other = await createAdmin();
    const token = (await loginAs(other)).token;
    expect((await api('GET', '/api/admin/stories?limit=1', { token })).status).toBe(200);
    const demote = await api('PUT', '/api/admin/users/role', {
      token: admin.token,
      body: { user_id: other.id, role: 'user' },
    });
    expect(demote.status).toBe(200);
    expect((await api('GET', '/api/admin/stories?limit=1', { token })).status).toBe(403);
  });
});

describe('account deletion purges the user’s stories', () => {
  it('removes their stories (shares, link, comments, media), the shares they got and their comments elsewhere', async () => {
    const leaving = await registerAndLogin();
    const own = await createPublicStory(leaving, { title: 'Leaving soon' });
    await shareWith(leaving, own.ID, friend.username, 'comment');
    const link = await api<{ share_token: string }>('POST', `/api/stories/${own.ID}/share-link`, {
      token: leaving.token,
    });
    await api('POST', `/api/stories/${own.ID}/comments`, {
      token: friend.token,
      body: { text: 'on the leaver’s story' },
    });

    const friends = await createPublicStory(friend, { title: 'Friend stays' });
    const friendsShare = await shareWith(friend, friends.ID, leaving.username, 'comment');
    const left = await api<CommentResponse>('POST', `/api/stories/${friends.ID}/comments`, {
      token: leaving.token,
      body: { text: 'by the leaver' },
    });
    const kept = await api<CommentResponse>('POST', `/api/stories/${friends.ID}/comments`, {
      token: friend.token,
      body: { text: 'by the friend' },
    });

    useServerEnv();
    const { userDataPurgers } = await import('@storyloom/functions/domain/user-data-purgers');
    const stories = userDataPurgers.find((p) => p.name === 'stories');
    expect(stories).toBeDefined();
    await stories!.purge(leaving.id);
    // Idempotent: the account-deletion job may run it again.
    await stories!.purge(leaving.id);

    expect(await scanItemsMentioning([own.ID, link.body.share_token, left.body.comment.id, friendsShare.id])).toEqual(
      [],
    );
    const view = await api<StoryDto>('GET', `/api/stories/${friends.ID}`, { token: friend.token });
    expect(view.body.comments.map((c) => c.id)).toEqual([kept.body.comment.id]);
    expect(view.body.shared_with).toEqual([]);
    const friendLists = await api<MyStoriesResponse>('GET', '/api/stories', { token: friend.token });
    expect(friendLists.body.shared_stories.map((s) => s.ID)).not.toContain(own.ID);
    expect((await api('GET', `/shared/${own.ID}`)).status).toBe(404);
  });
});
