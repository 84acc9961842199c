import type { InteractiveSessionDto, QuestionAnswerDto } from '@storyloom/shared/interactive';
import type {
  AuthorPageResponse,
  PublicStoriesResponse,
  ShareLinkResponse,
  StoryDto,
} from '@storyloom/shared/schemas/stories';
import { TRANSCRIPT_MAX_CHARS, type TranscriptResponse, transcriptText } from '@storyloom/shared/transcripts';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/http.ts';
import { wavFile } from '../support/media-files.ts';
import { createStory, expectError, setPublic, shareWith } from '../support/stories.ts';
import { scanItemsMentioning } from '../support/table.ts';
import { listKeys, uploadFile } from '../support/uploads.ts';
import { apiAs, registerAndLogin, type TestUser, waitForDeletionCode } from '../support/users.ts';
import { pollUntil } from '../support/voice.ts';

/**
 * Typed transcripts (docs/stories.md, "Transcripts") on the run's shared server, which has no speech-to-text
 * key: the worker clears the request and the storyteller types or pastes the transcript. It makes the story
 * searchable, readable and askable, and follows the story's privacy exactly.
 */
type Caller = TestUser & { token: string };
let owner: Caller;

const SAID =
  'My father drove a milk float in Leeds. ' +
  'Every morning he woke at four and let me ride on the back. ' +
  'The horse was called Bramble and she knew every stop by heart.';

async function audioStory(who: Caller, title = 'Milk round'): Promise<StoryDto> {
  const key = await uploadFile(who, 'story-audio', wavFile(2), 'audio/wav');
  const res = await apiAs<StoryDto>(who, 'POST', '/api/stories/audio', { title, upload_key: key });
  if (res.status !== 201) throw new Error(res.text);
  return res.body;
}

const getTranscript = (who: { token?: string }, id: string) =>
  api<TranscriptResponse>('GET', `/api/stories/${id}/transcript`, { token: who.token });
const putTranscript = (who: { token?: string }, id: string, body: unknown) =>
  api<TranscriptResponse>('PUT', `/api/stories/${id}/transcript`, { token: who.token, body });

/** Without a key the queued request is cleared by the worker: nothing to wait for but "none". */
const untranscribed = (who: Caller, id: string) =>
  pollUntil(
    () => getTranscript(who, id),
    (r) => r.body.job?.status === 'none',
  );

beforeAll(async () => {
  owner = await registerAndLogin();
});

