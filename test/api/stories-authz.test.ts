import type {
  AdminStoriesResponse,
  AuthorPageResponse,
  CommentResponse,
  MyStoriesResponse,
  PublicStoriesResponse,
  ShareLinkResponse,
  StoryDto,
} from '@storyloom/shared/schemas/stories';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/http.ts';
import { createStory, setPublic, shareWith } from '../support/stories.ts';
import { createAdmin, loginAs, registerAndLogin, type TestUser } from '../support/users.ts';

/**
 * The authorization matrix (docs/stories.md, "Authorization"): every story, share, comment and admin
 * route, called as each kind of caller, against the status the rules give. Calls that change or end
 * access run on a fresh story per caller, so one caller's call cannot decide another's answer.
 */
const ACTORS = ['anonymous', 'owner', 'other', 'readShare', 'commentShare', 'admin'] as const;
type Actor = (typeof ACTORS)[number];
type Caller = TestUser & { token: string };

let callers: Record<Exclude<Actor, 'anonymous'>, Caller>;
let target: Caller;

interface Fixture {
  story: StoryDto;
  readShareId: string;
  commentId: string;
  token: string;
}

/**
 * A story of `owner` shared with readShare (read) and commentShare (comment), with a link and, when
 * asked (comments are rate limited per writer), a comment by commentShare.
 */
async function fixture(visibility: 'private' | 'public', withComment = true): Promise<Fixture> {
  const { owner, readShare, commentShare } = callers;
  const story = await createStory(owner, { title: `Matrix ${visibility}` });
  if (visibility === 'public') await setPublic(owner, story.ID, true);
  const readShareId = (await shareWith(owner, story.ID, readShare.username, 'read')).id;
  await shareWith(owner, story.ID, commentShare.username, 'comment');
  let commentId = 'none';
  if (withComment) {
    const comment = await api<CommentResponse>('POST', `/api/stories/${story.ID}/comments`, {
      token: commentShare.token,
      body: { text: 'From the comment share' },
    });
    if (comment.status !== 201) throw new Error(`fixture comment: ${comment.status} ${comment.text}`);
    commentId = comment.body.comment.id;
  }
  const link = await api<ShareLinkResponse>('POST', `/api/stories/${story.ID}/share-link`, { token: owner.token });
  return { story, readShareId, commentId, token: link.body.share_token };
}

interface Row {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: (fx: Fixture) => string;
  body?: () => unknown;
  /** A fresh fixture per caller: the call changes who may do what. */
  fresh?: boolean;
  expect: Record<Actor, number | readonly number[]>;
}

//                                  anonymous owner        other readShare commentShare admin
const manage = (owner: number | readonly number[], reader: number) =>
  ({ anonymous: 401, owner, other: 404, readShare: reader, commentShare: reader, admin: reader }) as const;
const adminOnly = { anonymous: 401, owner: 403, other: 403, readShare: 403, commentShare: 403, admin: 200 } as const;
const everyone = (status: number) =>
  ({
    anonymous: status,
    owner: status,
    other: status,
    readShare: status,
    commentShare: status,
    admin: status,
  }) as const;

const storyPath = (fx: Fixture) => `/api/stories/${fx.story.ID}`;
const edit = () => ({ title: 'Edited', content: 'Edited content' });

