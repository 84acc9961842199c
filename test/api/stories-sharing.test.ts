import { COMMENT_MAX } from '@storyloom/shared/constants';
import { fallback, serverText, success, validation } from '@storyloom/shared/messages';
import {
  type CommentResponse,
  type MyStoriesResponse,
  type ShareLinkResponse,
  type ShareResponse,
  type StoryDto,
  storyMessages,
} from '@storyloom/shared/schemas/stories';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { api } from '../support/http.ts';
import { createPublicStory, createStory, expectError, setPublic, shareWith } from '../support/stories.ts';
import { registerAndLogin, type TestUser } from '../support/users.ts';

type Caller = TestUser & { token: string };
let owner: Caller;
let reader: Caller;
let commenter: Caller;
let stranger: Caller;

beforeAll(async () => {
  [owner, reader, commenter, stranger] = await Promise.all([
    registerAndLogin(),
    registerAndLogin(),
    registerAndLogin(),
    registerAndLogin(),
  ]);
});

describe('share links', () => {
  it('generates a link anyone can open logged out, and a revoke ends it at once', async () => {
    const story = await createStory(owner, { title: 'Private but linked' });
    const res = await api<ShareLinkResponse>('POST', `/api/stories/${story.ID}/share-link`, { token: owner.token });
    expect(res.status).toBe(201);
    const { share_token: token, share_url: url } = res.body;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url).toBe(`${inject('baseUrl')}/shared/${token}`);
    expect(res.body.message).toBe(success.linkGenerated);

    // Asking again returns the same link (copies already sent keep working).
    const again = await api<ShareLinkResponse>('POST', `/api/stories/${story.ID}/share-link`, { token: owner.token });
    expect(again.status).toBe(200);
    expect(again.body.share_token).toBe(token);

    const opened = await api<StoryDto>('GET', `/shared/${token}`);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({
      ID: story.ID,
      title: 'Private but linked',
      is_public: false,
      share_token: null,
      shared_with: [],
      comments: [],
      permissions: { manage: false, comment: false },
      author: { id: owner.id, username: owner.username },
    });
    // The owner sees the token on their story; nobody else does.
    expect((await api<StoryDto>('GET', `/api/stories/${story.ID}`, { token: owner.token })).body.share_token).toBe(
      token,
    );

    const revoke = await api('DELETE', `/api/stories/${story.ID}/share-link`, { token: owner.token });
    expect(revoke.status).toBe(200);
    expect(revoke.body).toEqual({ message: success.linkRevoked });
    expectError(await api('GET', `/shared/${token}`), 404, fallback.sharedNotFound);
    expect(
      (await api<StoryDto>('GET', `/api/stories/${story.ID}`, { token: owner.token })).body.share_token,
    ).toBeNull();

    // A new link is a new token; the old one stays dead.
    const renewed = await api<ShareLinkResponse>('POST', `/api/stories/${story.ID}/share-link`, { token: owner.token });
    expect(renewed.body.share_token).not.toBe(token);
    expect((await api('GET', `/shared/${renewed.body.share_token}`)).status).toBe(200);
    expectError(await api('GET', `/shared/${token}`), 404, fallback.sharedNotFound);
  });

  it('opens a public story by its id, never a private one', async () => {
    const pub = await createPublicStory(owner);
    const priv = await createStory(owner);
    const opened = await api<StoryDto>('GET', `/shared/${pub.ID}`);
    expect(opened.status).toBe(200);
    expect(opened.body.share_token).toBeNull();
    expectError(await api('GET', `/shared/${priv.ID}`), 404, fallback.sharedNotFound);
  });

  it.each([
    ['a guessed token', 'A'.repeat(43)],
    ['a short token', 'abc'],
    ['a missing story id', '00000000-0000-4000-8000-000000000000'],
    ['junk', '%E2%9C%93'],
    ['a long value', 'x'.repeat(300)],
  ])('answers the spec’s 404 for %s', async (_label, value) => {
    expectError(await api('GET', `/shared/${value}`), 404, fallback.sharedNotFound);
  });

  it('shows comments on the shared view', async () => {
    const story = await createPublicStory(owner);
    await api('POST', `/api/stories/${story.ID}/comments`, {
      token: stranger.token,
      body: { text: 'Hello from afar' },
    });
    const opened = await api<StoryDto>('GET', `/shared/${story.ID}`);
    expect(opened.body.comments).toEqual([
      {
        id: expect.any(String),
        text: 'Hello from afar',
        created_at: expect.any(String),
        author: { id: stranger.id, username: stranger.username },
        can_delete: false,
      },
    ]);
  });
});

