import { randomUUID } from 'node:crypto';
import { answeredMailText, familyMailText as t } from '@storyloom/shared/messages/family-mail';
import { describe, expect, it } from 'vitest';
import { useServerEnv } from '../support/env.ts';
import { api, call, uniqueMarker } from '../support/http.ts';
import { type Mail, waitForMail } from '../support/mailbox.ts';
import { createStory, shareWith } from '../support/stories.ts';
import { scanItemsMentioning } from '../support/table.ts';
import { apiAs, registerAndLogin } from '../support/users.ts';
import { cloneVoice, narrationOf, pollUntil } from '../support/voice.ts';

/**
 * News for the family (issue 20 B) against the local stand-ins: shares and narrations queue digest
 * entries; the digest job (delivered twice) sends one email naming only stories the recipient may
 * still read; per-recipient one-click unsubscribe; leaving a share or deleting the account stops mail.
 */
useServerEnv();
const { handler: worker } = await import('@storyloom/functions/handlers/worker/process-jobs');
const { utcDay } = await import('@storyloom/functions/domain/family-mail/calendar');
const { sendDigest } = await import('@storyloom/functions/domain/family-mail/digest');
const { purgeAccount } = await import('@storyloom/functions/domain/accounts/deletion');

const today = () => utcDay(new Date());
const digestJob = (userId: string) => ({
  Records: [
    {
      messageId: randomUUID(),
      receiptHandle: 'r',
      // includeToday: what "send now" does; the hourly run sends the days before today.
      body: JSON.stringify({ type: 'family-mail.digest', userId, day: today(), includeToday: true }),
      attributes: {},
      messageAttributes: {},
      eventSource: 'aws:sqs' as const,
      eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:jobs',
    },
  ],
});

async function mailsTo(email: string): Promise<Mail[]> {
  const { body } = await call<Mail[]>('GET', '/_local/mailbox.json');
  return body.filter((m) => m.to.includes(email));
}

async function family() {
  const grandma = await registerAndLogin();
  const grandchild = await registerAndLogin();
  return { grandma, grandchild };
}

