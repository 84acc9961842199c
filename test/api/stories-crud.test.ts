import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import {
  LIST_CONTENT_CHARS,
  STORY_CONTENT_MAX,
  STORY_LOCATION_MAX,
  STORY_TITLE_MAX,
} from '@storyloom/shared/constants';
import { serverText, success, validation } from '@storyloom/shared/messages';
import { type MyStoriesResponse, type StoryDto, storyMessages } from '@storyloom/shared/schemas/stories';
import { beforeAll, describe, expect, it } from 'vitest';
import { useServerEnv } from '../support/env.ts';
import { api } from '../support/http.ts';
import { createStory, expectError, shareWith, storyInput } from '../support/stories.ts';
import { scanItemsMentioning } from '../support/table.ts';
import { registerAndLogin, type TestUser } from '../support/users.ts';

type Caller = TestUser & { token: string };
let alice: Caller;
let bob: Caller;

beforeAll(async () => {
  [alice, bob] = await Promise.all([registerAndLogin(), registerAndLogin()]);
});

describe('story CRUD', () => {
  it('creates a private text story and returns it with 201', async () => {
    const res = await api<StoryDto>('POST', '/api/stories', { token: alice.token, body: storyInput() });
    expect(res.status).toBe(201);
    const story = res.body;
    expect(story).toMatchObject({
      title: 'The summer at the lake',
      content: 'We drove north in the old car.\nGrandpa sang the whole way.',
      story_type: 'text',
      location: 'Lake Tahoe',
      start_date: '1988-07-01',
      end_date: '1988-07-14',
      audio_url: null,
      narration_voice_id: null,
      narration_voice_label: null,
      is_public: false,
      is_private: true,
      allow_comments: true,
      share_token: null,
      author: { id: alice.id, username: alice.username },
      comments: [],
      shared_with: [],
      permissions: { manage: true, comment: true },
    });
    expect(story.ID).toMatch(/^[0-9a-f-]{36}$/);
    expect(story.created_at).toBe(story.CreatedAt);
    expect(Date.parse(story.created_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('trims fields and stores blank optional fields as null', async () => {
    const story = await createStory(alice, {
      title: '  Spaced  ',
      content: ' Body ',
      location: '   ',
      start_date: '',
      end_date: null,
    });
    expect(story).toMatchObject({ title: 'Spaced', content: 'Body', location: null, start_date: null, end_date: null });
    const { body } = await api<StoryDto>('GET', `/api/stories/${story.ID}`, { token: alice.token });
    expect(body).toMatchObject({ title: 'Spaced', location: null, start_date: null, end_date: null });
  });

  it('lists the caller’s stories newest first, and only theirs', async () => {
    const first = await createStory(alice, { title: 'First' });
    const second = await createStory(alice, { title: 'Second' });
    const bobs = await createStory(bob, { title: 'Bob’s' });
    const res = await api<MyStoriesResponse>('GET', '/api/stories', { token: alice.token });
    expect(res.status).toBe(200);
    const ids = res.body.stories.map((s) => s.ID);
    expect(ids.indexOf(second.ID)).toBeLessThan(ids.indexOf(first.ID));
    expect(ids).not.toContain(bobs.ID);
    expect(res.body.stories.every((s) => s.author.id === alice.id)).toBe(true);
    expect(res.body.shared_stories).toEqual([]);
    const created = res.body.stories.map((s) => s.created_at);
    expect([...created].sort().reverse()).toEqual(created);
  });

  it('reads one story with its shares, edits it and deletes it', async () => {
    const story = await createStory(alice);
    await shareWith(alice, story.ID, bob.username, 'read');
    const read = await api<StoryDto>('GET', `/api/stories/${story.ID}`, { token: alice.token });
    expect(read.status).toBe(200);
    expect(read.body.shared_with).toEqual([
      {
        id: expect.stringMatching(new RegExp(`^${story.ID}\\.`)),
        permission: 'read',
        SharedWith: { username: bob.username },
      },
    ]);

    const edit = await api<StoryDto>('PUT', `/api/stories/${story.ID}`, {
      token: alice.token,
      body: { title: ' New title ', content: 'New content', location: null, start_date: '1990-01-02', end_date: null },
    });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({
      title: 'New title',
      content: 'New content',
      location: null,
      start_date: '1990-01-02',
      end_date: null,
      created_at: story.created_at,
    });
    expect(edit.body.updated_at >= story.updated_at).toBe(true);
    expect(edit.body.shared_with).toHaveLength(1);

    const del = await api('DELETE', `/api/stories/${story.ID}`, { token: alice.token });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ message: success.storyDeleted });
    expectError(await api('GET', `/api/stories/${story.ID}`, { token: alice.token }), 404, storyMessages.notFound);
    expectError(await api('DELETE', `/api/stories/${story.ID}`, { token: alice.token }), 404, storyMessages.notFound);
  });

  it('keeps fields an edit leaves out', async () => {
    const story = await createStory(alice);
    const edit = await api<StoryDto>('PUT', `/api/stories/${story.ID}`, {
      token: alice.token,
      body: { title: 'Only the title' },
    });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({
      title: 'Only the title',
      content: story.content,
      location: story.location,
      start_date: story.start_date,
      end_date: story.end_date,
    });
  });
});

describe('validation (spec section 5) answers 400 with { error }', () => {
  it.each([
    ['no title', { title: undefined }, validation.storyTitleCreate],
    ['a blank title', { title: '   ' }, validation.storyTitleCreate],
    ['a numeric title', { title: 42 }, validation.storyTitleCreate],
    ['no content', { content: undefined }, validation.storyContentCreate],
    ['blank content', { content: ' \n ' }, validation.storyContentCreate],
    ['an overlong title', { title: 'x'.repeat(STORY_TITLE_MAX + 1) }, storyMessages.titleMax],
    ['an overlong location', { location: 'x'.repeat(STORY_LOCATION_MAX + 1) }, storyMessages.locationMax],
    ['overlong content', { content: 'x'.repeat(STORY_CONTENT_MAX + 1) }, storyMessages.contentMax],
    ['an impossible date', { start_date: '2023-02-30' }, storyMessages.date],
    ['a date that is not a date', { end_date: 'yesterday' }, storyMessages.date],
    ['dates out of order', { start_date: '2000-05-01', end_date: '1999-05-01' }, storyMessages.dateOrder],
  ])('create with %s', async (_label, overrides, error) => {
    expectError(await api('POST', '/api/stories', { token: alice.token, body: storyInput(overrides) }), 400, error);
  });

  it.each([
    ['no title', { title: undefined, content: 'c' }, validation.storyTitleEdit],
    ['a blank title', { title: ' ', content: 'c' }, validation.storyTitleEdit],
    ['blank content of a text story', { title: 't', content: '   ' }, validation.storyContentEdit],
    ['null content of a text story', { title: 't', content: null }, validation.storyContentEdit],
    ['an overlong title', { title: 'x'.repeat(STORY_TITLE_MAX + 1), content: 'c' }, storyMessages.titleMax],
    [
      'dates out of order',
      { title: 't', content: 'c', start_date: '2001-01-02', end_date: '2001-01-01' },
      storyMessages.dateOrder,
    ],
  ])('edit with %s', async (_label, body, error) => {
    const story = await createStory(alice);
    expectError(await api('PUT', `/api/stories/${story.ID}`, { token: alice.token, body }), 400, error);
  });

  it('checks date order against the stored date when an edit sends only one', async () => {
    const story = await createStory(alice, { start_date: '2000-01-01', end_date: '2000-12-31' });
    const res = await api('PUT', `/api/stories/${story.ID}`, {
      token: alice.token,
      body: { title: 't', start_date: '2001-06-01' },
    });
    expectError(res, 400, storyMessages.dateOrder);
  });

  it('rejects malformed and oversize bodies', async () => {
    expectError(
      await api('POST', '/api/stories', { token: alice.token, rawBody: '{"title":' }),
      400,
      serverText.malformedJson,
    );
    expectError(await api('POST', '/api/stories', { token: alice.token, rawBody: '[]' }), 400);
    const huge = JSON.stringify(storyInput({ content: 'x'.repeat(300 * 1024) }));
    expectError(await api('POST', '/api/stories', { token: alice.token, rawBody: huge }), 413, serverText.bodyTooLarge);
  });

  it.each([
    ['GET', '/api/stories/not-a-uuid'],
    ['PUT', '/api/stories/123'],
    ['DELETE', '/api/stories/..%2F..%2Fetc'],
    ['PUT', '/api/stories/ABCDEF00-0000-4000-8000-000000000000/privacy'],
    ['POST', `/api/stories/${'a'.repeat(500)}/share`],
  ])('%s %s (a malformed id) is a 400 with { error }', async (method, path) => {
    const res = await api(method, path, {
      token: alice.token,
      body:
        method === 'GET' || method === 'DELETE'
          ? undefined
          : { title: 't', content: 'c', is_public: true, username: 'x' },
    });
    expectError(res, 400, storyMessages.storyId);
  });

  it('answers 404 for a well-formed id that does not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const [method, path] of [
      ['GET', `/api/stories/${missing}`],
      ['DELETE', `/api/stories/${missing}`],
      ['DELETE', `/api/stories/${missing}/share-link`],
    ] as const) {
      expectError(await api(method, path, { token: alice.token }), 404, storyMessages.notFound);
    }
  });

  it('needs a login for every /api/stories call', async () => {
    expect((await api('GET', '/api/stories')).status).toBe(401);
    expect((await api('POST', '/api/stories', { body: storyInput() })).status).toBe(401);
  });
});