const privateRows: Row[] = [
  { name: 'list own stories', method: 'GET', path: () => '/api/stories', expect: { ...everyone(200), anonymous: 401 } },
  {
    name: 'read the story',
    method: 'GET',
    path: storyPath,
    expect: { anonymous: 401, owner: 200, other: 404, readShare: 200, commentShare: 200, admin: 200 },
  },
  { name: 'edit', method: 'PUT', path: storyPath, body: edit, expect: manage(200, 403) },
  { name: 'delete', method: 'DELETE', path: storyPath, fresh: true, expect: manage(200, 403) },
  {
    name: 'set privacy',
    method: 'PUT',
    path: (fx) => `${storyPath(fx)}/privacy`,
    body: () => ({ is_public: false, is_private: true, allow_comments: true }),
    expect: manage(200, 403),
  },
  {
    name: 'share with a user',
    method: 'POST',
    path: (fx) => `${storyPath(fx)}/share`,
    body: () => ({ username: target.username, permission: 'read' }),
    expect: manage([200, 201], 403),
  },
  {
    name: 'make the link',
    method: 'POST',
    path: (fx) => `${storyPath(fx)}/share-link`,
    expect: manage([200, 201], 403),
  },
  {
    name: 'revoke the link',
    method: 'DELETE',
    path: (fx) => `${storyPath(fx)}/share-link`,
    fresh: true,
    expect: manage(200, 403),
  },
  {
    name: 'remove a share',
    method: 'DELETE',
    path: (fx) => `/api/shares/${fx.readShareId}`,
    fresh: true,
    expect: { anonymous: 401, owner: 200, other: 404, readShare: 404, commentShare: 404, admin: 404 },
  },
  {
    name: 'comment',
    method: 'POST',
    path: (fx) => `${storyPath(fx)}/comments`,
    body: () => ({ text: 'Hello' }),
    expect: { anonymous: 401, owner: 201, other: 404, readShare: 403, commentShare: 201, admin: 403 },
  },
  {
    name: 'delete the comment share’s comment',
    method: 'DELETE',
    path: (fx) => `${storyPath(fx)}/comments/${fx.commentId}`,
    fresh: true,
    expect: { anonymous: 401, owner: 200, other: 404, readShare: 403, commentShare: 200, admin: 403 },
  },
  { name: 'open by link', method: 'GET', path: (fx) => `/shared/${fx.token}`, expect: everyone(200) },
  { name: 'open by id', method: 'GET', path: (fx) => `/shared/${fx.story.ID}`, expect: everyone(404) },
  { name: 'admin list', method: 'GET', path: () => '/api/admin/stories?limit=5', expect: adminOnly },
  {
    name: 'admin privacy',
    method: 'PUT',
    path: (fx) => `/api/admin/stories/${fx.story.ID}/privacy`,
    body: () => ({ is_public: false }),
    expect: adminOnly,
  },
  {
    name: 'admin delete',
    method: 'DELETE',
    path: (fx) => `/api/admin/stories/${fx.story.ID}`,
    fresh: true,
    expect: adminOnly,
  },
];

/** On a public story every signed-in caller reads and comments; management stays the owner's (403: they know it exists). */
const publicRows: Row[] = [
  { name: 'read the story', method: 'GET', path: storyPath, expect: { ...everyone(200), anonymous: 401 } },
  { name: 'edit', method: 'PUT', path: storyPath, body: edit, expect: { ...manage(200, 403), other: 403 } },
  { name: 'delete', method: 'DELETE', path: storyPath, fresh: true, expect: { ...manage(200, 403), other: 403 } },
  {
    name: 'make the link',
    method: 'POST',
    path: (fx) => `${storyPath(fx)}/share-link`,
    expect: { ...manage([200, 201], 403), other: 403 },
  },
  {
    name: 'comment',
    method: 'POST',
    path: (fx) => `${storyPath(fx)}/comments`,
    body: () => ({ text: 'Hello' }),
    expect: { ...everyone(201), anonymous: 401 },
  },
  {
    name: 'delete the comment share’s comment',
    method: 'DELETE',
    path: (fx) => `${storyPath(fx)}/comments/${fx.commentId}`,
    fresh: true,
    expect: { anonymous: 401, owner: 200, other: 403, readShare: 403, commentShare: 200, admin: 403 },
  },
  {
    name: 'remove a share',
    method: 'DELETE',
    path: (fx) => `/api/shares/${fx.readShareId}`,
    fresh: true,
    expect: { anonymous: 401, owner: 200, other: 404, readShare: 404, commentShare: 404, admin: 404 },
  },
  { name: 'open by id', method: 'GET', path: (fx) => `/shared/${fx.story.ID}`, expect: everyone(200) },
];

beforeAll(async () => {
  const [owner, other, readShare, commentShare, targetUser, adminUser] = await Promise.all([
    registerAndLogin(),
    registerAndLogin(),
    registerAndLogin(),
    registerAndLogin(),
    registerAndLogin(),
    createAdmin(),
  ]);
  const admin = { ...adminUser, token: (await loginAs(adminUser)).token };
  callers = { owner, other, readShare, commentShare, admin };
  target = targetUser;
});