describe('a typed transcript (no speech-to-text key)', () => {
  it('is asked for, typed, labelled as typed, and carried by the story', async () => {
    const story = await audioStory(owner);
    const before = await untranscribed(owner, story.ID);
    expect(before.body).toEqual({ transcript: null, job: { status: 'none', problem: null } });

    const saved = await putTranscript(owner, story.ID, { text: `  ${SAID}\n`, version: null });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.transcript).toMatchObject({
      text: SAID,
      source: 'typed',
      machine_made: false,
      label: transcriptText.typed,
      timed: false,
    });
    const view = await apiAs<StoryDto>(owner, 'GET', `/api/stories/${story.ID}`);
    expect(view.body.transcript?.text).toBe(SAID);
    // Typed again from the same version: still typed, new version.
    const again = await putTranscript(owner, story.ID, {
      text: `${SAID} Bramble retired to a farm.`,
      version: saved.body.transcript!.version,
    });
    expect(again.body.transcript?.source).toBe('typed');
    expect(again.body.transcript?.version).not.toBe(saved.body.transcript?.version);
    // An edit based on the older version is refused: another tab's text is never overwritten.
    const stale = await putTranscript(owner, story.ID, { text: 'Lost edit', version: saved.body.transcript!.version });
    expectError(stale, 409, transcriptText.conflict);
  });

  it('refuses what is not a transcript with the feature’s texts', async () => {
    const story = await audioStory(owner);
    expectError(await putTranscript(owner, story.ID, { text: '   ' }), 400, transcriptText.required);
    expectError(await putTranscript(owner, story.ID, { text: '\u200b\u00a0' }), 400, transcriptText.required);
    expectError(await putTranscript(owner, story.ID, {}), 400, transcriptText.required);
    expectError(
      await putTranscript(owner, story.ID, { text: 'x'.repeat(TRANSCRIPT_MAX_CHARS + 1) }),
      400,
      transcriptText.tooLong,
    );
    expect((await putTranscript(owner, story.ID, { text: 'bell\u0007' })).status).toBe(400);
    expect((await putTranscript(owner, story.ID, { text: 'Hi', version: 12 })).status).toBe(400);
    const text = await createStory(owner);
    expectError(await putTranscript(owner, text.ID, { text: 'Words' }), 400, transcriptText.notAudio);
    expectError(await getTranscript(owner, text.ID), 400, transcriptText.notAudio);
    expect((await putTranscript(owner, 'not-an-id', { text: 'Words' })).status).toBe(400);
    // The longest transcript allowed is kept whole.
    const longest = `${'a'.repeat(TRANSCRIPT_MAX_CHARS - 1)}.`;
    const ok = await putTranscript(owner, story.ID, { text: longest });
    expect(ok.status).toBe(200);
    expect(ok.body.transcript?.text).toHaveLength(TRANSCRIPT_MAX_CHARS);
  });

  it('makes the story answer questions from it (text only without a voice, and said so)', async () => {
    const story = await audioStory(owner);
    await putTranscript(owner, story.ID, { text: SAID });
    const start = await api<InteractiveSessionDto>('POST', `/api/interactive/start/${story.ID}`, {
      token: owner.token,
    });
    expect(start.status, start.text).toBe(201);
    expect(start.body.spoken).toBe(false);
    expect(start.body.spoken_label).toBe(transcriptText.answersFromTranscript);
    const answer = await api<QuestionAnswerDto>('POST', `/api/interactive/question/${start.body.session_id}`, {
      token: owner.token,
      body: { question: 'What was the horse called?' },
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.declined).toBe(false);
    expect(answer.body.answer).toMatch(/Bramble/);
    expect(answer.body.answer_audio_url).toBeNull();
    expect(answer.body.cited[0]?.text).toMatch(/Bramble/);
  });

  it('is searchable where the story is listed, and nowhere while it is private', async () => {
    const word = `Quillwort${Date.now().toString(36)}`;
    const story = await audioStory(owner, 'Quiet story');
    await putTranscript(owner, story.ID, { text: `We picked ${word} by the canal.` });
    const mine = await apiAs<{ stories: StoryDto[] }>(owner, 'GET', '/api/stories');
    expect(mine.body.stories.find((s) => s.ID === story.ID)?.transcript?.text).toContain(word);
    const publicBefore = await api<PublicStoriesResponse>('GET', '/public/stories?limit=50');
    expect(publicBefore.text).not.toContain(word);
    await setPublic(owner, story.ID, true);
    const listed = await api<PublicStoriesResponse>('GET', '/public/stories?limit=50');
    expect(listed.body.stories.find((s) => s.ID === story.ID)?.transcript?.text).toContain(word);
    const author = await api<AuthorPageResponse>('GET', `/public/author/${owner.id}`);
    expect(author.body.stories.find((s) => s.ID === story.ID)?.transcript?.text).toContain(word);
    await setPublic(owner, story.ID, false);
    expect((await api('GET', '/public/stories?limit=50')).text).not.toContain(word);
    expect((await api('GET', `/public/author/${owner.id}`)).text).not.toContain(word);
  });
});