describe('deleting a story', () => {
  it('leaves nothing of it in the table or the media bucket', async () => {
    const env = useServerEnv();
    const story = await createStory(alice);
    await shareWith(alice, story.ID, bob.username, 'comment');
    const link = await api<{ share_token: string }>('POST', `/api/stories/${story.ID}/share-link`, {
      token: alice.token,
    });
    await api('PUT', `/api/stories/${story.ID}/privacy`, { token: alice.token, body: { is_public: true } });
    await api('POST', `/api/stories/${story.ID}/comments`, { token: bob.token, body: { text: 'Lovely' } });
    await api('POST', `/api/stories/${story.ID}/comments`, { token: alice.token, body: { text: 'Thanks' } });
    const s3 = new S3Client({
      region: 'us-east-1',
      endpoint: env.S3_ENDPOINT,
      forcePathStyle: true,
      credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID!, secretAccessKey: env.AWS_SECRET_ACCESS_KEY! },
    });
    await s3.send(
      // A story's media lives under its owner's prefix (keys.storyMediaPrefix).
      new PutObjectCommand({
        Bucket: env.MEDIA_BUCKET!,
        Key: `users/${alice.id}/stories/${story.ID}/audio.mp3`,
        Body: 'ID3',
      }),
    );

    const before = await scanItemsMentioning([story.ID, link.body.share_token]);
    // The public list's page directory holds the public story's index key too (data/public-pages.ts); Bob's
    // family digest waits in his partition with the story's id (docs/family-loop.md).
    expect(
      before
        .map((i) => i.type)
        .filter((t) => t !== 'PublicPagesLeaf')
        .sort(),
    ).toEqual(['Comment', 'Comment', 'FamilyMailDigestEntry', 'Share', 'ShareLink', 'Story']);

    expect((await api('DELETE', `/api/stories/${story.ID}`, { token: alice.token })).status).toBe(200);
    expect(await scanItemsMentioning([story.ID, link.body.share_token])).toEqual([]);
    const listed = await s3.send(
      new ListObjectsV2Command({ Bucket: env.MEDIA_BUCKET!, Prefix: `users/${alice.id}/stories/${story.ID}/` }),
    );
    expect(listed.Contents ?? []).toEqual([]);
    expectError(await api('GET', `/shared/${link.body.share_token}`), 404);
    const mine = await api<MyStoriesResponse>('GET', '/api/stories', { token: bob.token });
    expect(mine.body.shared_stories.map((s) => s.ID)).not.toContain(story.ID);
  });
});