describe('the family digest', () => {
  it('arrives once for two stories shared the same day, and names no story they may not read', async () => {
    const { grandma, grandchild } = await family();
    const first = await createStory(grandma, { title: `The lake house ${uniqueMarker()}` });
    const second = await createStory(grandma, { title: `Our "first" <b>car</b> ${uniqueMarker()}` });
    const secret = await createStory(grandma, { title: `Private letters ${uniqueMarker()}` });
    const withdrawn = await createStory(grandma, { title: `Shared then taken back ${uniqueMarker()}` });
    const deleted = await createStory(grandma, { title: `Shared then deleted ${uniqueMarker()}` });
    await shareWith(grandma, first.ID, grandchild.username, 'read');
    await shareWith(grandma, second.ID, grandchild.username, 'comment');
    const taken = await shareWith(grandma, withdrawn.ID, grandchild.username, 'read');
    await shareWith(grandma, deleted.ID, grandchild.username, 'read');
    expect((await api('DELETE', `/api/shares/${taken.id}`, { token: grandma.token })).status).toBe(200);
    expect((await api('DELETE', `/api/stories/${deleted.ID}`, { token: grandma.token })).status).toBe(200);

    // The same job delivered twice, one after the other and at once: one email.
    const job = digestJob(grandchild.id);
    expect((await worker(job)).batchItemFailures).toEqual([]);
    await Promise.all([worker(job), worker(job)]);
    const mail = await waitForMail((m) => m.to.includes(grandchild.email));
    expect(await mailsTo(grandchild.email)).toHaveLength(1);

    expect(mail.subject).toBe(t.digestSubjectOne(grandma.username, 2));
    expect(mail.subject).toBe(`${grandma.username} added 2 stories`);
    for (const story of [first, second]) {
      expect(mail.text).toContain(story.title);
      expect(mail.text).toContain(`/story/${story.ID}`);
    }
    // Titles are the storyteller's words: escaped in the HTML part, never markup.
    expect(mail.html).not.toContain('<b>car</b>');
    expect(mail.html).toContain('Our &#34;first&#34; &#60;b&#62;car&#60;/b&#62;');
    for (const story of [secret, withdrawn, deleted]) {
      expect(mail.text).not.toContain(story.title);
      expect(mail.html).not.toContain(story.title);
      expect(mail.text).not.toContain(story.ID);
    }
    expect(mail.headers.find((h) => h.name === 'List-Unsubscribe-Post')?.value).toBe('List-Unsubscribe=One-Click');
    // Nothing is sent to the storyteller about their own stories.
    expect(await mailsTo(grandma.email)).toHaveLength(0);
  });

  it('sends nothing for a private story that was never shared with them', async () => {
    const { grandma, grandchild } = await family();
    await createStory(grandma, { title: `Only mine ${uniqueMarker()}` });
    expect(await sendDigest(grandchild.id, today(), true)).toBe('nothing');
    expect(await mailsTo(grandchild.email)).toHaveLength(0);
  });

  it('waits for the next day: the hourly run sends what was queued before today', async () => {
    const { grandma, grandchild } = await family();
    const story = await createStory(grandma);
    await shareWith(grandma, story.ID, grandchild.username, 'read');
    expect(await sendDigest(grandchild.id, today(), false)).toBe('nothing');
    const tomorrow = utcDay(new Date(Date.now() + 24 * 60 * 60 * 1000));
    expect(await sendDigest(grandchild.id, tomorrow, false)).toBe('sent');
    expect(await sendDigest(grandchild.id, tomorrow, false)).toBe('nothing');
    expect(await mailsTo(grandchild.email)).toHaveLength(1);
  });

  it('tells them when a story already shared with them is narrated', async () => {
    const { grandma, grandchild } = await family();
    const story = await createStory(grandma, {
      title: `Read aloud ${uniqueMarker()}`,
      content: 'We sang by the fire.',
    });
    await shareWith(grandma, story.ID, grandchild.username, 'read');
    expect(await sendDigest(grandchild.id, today(), true)).toBe('sent');
    // A real narration through the media queue and worker (local engine): when it finishes, the news is queued.
    const { voice_id } = await cloneVoice(grandma);
    const queued = await apiAs(grandma, 'POST', `/api/voice/narrate/${story.ID}`, { voice_id });
    expect(queued.status).toBe(202);
    const narration = await pollUntil(
      () => narrationOf(grandma, story.ID),
      (n) => n.status === 'ready' || n.status === 'failed',
    );
    expect(narration.status).toBe('ready');
    const tomorrow = utcDay(new Date(Date.now() + 24 * 60 * 60 * 1000));
    expect(await sendDigest(grandchild.id, tomorrow, true)).toBe('sent');
    const mails = await mailsTo(grandchild.email);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.text).toContain(t.digestNarrated(grandma.username));
    expect(mails[0]!.text).toContain(story.title);
    // A voice clone and a narration on the local engine: as long as the voice tests allow them.
  }, 120_000);

  it('stops at once when they leave the share or delete their account', async () => {
    const { grandma, grandchild } = await family();
    const story = await createStory(grandma);
    await shareWith(grandma, story.ID, grandchild.username, 'read');
    expect((await api('DELETE', `/api/shared-with-me/${story.ID}`, { token: grandchild.token })).status).toBe(200);
    expect(await sendDigest(grandchild.id, today(), true)).toBe('nothing');

    const other = await registerAndLogin();
    await shareWith(grandma, story.ID, other.username, 'read');
    await purgeAccount(other.id);
    expect(await sendDigest(other.id, today(), true)).toBe('nothing');
    expect(await mailsTo(grandchild.email)).toHaveLength(0);
    expect(await mailsTo(other.email)).toHaveLength(0);
  });

  it('tells whoever asked at once when the story answering their question is shared with them', async () => {
    const { grandma, grandchild } = await family();
    const first = await createStory(grandma, { title: `Where we lived ${uniqueMarker()}` });
    await shareWith(grandma, first.ID, grandchild.username, 'read');
    const question = `How did you and Grandpa meet? ${uniqueMarker()}`;
    const asked = await api<{ id: string }>('POST', `/api/family-questions/${grandma.id}`, {
      token: grandchild.token,
      body: { text: question },
    });
    expect(asked.status).toBe(201);
    const answer = await createStory(grandma, { title: `The dance hall ${uniqueMarker()}` });
    const marked = await api('POST', `/api/prompts/${asked.body.id}/answered`, {
      token: grandma.token,
      body: { story_id: answer.ID },
    });
    expect(marked.status).toBe(200);
    await shareWith(grandma, answer.ID, grandchild.username, 'read');

    // The share route queued the email; the local worker loop sends it.
    const mail = await waitForMail((m) => m.to.includes(grandchild.email) && m.text.includes(question));
    expect(mail.subject).toBe(answeredMailText.subject(grandma.username));
    expect(mail.text).toContain(answer.title);
    expect(mail.text).toContain(`/story/${answer.ID}`);
    expect(mail.headers.find((h) => h.name === 'List-Unsubscribe-Post')?.value).toBe('List-Unsubscribe=One-Click');
    // The digest then names only the first story: the answer was told already.
    expect(await sendDigest(grandchild.id, today(), true)).toBe('sent');
    const digest = (await mailsTo(grandchild.email)).find((m) => m.subject === t.digestSubjectOne(grandma.username, 1));
    expect(digest?.text).toContain(first.title);
    expect(digest?.text).not.toContain(answer.title);
    expect(await mailsTo(grandchild.email)).toHaveLength(2);
    // Deleting the story leaves nothing in the grandchild's partition that names it (the mail's marker goes too).
    const familyMail = async () =>
      (await scanItemsMentioning([answer.ID])).filter((i) => String(i.type).startsWith('FamilyMail'));
    expect((await familyMail()).map((i) => i.type)).toEqual(['FamilyMailMarker']);
    expect((await api('DELETE', `/api/stories/${answer.ID}`, { token: grandma.token })).status).toBe(200);
    expect(await familyMail()).toEqual([]);
  });

  it('has a one-click unsubscribe per recipient, and respects it', async () => {
    const { grandma, grandchild } = await family();
    const cousin = await registerAndLogin();
    const story = await createStory(grandma);
    await shareWith(grandma, story.ID, grandchild.username, 'read');
    await shareWith(grandma, story.ID, cousin.username, 'read');
    await worker(digestJob(grandchild.id));
    await worker(digestJob(cousin.id));
    const mail = await waitForMail((m) => m.to.includes(grandchild.email));
    const target = new URL(/^<([^>]+)>$/.exec(mail.headers.find((h) => h.name === 'List-Unsubscribe')!.value)![1]!);
    const oneClick = () =>
      api('POST', `${target.pathname}${target.search}`.replace(/^\/backend/, ''), {
        rawBody: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    expect((await oneClick()).body).toEqual({ message: t.unsubscribedDigest, already: false });
    expect((await oneClick()).body).toEqual({ message: t.alreadyUnsubscribed, already: true });
    expect((await api('GET', '/api/profile/family-mail', { token: grandchild.token })).body).toEqual({
      weekly_day: null,
      digest: false,
    });
    // Only this recipient left: the cousin still hears of the next story; the grandchild does not.
    const next = await createStory(grandma);
    await shareWith(grandma, next.ID, grandchild.username, 'read');
    await shareWith(grandma, next.ID, cousin.username, 'read');
    const tomorrow = utcDay(new Date(Date.now() + 24 * 60 * 60 * 1000));
    expect(await sendDigest(grandchild.id, tomorrow, true)).toBe('nothing');
    expect(await sendDigest(cousin.id, tomorrow, true)).toBe('sent');
    expect(await mailsTo(grandchild.email)).toHaveLength(1);
  });
});
