import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { success } from '@storyloom/shared/messages';
import { describe, expect, it } from 'vitest';
import { useServerEnv } from '../support/env.ts';
import { api } from '../support/http.ts';
import { mp3File } from '../support/media-files.ts';
import { addPhoto, jpegPhoto, settledPhotos } from '../support/photos.ts';
import { shareWith } from '../support/stories.ts';
import { scanItemsMentioning, testTable } from '../support/table.ts';
import { postToS3, presign } from '../support/uploads.ts';
import { apiAs, registerAndLogin, type TestUser, waitForDeletionCode } from '../support/users.ts';
import { cloneVoice } from '../support/voice.ts';
import { ask, narratedStory, ownAddress, shareLinkOf, startOwner, startShared } from './interactive-support.ts';

/**
 * Issue 18: deleting a story or an account leaves nothing that carries it. Each test gives the story (or
 * the user) every kind of trace the product makes, then deletes it through the API, then lists the WHOLE
 * table and the WHOLE bucket (tests only: the app never scans) and looks for the id, the username and the
 * email anywhere in them.
 */
useServerEnv();
const { s3 } = await import('@storyloom/functions/lib/clients/s3');
const { config } = await import('@storyloom/functions/lib/config');

type Caller = TestUser & { token: string };

/**
 * The traces are real: a narration and spoken answers by the local voice engine, a voice clone. That is about
 * 10 s of CPU per test on a quiet machine, several times that on a loaded one: more than the default 30 s.
 */
const HEAVY = 120_000;

/** Every object key of the media bucket that contains one of `needles`. */
async function objectsMentioning(needles: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  let token: string | undefined;
  do {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: config.mediaBucket, ContinuationToken: token }));
    for (const o of page.Contents ?? []) if (o.Key && needles.some((n) => o.Key!.includes(n))) found.push(o.Key);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return found;
}

/** Table items mentioning the user's id, username or email, in any letter case. */
const itemsOfUser = (user: TestUser) =>
  scanItemsMentioning([user.id, user.username, user.email, user.username.toLowerCase(), user.email.toLowerCase()]);

const kinds = (items: Record<string, unknown>[]) => [...new Set(items.map((i) => String(i.type ?? i.pk)))].sort();

/**
 * A narrated story with every trace a story gathers: a share and a comment, a share link, listening
 * sessions of the owner and of a link visitor, spoken answers (audio in the bucket), a question
 * the story could not answer (for the storyteller), and the question rate counters.
 */