describe('who may read and write a transcript', () => {
  let other: Caller;
  let reader: Caller;
  let commenter: Caller;
  let admin: Caller;
  beforeAll(async () => {
    [other, reader, commenter] = await Promise.all([registerAndLogin(), registerAndLogin(), registerAndLogin()]);
    admin = await registerAndLogin({ role: 'admin' });
  });

  it('follows the story: readers read it, only the owner writes it, strangers learn nothing', async () => {
    const story = await audioStory(owner, 'Private recording');
    await putTranscript(owner, story.ID, { text: SAID });
    await shareWith(owner, story.ID, reader.username, 'read');
    await shareWith(owner, story.ID, commenter.username, 'comment');

    // Private: the owner and people it is shared with read; an admin reads (as the story); strangers get 404.
    const reads: Array<[string, { token?: string }, number]> = [
      ['owner', owner, 200],
      ['read share', reader, 200],
      ['comment share', commenter, 200],
      ['admin', admin, 200],
      ['other', other, 404],
      ['anonymous', {}, 401],
    ];
    for (const [who, caller, status] of reads) {
      const res = await getTranscript(caller, story.ID);
      expect(res.status, who).toBe(status);
      if (status === 200) {
        expect(res.body.transcript?.text, who).toBe(SAID);
        // The transcription's state is the owner's alone.
        expect(res.body.job === null, who).toBe(who !== 'owner');
      } else expect(res.text, who).not.toContain('Bramble');
    }
    const writes: Array<[string, { token?: string }, number]> = [
      ['read share', reader, 403],
      ['comment share', commenter, 403],
      ['admin', admin, 403],
      ['other', other, 404],
      ['anonymous', {}, 401],
      ['owner', owner, 200],
    ];
    for (const [who, caller, status] of writes) {
      const res = await putTranscript(caller, story.ID, { text: `Written by ${who}` });
      expect(res.status, who).toBe(status);
    }
    const view = await apiAs<StoryDto>(reader, 'GET', `/api/stories/${story.ID}`);
    expect(view.body.transcript?.text).toBe('Written by owner');
    expect((await apiAs(other, 'GET', `/api/stories/${story.ID}`)).text).not.toContain('Written by');

    // Public: any signed-in reader reads it, still cannot write it.
    await setPublic(owner, story.ID, true);
    expect((await getTranscript(other, story.ID)).body.transcript?.text).toBe('Written by owner');
    expect((await putTranscript(other, story.ID, { text: 'Mine now' })).status).toBe(403);
  });

  it('shows on a share link only while the link lives, and on a public story’s id only while public', async () => {
    const story = await audioStory(owner, 'Linked recording');
    await putTranscript(owner, story.ID, { text: SAID });
    const link = await apiAs<ShareLinkResponse>(owner, 'POST', `/api/stories/${story.ID}/share-link`);
    const token = link.body.share_token;
    const shared = await api<StoryDto>('GET', `/shared/${token}`);
    expect(shared.body.transcript?.text).toBe(SAID);
    expect((await api('GET', `/shared/${story.ID}`)).status).toBe(404);
    await apiAs(owner, 'DELETE', `/api/stories/${story.ID}/share-link`);
    const revoked = await api('GET', `/shared/${token}`);
    expect(revoked.status).toBe(404);
    expect(revoked.text).not.toContain('Bramble');
    await setPublic(owner, story.ID, true);
    expect((await api<StoryDto>('GET', `/shared/${story.ID}`)).body.transcript?.text).toBe(SAID);
  });
});

describe('deleting', () => {
  it('the story deletes its transcript, with nothing left in the table or the bucket', async () => {
    const story = await audioStory(owner, 'To be deleted');
    const marker = `Gorsebank${Date.now().toString(36)}`;
    await putTranscript(owner, story.ID, { text: `We lived at ${marker} for a year.` });
    expect(await scanItemsMentioning([marker])).not.toHaveLength(0);
    expect((await apiAs(owner, 'DELETE', `/api/stories/${story.ID}`)).status).toBe(200);
    expect(await scanItemsMentioning([marker, story.ID])).toEqual([]);
    expect(await listKeys(`users/${owner.id}/stories/${story.ID}/`)).toEqual([]);
  });

  it('the account deletes its transcripts (and their story) with it', async () => {
    const user = await registerAndLogin();
    const story = await audioStory(user, 'Goes with the account');
    const marker = `Heathfold${Date.now().toString(36)}`;
    await putTranscript(user, story.ID, { text: `The farm at ${marker} had no electricity.` });
    expect((await apiAs(user, 'POST', '/api/profile/request-delete-account')).status).toBe(200);
    const code = await waitForDeletionCode(user.email);
    expect((await apiAs(user, 'POST', '/api/profile/confirm-delete-account', { token: code })).status).toBe(200);
    await pollUntil(
      () => scanItemsMentioning([marker, story.ID]),
      (items) => items.length === 0,
    );
    expect(await listKeys(`users/${user.id}/`)).toEqual([]);
  });
});