describe('long stories in lists', () => {
  it('lists carry the first LIST_CONTENT_CHARS characters and say so; the story itself is whole', async () => {
    const long = `${'A long memoir line.\n'.repeat(400)}The very end.`;
    const story = await createStory(alice, { title: 'A long life', content: long });
    const pub = await api<StoryDto>('PUT', `/api/stories/${story.ID}/privacy`, {
      token: alice.token,
      body: { is_public: true, is_private: false, allow_comments: true },
    });
    expect(pub.status).toBe(200);

    const mine = await api<MyStoriesResponse>('GET', '/api/stories', { token: alice.token });
    const listed = mine.body.stories.find((s) => s.ID === story.ID);
    expect(listed?.content).toBe(long.slice(0, LIST_CONTENT_CHARS));
    expect(listed?.content_truncated).toBe(true);

    const author = await api<{ stories: StoryDto[] }>('GET', `/public/author/${alice.id}`);
    expect(author.body.stories.find((s) => s.ID === story.ID)?.content_truncated).toBe(true);

    const short = mine.body.stories.find((s) => s.ID !== story.ID);
    if (short) expect(short.content_truncated).toBe(false);

    const whole = await api<StoryDto>('GET', `/api/stories/${story.ID}`, { token: alice.token });
    expect(whole.body.content).toBe(long);
    expect(whole.body.content_truncated).toBeUndefined();
    const shared = await api<StoryDto>('GET', `/shared/${story.ID}`);
    expect(shared.body.content).toBe(long);
  });
});