async function walk(rows: Row[], visibility: 'private' | 'public') {
  const shared = await fixture(visibility);
  const mismatches: string[] = [];
  for (const row of rows) {
    // The owner goes last on a shared fixture, so an owner's change cannot decide the others' answers.
    const order: Actor[] = ['anonymous', 'other', 'readShare', 'commentShare', 'admin', 'owner'];
    for (const actor of order) {
      const fx = row.fresh ? await fixture(visibility, row.path(shared).includes('/comments/')) : shared;
      const token = actor === 'anonymous' ? undefined : callers[actor].token;
      const res = await api(row.method, row.path(fx), { token, body: row.body?.() });
      const wanted = row.expect[actor];
      const ok = typeof wanted === 'number' ? res.status === wanted : wanted.includes(res.status);
      if (!ok) mismatches.push(`${visibility} ${row.name} as ${actor}: ${res.status} (want ${wanted}) ${res.text}`);
      if (res.status >= 400 && res.status !== 401) {
        // Every refusal the handlers give is `{ error }` (401s before a handler are API Gateway's).
        if (typeof (res.body as { error?: unknown })?.error !== 'string')
          mismatches.push(`${row.name} as ${actor}: no { error }`);
      }
    }
  }
  return mismatches;
}

describe('authorization matrix', () => {
  it('private story: every route as every caller', async () => {
    expect(await walk(privateRows, 'private')).toEqual([]);
  });

  it('public story: every route as every caller', async () => {
    expect(await walk(publicRows, 'public')).toEqual([]);
  });
});

describe('a private story never leaks', () => {
  it('through any list, author page, link guess or id guess', async () => {
    const fx = await fixture('private', false);
    const id = fx.story.ID;
    const { owner, other, readShare, admin } = callers;

    const otherLists = await api<MyStoriesResponse>('GET', '/api/stories', { token: other.token });
    expect(JSON.stringify(otherLists.body)).not.toContain(id);
    const readerLists = await api<MyStoriesResponse>('GET', '/api/stories', { token: readShare.token });
    expect(readerLists.body.stories.map((s) => s.ID)).not.toContain(id);
    expect(readerLists.body.shared_stories.find((s) => s.ID === id)?.share_token).toBeNull();

    const author = await api<AuthorPageResponse>('GET', `/public/author/${owner.id}`);
    expect(JSON.stringify(author.body)).not.toContain(id);
    for (let page = 1; page <= 3; page++) {
      const list = await api<PublicStoriesResponse>('GET', `/public/stories?page=${page}&limit=50`);
      expect(JSON.stringify(list.body)).not.toContain(id);
    }

    // The link token reaches only the owner and admins.
    for (const caller of [readShare, callers.commentShare]) {
      const view = await api('GET', `/api/stories/${id}`, { token: caller.token });
      expect(view.text).not.toContain(fx.token);
    }
    expect((await api('GET', `/shared/${fx.token}`)).text).not.toContain(fx.token);
    const adminList = await api<AdminStoriesResponse>('GET', '/api/admin/stories', { token: admin.token });
    expect(adminList.body.stories.find((s) => s.ID === id)).toMatchObject({
      share_token: fx.token,
      User: { Username: owner.username },
    });

    // Guessing: a token one character off, and the story's id, are both the spec's 404.
    const guess = `${fx.token.slice(0, -1)}${fx.token.endsWith('A') ? 'B' : 'A'}`;
    expect((await api('GET', `/shared/${guess}`)).status).toBe(404);
    expect((await api('GET', `/shared/${id}`)).status).toBe(404);
    // A stranger cannot tell a private story from a missing one.
    const missing = await api('GET', '/api/stories/00000000-0000-4000-8000-000000000000', { token: other.token });
    const hidden = await api('GET', `/api/stories/${id}`, { token: other.token });
    expect({ status: hidden.status, body: hidden.body }).toEqual({ status: missing.status, body: missing.body });
  });
});