describe('sharing with users', () => {
  it('shares by username, updates the permission when shared twice, and lists it for the recipient', async () => {
    const story = await createStory(owner, { title: 'Family only' });
    const first = await api<ShareResponse>('POST', `/api/stories/${story.ID}/share`, {
      token: owner.token,
      body: { username: reader.username.toUpperCase(), permission: 'read' },
    });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      message: success.storyShared(reader.username),
      share: { id: expect.any(String), permission: 'read', SharedWith: { username: reader.username } },
    });

    const second = await api<ShareResponse>('POST', `/api/stories/${story.ID}/share`, {
      token: owner.token,
      body: { username: reader.username, permission: 'comment' },
    });
    expect(second.status).toBe(200);
    expect(second.body.share).toEqual({ ...first.body.share, permission: 'comment' });

    const view = await api<StoryDto>('GET', `/api/stories/${story.ID}`, { token: owner.token });
    expect(view.body.shared_with).toEqual([second.body.share]);

    const mine = await api<MyStoriesResponse>('GET', '/api/stories', { token: reader.token });
    expect(mine.body.stories.map((s) => s.ID)).not.toContain(story.ID);
    const shared = mine.body.shared_stories.find((s) => s.ID === story.ID);
    expect(shared).toMatchObject({
      title: 'Family only',
      shared_permission: 'comment',
      share_token: null,
      shared_with: [],
      permissions: { manage: false, comment: true },
      author: { id: owner.id, username: owner.username },
    });
  });

  it('lets a read share read but not comment, and a comment share do both', async () => {
    const story = await createStory(owner);
    await shareWith(owner, story.ID, reader.username, 'read');
    await shareWith(owner, story.ID, commenter.username, 'comment');

    const asReader = await api<StoryDto>('GET', `/api/stories/${story.ID}`, { token: reader.token });
    expect(asReader.status).toBe(200);
    expect(asReader.body).toMatchObject({
      share_token: null,
      shared_with: [],
      permissions: { manage: false, comment: false },
    });
    expectError(
      await api('POST', `/api/stories/${story.ID}/comments`, { token: reader.token, body: { text: 'Hi' } }),
      403,
      serverText.forbidden,
    );

    const asCommenter = await api<StoryDto>('GET', `/api/stories/${story.ID}`, { token: commenter.token });
    expect(asCommenter.body.permissions).toEqual({ manage: false, comment: true, listen: true });
    const posted = await api<CommentResponse>('POST', `/api/stories/${story.ID}/comments`, {
      token: commenter.token,
      body: { text: '  I remember this!  ' },
    });
    expect(posted.status).toBe(201);
    expect(posted.body.comment).toMatchObject({
      text: 'I remember this!',
      author: { id: commenter.id },
      can_delete: true,
    });

    // Everyone who reads the story sees the comment.
    const seen = await api<StoryDto>('GET', `/api/stories/${story.ID}`, { token: reader.token });
    expect(seen.body.comments.map((c) => c.text)).toEqual(['I remember this!']);
    expectError(await api('GET', `/api/stories/${story.ID}`, { token: stranger.token }), 404, storyMessages.notFound);
  });

  it('refuses yourself (400), unknown users (404) and a missing username', async () => {
    const story = await createStory(owner);
    expectError(
      await api('POST', `/api/stories/${story.ID}/share`, {
        token: owner.token,
        body: { username: owner.username, permission: 'read' },
      }),
      400,
      storyMessages.shareSelf,
    );
    expectError(
      await api('POST', `/api/stories/${story.ID}/share`, {
        token: owner.token,
        body: { username: 'nobody-by-this-name', permission: 'read' },
      }),
      404,
      storyMessages.userNotFound,
    );
    expectError(
      await api('POST', `/api/stories/${story.ID}/share`, {
        token: owner.token,
        body: { username: '  ', permission: 'read' },
      }),
      400,
      validation.shareUsername,
    );
    expectError(
      await api('POST', `/api/stories/${story.ID}/share`, {
        token: owner.token,
        body: { username: reader.username, permission: 'write' },
      }),
      400,
      storyMessages.permission,
    );
  });

  it('removes a share: the owner only, and the reader loses access at once', async () => {
    const story = await createStory(owner);
    const share = await shareWith(owner, story.ID, reader.username, 'read');
    expectError(
      await api('DELETE', `/api/shares/${share.id}`, { token: reader.token }),
      404,
      storyMessages.shareNotFound,
    );
    expectError(
      await api('DELETE', `/api/shares/${share.id}`, { token: stranger.token }),
      404,
      storyMessages.shareNotFound,
    );

    const removed = await api('DELETE', `/api/shares/${share.id}`, { token: owner.token });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: success.shareRemoved });
    expectError(await api('GET', `/api/stories/${story.ID}`, { token: reader.token }), 404, storyMessages.notFound);
    expectError(
      await api('DELETE', `/api/shares/${share.id}`, { token: owner.token }),
      404,
      storyMessages.shareNotFound,
    );
    const mine = await api<MyStoriesResponse>('GET', '/api/stories', { token: reader.token });
    expect(mine.body.shared_stories.map((s) => s.ID)).not.toContain(story.ID);
  });

  it.each(['nope', `${'0'.repeat(36)}.abcdefghijkl`, '00000000-0000-4000-8000-000000000000'])(
    'DELETE /api/shares/%s (malformed) is a 400',
    async (shareId) => {
      expectError(await api('DELETE', `/api/shares/${shareId}`, { token: owner.token }), 400, storyMessages.shareId);
    },
  );
});