async function storyWithEverything(owner: Caller, reader: Caller) {
  const { story, timings } = await narratedStory(owner);
  await shareWith(owner, story.ID, reader.username, 'comment');
  const comment = await api('POST', `/api/stories/${story.ID}/comments`, {
    token: reader.token,
    body: { text: 'I remember that dance hall!' },
  });
  expect(comment.status).toBe(201);
  const token = await shareLinkOf(owner, story.ID);
  // A photo with its variants (original, display, thumbnail: docs/media.md, "Photos").
  expect(
    (await addPhoto(owner, story.ID, await jpegPhoto(), 'image/jpeg', { caption: 'At the dance hall' })).status,
  ).toBe(201);
  expect((await settledPhotos(owner, story.ID)).map((p) => p.status)).toEqual(['ready']);

  const mine = await startOwner(owner, story.ID);
  expect(mine.status).toBe(201);
  const answered = await ask(mine.body.session_id, 'Where did you meet grandpa?', {
    token: owner.token,
    askedAt: timings.duration,
  });
  expect(answered.status).toBe(200);
  expect(answered.body.answer_audio_url).toMatch(/^https?:\/\//);

  const visitor = await startShared(token, ownAddress());
  expect(visitor.status).toBe(201);
  const declined = await ask(visitor.body.session_id, 'What was your favourite song?', { askedAt: timings.duration });
  expect(declined.body.declined).toBe('not-in-story');
  return story;
}

describe('deleting a story', () => {
  it(
    'leaves no item and no object that carries the story',
    async () => {
      const owner = await registerAndLogin();
      const reader = await registerAndLogin();
      const story = await storyWithEverything(owner, reader);

      // Every kind of trace is there before (so the check after can fail).
      expect(kinds(await scanItemsMentioning([story.ID]))).toEqual(
        expect.arrayContaining([
          'AskedQuestion',
          'Comment',
          'InteractiveSession',
          'Narration',
          'Share',
          'ShareLink',
          'Story',
          'StoryPhoto',
        ]),
      );
      const objects = await objectsMentioning([story.ID]);
      expect(objects.some((k) => k.includes('/narration/') && k.endsWith('.mp3'))).toBe(true);
      expect(objects.some((k) => k.endsWith('.timings.json'))).toBe(true);
      expect(objects.some((k) => k.includes('/answers/'))).toBe(true);
      expect(objects.filter((k) => k.includes('/photos/'))).toHaveLength(3);

      const res = await api('DELETE', `/api/stories/${story.ID}`, { token: owner.token });
      expect(res.status).toBe(200);

      expect(await scanItemsMentioning([story.ID])).toEqual([]);
      expect(await objectsMentioning([story.ID])).toEqual([]);
      // The reader's and the owner's accounts are untouched.
      expect((await apiAs(reader, 'GET', '/api/profile')).status).toBe(200);
      expect((await apiAs(owner, 'GET', '/api/profile')).status).toBe(200);
    },
    HEAVY,
  );
});

describe('deleting an account', () => {
  it(
    'leaves no item and no object that carries the user, their name or their email',
    async () => {
      const user = await registerAndLogin();
      const friend = await registerAndLogin();
      // Their own story with every trace, and a story of a friend shared with them that they commented on.
      const story = await storyWithEverything(user, friend);
      const { story: friendsStory } = await narratedStory(friend, undefined, 'The old bakery');
      await shareWith(friend, friendsStory.ID, user.username, 'comment');
      // …which they listen to as a reader: that session sits on the friend's story and names them.
      const listening = await startOwner(user, friendsStory.ID);
      expect(listening.status).toBe(201);
      const comment = await api('POST', `/api/stories/${friendsStory.ID}/comments`, {
        token: user.token,
        body: { text: 'Grandma baked there!' },
      });
      expect(comment.status).toBe(201);
      // A voice (sample, profile, consent), and an upload still in flight (presigned, then sent, never confirmed).
      expect((await cloneVoice(user)).clone_status).toBe('ready');
      const audio = mp3File(2);
      const upload = await presign(user, 'story-audio', 'audio/mpeg', audio.length);
      expect(upload.status).toBeLessThan(300);
      expect(await postToS3(upload.body, audio, 'audio/mpeg')).toBeLessThan(300);

      const before = kinds(await itemsOfUser(user));
      expect(before).toEqual(
        expect.arrayContaining(['Comment', 'Guard', 'InteractiveSession', 'Share', 'Story', 'User', 'VoiceProfile']),
      );
      expect((await objectsMentioning([user.id])).some((k) => k.includes('/uploads/'))).toBe(true);
      expect((await objectsMentioning([user.id])).filter((k) => k.includes('/photos/'))).toHaveLength(3);

      const code = await (async () => {
        const res = await apiAs(user, 'POST', '/api/profile/request-delete-account');
        expect(res.status).toBe(200);
        return waitForDeletionCode(user.email);
      })();
      const res = await apiAs(user, 'POST', '/api/profile/confirm-delete-account', { token: code });
      expect(res.body).toEqual({ message: success.accountDeleted });

      expect(await itemsOfUser(user)).toEqual([]);
      expect(await scanItemsMentioning([story.ID])).toEqual([]);
      expect(await objectsMentioning([user.id, story.ID])).toEqual([]);
      // The friend keeps their story, without the deleted user's comment or share.
      const kept = await api<{ comments: Array<{ text: string }> }>('GET', `/api/stories/${friendsStory.ID}`, {
        token: friend.token,
      });
      expect(kept.status).toBe(200);
      expect(JSON.stringify(kept.body)).not.toContain('Grandma baked there!');
      expect(kinds(await scanItemsMentioning([friendsStory.ID]))).toEqual(
        expect.arrayContaining(['Narration', 'Story']),
      );
    },
    HEAVY,
  );
});

describe('local mode expires items as DynamoDB does', () => {
  it('deletes items whose ttl has passed (dynalite never does), and keeps the others', async () => {
    const { sweepExpiredItems } = await import('../../infra/local/ttl-sweep.ts');
    const { client, tableName } = testTable();
    const marker = `TTLTEST#${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    const now = Math.floor(Date.now() / 1000);
    const items = [
      { pk: `${marker}#old`, sk: 'X', ttl: now - 10 },
      { pk: `${marker}#live`, sk: 'X', ttl: now + 3600 },
      { pk: `${marker}#none`, sk: 'X' },
    ];
    for (const Item of items) await client.send(new PutCommand({ TableName: tableName, Item }));
    expect(await sweepExpiredItems({ pkPrefix: marker })).toBe(1);
    expect((await scanItemsMentioning([marker])).map((i) => i.pk).sort()).toEqual([`${marker}#live`, `${marker}#none`]);
  });
});