describe('comments', () => {
  it('lets any signed-in user comment on a public story, and only while comments are allowed', async () => {
    const story = await createPublicStory(owner);
    const posted = await api<CommentResponse>('POST', `/api/stories/${story.ID}/comments`, {
      token: stranger.token,
      body: { text: 'Beautiful' },
    });
    expect(posted.status).toBe(201);
    expect(posted.body.message).toBe(storyMessages.commentAdded);

    await setPublic(owner, story.ID, true, false);
    for (const caller of [stranger, owner]) {
      expectError(
        await api('POST', `/api/stories/${story.ID}/comments`, { token: caller.token, body: { text: 'More' } }),
        403,
        storyMessages.commentsOff,
      );
    }
    const view = await api<StoryDto>('GET', `/api/stories/${story.ID}`, { token: stranger.token });
    expect(view.body).toMatchObject({ allow_comments: false, permissions: { manage: false, comment: false } });
    // Existing comments stay visible.
    expect(view.body.comments).toHaveLength(1);
  });

  it('validates the text', async () => {
    const story = await createStory(owner);
    const post = (body: unknown) => api('POST', `/api/stories/${story.ID}/comments`, { token: owner.token, body });
    expectError(await post({}), 400, storyMessages.commentRequired);
    expectError(await post({ text: '   ' }), 400, storyMessages.commentRequired);
    expectError(await post({ text: 'x'.repeat(COMMENT_MAX + 1) }), 400, storyMessages.commentMax);
    const html = await api<CommentResponse>('POST', `/api/stories/${story.ID}/comments`, {
      token: owner.token,
      body: { text: '<script>alert(1)</script>' },
    });
    // Plain text, stored as typed: the SPA renders it as text, never as HTML.
    expect(html.body.comment.text).toBe('<script>alert(1)</script>');
  });

  it('lets the writer and the story owner delete a comment, nobody else', async () => {
    const story = await createPublicStory(owner);
    await shareWith(owner, story.ID, commenter.username, 'comment');
    const post = async (caller: Caller, text: string) =>
      (await api<CommentResponse>('POST', `/api/stories/${story.ID}/comments`, { token: caller.token, body: { text } }))
        .body.comment;
    const byCommenter = await post(commenter, 'one');
    const byStranger = await post(stranger, 'two');

    expectError(
      await api('DELETE', `/api/stories/${story.ID}/comments/${byCommenter.id}`, { token: stranger.token }),
      403,
    );
    const own = await api('DELETE', `/api/stories/${story.ID}/comments/${byCommenter.id}`, { token: commenter.token });
    expect(own.status).toBe(200);
    expect(own.body).toEqual({ message: storyMessages.commentDeleted });
    const byOwner = await api('DELETE', `/api/stories/${story.ID}/comments/${byStranger.id}`, { token: owner.token });
    expect(byOwner.status).toBe(200);
    expectError(
      await api('DELETE', `/api/stories/${story.ID}/comments/${byStranger.id}`, { token: owner.token }),
      404,
      storyMessages.commentNotFound,
    );
    expectError(
      await api('DELETE', `/api/stories/${story.ID}/comments/bad-id`, { token: owner.token }),
      400,
      storyMessages.commentId,
    );
    const view = await api<StoryDto>('GET', `/api/stories/${story.ID}`, { token: owner.token });
    expect(view.body.comments).toEqual([]);
  });

  it('hides a private story’s comments from strangers (404, not 403)', async () => {
    const story = await createStory(owner);
    const mine = (
      await api<CommentResponse>('POST', `/api/stories/${story.ID}/comments`, {
        token: owner.token,
        body: { text: 'note' },
      })
    ).body.comment;
    expectError(
      await api('POST', `/api/stories/${story.ID}/comments`, { token: stranger.token, body: { text: 'hi' } }),
      404,
      storyMessages.notFound,
    );
    expectError(
      await api('DELETE', `/api/stories/${story.ID}/comments/${mine.id}`, { token: stranger.token }),
      404,
      storyMessages.notFound,
    );
  });
});
