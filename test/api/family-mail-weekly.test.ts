import { randomUUID } from 'node:crypto';
import { familyMailText as t } from '@storyloom/shared/messages/family-mail';
import { describe, expect, inject, it } from 'vitest';
import { useServerEnv } from '../support/env.ts';
import { api, call } from '../support/http.ts';
import { type Mail, waitForMail } from '../support/mailbox.ts';
import { expectError } from '../support/stories.ts';
import { registerAndLogin } from '../support/users.ts';

/**
 * The weekly question by email (issue 20 B) against the local stand-ins: settings, the job delivered
 * twice, the signed answer link, RFC 8058 one-click unsubscribe, the hourly run, SES feedback and
 * account deletion. Jobs go through the real worker handler; mail is read from the local mailbox.
 */
const env = useServerEnv();
const { handler: worker } = await import('@storyloom/functions/handlers/worker/process-jobs');
const { handler: sesFeedback } = await import('@storyloom/functions/handlers/family-mail/ses-feedback');
const { isoWeek, isoWeekday } = await import('@storyloom/functions/domain/family-mail/calendar');
const { signWithKey } = await import('@storyloom/functions/domain/family-mail/links');
const { runHourlyFamilyMail } = await import('@storyloom/functions/domain/family-mail/daily');
const { sendWeeklyPrompt } = await import('@storyloom/functions/domain/family-mail/weekly');
const { nextPromptFor } = await import('@storyloom/functions/domain/prompts/next');
const { purgeAccount } = await import('@storyloom/functions/domain/accounts/deletion');
const { ses } = await import('@storyloom/functions/lib/clients/ses');

const delivery = (job: unknown) => ({
  Records: [
    {
      messageId: randomUUID(),
      receiptHandle: 'r',
      body: JSON.stringify(job),
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

const header = (mail: Mail, name: string) =>
  mail.headers.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value;
const tokenIn = (text: string, page: string) => new RegExp(`${page}\\?token=([A-Za-z0-9._%-]+)`).exec(text)?.[1];

/** A storyteller who chose a weekly day, and the one weekly email the job sent them. */
async function storytellerWithWeeklyMail(weekday = 3) {
  const user = await registerAndLogin();
  const saved = await api('PUT', '/api/profile/family-mail', {
    token: user.token,
    body: { weekly_day: weekday, digest: true },
  });
  expect(saved.status).toBe(200);
  const expected = await nextPromptFor(user.id);
  const job = delivery({ type: 'family-mail.weekly', userId: user.id, week: isoWeek(new Date()) });
  expect((await worker(job)).batchItemFailures).toEqual([]);
  const mail = await waitForMail((m) => m.to.includes(user.email) && m.subject === t.weeklySubject);
  return { user, mail, job, expected };
}

describe('family mail settings', () => {
  it('are off for the weekly question and on for the digest until changed, and only for the signed-in user', async () => {
    const user = await registerAndLogin();
    const first = await api('GET', '/api/profile/family-mail', { token: user.token });
    expect(first.body).toEqual({ weekly_day: null, digest: true });
    const saved = await api('PUT', '/api/profile/family-mail', {
      token: user.token,
      body: { weekly_day: 5, digest: false },
    });
    expect(saved.body).toEqual({ message: t.settingsSaved, settings: { weekly_day: 5, digest: false } });
    expect((await api('GET', '/api/profile/family-mail', { token: user.token })).body).toEqual({
      weekly_day: 5,
      digest: false,
    });
    expect((await api('GET', '/api/profile/family-mail')).status).toBe(401);
  });

  it.each([
    ['a day out of range', { weekly_day: 8, digest: true }, t.weeklyDayInvalid],
    ['a day as text', { weekly_day: 'monday', digest: true }, t.weeklyDayInvalid],
    ['no digest choice', { weekly_day: null }, t.digestInvalid],
  ])('refuse %s with 400 and the reason', async (_label, body, error) => {
    const user = await registerAndLogin();
    expectError(await api('PUT', '/api/profile/family-mail', { token: user.token, body }), 400, error);
  });
});

describe('the weekly question email', () => {
  it('carries the next question, a signed answer link, and one-click unsubscribe headers', async () => {
    const { user, mail, expected } = await storytellerWithWeeklyMail();
    expect(expected).not.toBeNull();
    expect(mail.text).toContain(expected!.text);
    expect(mail.html).toContain('Answer this question');
    expect(tokenIn(mail.text, '/mail/answer')).toBeDefined();
    expect(header(mail, 'List-Unsubscribe')).toMatch(
      /^<http:\/\/localhost:\d+\/backend\/api\/family-mail\/unsubscribe\?token=[^>]+>$/,
    );
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    // A visible unsubscribe link and the settings link, in both parts.
    expect(mail.text).toContain('/unsubscribe?token=');
    expect(mail.text).toContain('/profile#email-settings');
    expect(mail.html).toContain(t.unsubscribeLink);
    expect(mail.to).toEqual([user.email]);
  });

  it('is sent once when the same job is delivered twice, one after the other or at once', async () => {
    const { user, job } = await storytellerWithWeeklyMail();
    expect((await worker(job)).batchItemFailures).toEqual([]);
    await Promise.all([worker(job), worker(job)]);
    expect(await mailsTo(user.email)).toHaveLength(1);
    // Another week is another email.
    expect(await sendWeeklyPrompt(user.id, '2099-W01')).toBe('sent');
    expect(await mailsTo(user.email)).toHaveLength(2);
  });

  it('does not ask last week’s question again while others are left', async () => {
    const user = await registerAndLogin();
    await api('PUT', '/api/profile/family-mail', { token: user.token, body: { weekly_day: 6, digest: true } });
    expect(await sendWeeklyPrompt(user.id, '2099-W10')).toBe('sent');
    expect(await sendWeeklyPrompt(user.id, '2099-W11')).toBe('sent');
    const question = (m: Mail) => /“(.+)”/.exec(m.text)?.[1];
    const [second, first] = await mailsTo(user.email);
    expect(question(first!)).toBeDefined();
    expect(question(second!)).toBeDefined();
    expect(question(second!)).not.toBe(question(first!));
  });

  it('is not sent to a storyteller who chose no day', async () => {
    const user = await registerAndLogin();
    expect(await sendWeeklyPrompt(user.id, isoWeek(new Date()))).toBe('not-subscribed');
    expect(await mailsTo(user.email)).toHaveLength(0);
  });
});

describe('the answer link', () => {
  it('names the question for its own user, asks others to log in, and refuses another account', async () => {
    const { user, mail, expected } = await storytellerWithWeeklyMail();
    const token = decodeURIComponent(tokenIn(mail.text, '/mail/answer')!);
    const anonymous = await api('POST', '/api/family-mail/answer-link', { body: { token } });
    expect(anonymous.body).toEqual({ needs_login: true });
    const own = await api('POST', '/api/family-mail/answer-link', { token: user.token, body: { token } });
    expect(own.body).toEqual({ prompt_id: expected!.id });
    const someoneElse = await registerAndLogin();
    expectError(
      await api('POST', '/api/family-mail/answer-link', { token: someoneElse.token, body: { token } }),
      403,
      t.linkOtherAccount,
    );
  });

  it('refuses forged, expired and misused links with a clear message', async () => {
    const { user, mail } = await storytellerWithWeeklyMail();
    const token = decodeURIComponent(tokenIn(mail.text, '/mail/answer')!);
    const [v, payload, sig] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, r: 'another-prompt' })).toString('base64url');
    const open = (tok: string) =>
      api('POST', '/api/family-mail/answer-link', { token: user.token, body: { token: tok } });
    expectError(await open(`${v}.${forgedPayload}.${sig}`), 400, t.linkInvalid);
    const expired = signWithKey(env.MAIL_LINK_SECRET!, {
      userId: user.id,
      purpose: 'answer-prompt',
      promptId: claims.r,
      expiresAt: Math.floor(Date.now() / 1000) - 1,
    });
    expectError(await open(expired), 400, t.linkExpired);
    const unsubscribeToken = decodeURIComponent(tokenIn(mail.text, '/unsubscribe')!);
    expectError(await open(unsubscribeToken), 400, t.linkWrongPurpose);
    expectError(await open('not-a-link-at-all'), 400, t.linkInvalid);
    expectError(await api('POST', '/api/family-mail/answer-link', { body: {} }), 400, t.linkMissing);
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  it('works without login by POST to the List-Unsubscribe address, and says so when done twice', async () => {
    const { user, mail } = await storytellerWithWeeklyMail();
    const target = new URL(/^<([^>]+)>$/.exec(header(mail, 'List-Unsubscribe')!)![1]!);
    const path = `${target.pathname}${target.search}`.replace(/^\/backend/, '');
    const oneClick = () =>
      api('POST', path, {
        rawBody: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const first = await oneClick();
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ message: t.unsubscribedWeekly, already: false });
    expect((await api('GET', '/api/profile/family-mail', { token: user.token })).body).toEqual({
      weekly_day: null,
      digest: true,
    });
    const second = await oneClick();
    expect(second.body).toEqual({ message: t.alreadyUnsubscribed, already: true });
    // Unsubscribed: the next week's run sends nothing.
    expect(await sendWeeklyPrompt(user.id, '2099-W02')).toBe('not-subscribed');
  });

  it('never unsubscribes on GET: a browser is sent to the confirmation page', async () => {
    const { user, mail } = await storytellerWithWeeklyMail();
    const target = new URL(/^<([^>]+)>$/.exec(header(mail, 'List-Unsubscribe')!)![1]!);
    // As a browser following the header's link sends it: to that host (the page it lands on follows it).
    const res = await api('GET', `${target.pathname}${target.search}`.replace(/^\/backend/, ''), {
      headers: { host: target.host },
    });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`${target.origin}/unsubscribe${target.search}`);
    expect((await api('GET', '/api/profile/family-mail', { token: user.token })).body).toMatchObject({
      weekly_day: 3,
    });
    const described = await api('POST', '/api/family-mail/unsubscribe-link', {
      body: { token: target.searchParams.get('token') },
    });
    expect(described.body).toEqual({ list: 'weekly' });
  });

  it('does nothing for a forged or expired link', async () => {
    const { user, mail } = await storytellerWithWeeklyMail();
    const token = decodeURIComponent(tokenIn(mail.text, '/unsubscribe')!);
    const [v, payload] = token.split('.');
    const forged = `${v}.${payload}.${Buffer.alloc(32).toString('base64url')}`;
    const expired = signWithKey(env.MAIL_LINK_SECRET!, {
      userId: user.id,
      purpose: 'unsubscribe-weekly',
      expiresAt: Math.floor(Date.now() / 1000) - 60,
    });
    const post = (tok: string) => api('POST', `/api/family-mail/unsubscribe?token=${encodeURIComponent(tok)}`);
    expectError(await post(forged), 400, t.linkInvalid);
    expectError(await post(expired), 400, t.linkExpired);
    expectError(await api('POST', '/api/family-mail/unsubscribe'), 400, t.linkMissing);
    expect((await api('GET', '/api/profile/family-mail', { token: user.token })).body).toMatchObject({
      weekly_day: 3,
    });
  });
});

describe('the hourly run', () => {
  it('queues the weekly question of storytellers whose day it is, from 08:00 UTC', async () => {
    const now = new Date();
    const today = isoWeekday(now);
    const user = await registerAndLogin();
    await api('PUT', '/api/profile/family-mail', { token: user.token, body: { weekly_day: today, digest: true } });
    const early = new Date(now);
    early.setUTCHours(3);
    expect(await runHourlyFamilyMail(early)).toEqual({ weekly: 0, digests: 0 });
    const morning = new Date(now);
    morning.setUTCHours(9);
    // The weekday list is a GSI: the stand-in reads it at once (in AWS a late entry is caught by the next hour).
    const run = await runHourlyFamilyMail(morning);
    expect(run.weekly).toBeGreaterThan(0);
    // The local worker loop drains the queued job: the email arrives once.
    await waitForMail((m) => m.to.includes(user.email) && m.subject === t.weeklySubject, 20_000);
    // A later hour of the same day finds the week's question sent.
    expect(await sendWeeklyPrompt(user.id, isoWeek(morning))).toBe('already-sent');
    expect(await mailsTo(user.email)).toHaveLength(1);
  });
});

describe('send now (local mode only)', () => {
  it('sends a chosen storyteller the week’s question once, and refuses other sites and unknown users', async () => {
    const user = await registerAndLogin();
    await api('PUT', '/api/profile/family-mail', { token: user.token, body: { weekly_day: 1, digest: true } });
    const sendNow = (headers: Record<string, string> = {}, username = user.username) =>
      call('POST', '/_local/family-mail/send-now', { body: { username, kind: 'weekly' }, headers });
    expect((await sendNow({ origin: 'https://evil.example' })).status).toBe(403);
    expect(await mailsTo(user.email)).toHaveLength(0);
    expect((await sendNow({}, 'nobody-has-this-name')).body).toEqual({ error: t.localSendNowUnknownUser });
    expect((await sendNow()).body).toEqual({ message: t.localSentWeekly });
    const again = await sendNow();
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: t.localAlreadySentWeekly });
    const sent = await mailsTo(user.email);
    expect(sent).toHaveLength(1);
    // Asked for on 127.0.0.1 (this client's Host): the mail's links stay there (docs/local-mode.md).
    expect(sent[0]!.text).toContain(`http://127.0.0.1:${new URL(inject('baseUrl')).port}/mail/answer?token=`);
  });
});

describe('once a week, whatever asks for it', () => {
  /**
   * Fault injection on the SES client this process's worker uses: `lost` lets the mail reach the local SES
   * and then loses its answer, as a time-out or a dropped connection does after SES accepted it; `refused`
   * answers as SES does when it refuses a message (a 4xx service error; nothing is sent), `throttled` as
   * it does past the sending rate (429; nothing is sent). `outside` the
   * SDK's retries (what the caller sees after them) or `inside` them (one attempt, which the SDK may repeat).
   */
  function sesFault(kind: 'lost' | 'refused' | 'throttled', where: 'outside' | 'inside' = 'outside') {
    let armed = true;
    const name = `weekly-test-fault-${randomUUID()}`;
    const fault = (next: (args: unknown) => Promise<unknown>) => async (args: unknown) => {
      if (!armed) return next(args);
      armed = false;
      if (kind === 'refused')
        throw Object.assign(new Error('Sending paused for this account'), {
          name: 'SendingPausedException',
          $fault: 'client',
          $metadata: { httpStatusCode: 400 },
        });
      if (kind === 'throttled')
        throw Object.assign(new Error('Maximum sending rate exceeded'), {
          name: 'TooManyRequestsException',
          $fault: 'client',
          $metadata: { httpStatusCode: 429 },
        });
      await next(args);
      throw Object.assign(new Error('Connection timed out after 10000 ms'), { name: 'TimeoutError' });
    };
    // initialize runs before the retry middleware (finalizeRequest), deserialize inside its loop.
    if (where === 'outside') ses.middlewareStack.add(fault as never, { step: 'initialize', name });
    else ses.middlewareStack.add(fault as never, { step: 'deserialize', name });
    return { remove: () => ses.middlewareStack.remove(name) };
  }

  async function storytellerForToday() {
    const user = await registerAndLogin();
    const today = isoWeekday(new Date());
    await api('PUT', '/api/profile/family-mail', { token: user.token, body: { weekly_day: today, digest: true } });
    return user;
  }

  it('"send now" and then the day\'s scheduled job of the same week mail one question', async () => {
    const user = await storytellerForToday();
    const sent = await call('POST', '/_local/family-mail/send-now', {
      body: { username: user.username, kind: 'weekly' },
    });
    expect(sent.body).toEqual({ message: t.localSentWeekly });
    // The job the hourly run queues for this storyteller today, delivered, then delivered again (a retry).
    const scheduled = delivery({ type: 'family-mail.weekly', userId: user.id, week: isoWeek(new Date()) });
    expect((await worker(scheduled)).batchItemFailures).toEqual([]);
    await Promise.all([worker(scheduled), worker(scheduled)]);
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it('a job retried after SES took the mail but its answer was lost does not mail again', async () => {
    const user = await storytellerForToday();
    const job = delivery({ type: 'family-mail.weekly', userId: user.id, week: isoWeek(new Date()) });
    const fault = sesFault('lost');
    try {
      await worker(job);
    } finally {
      fault.remove();
    }
    await waitForMail((m) => m.to.includes(user.email) && m.subject === t.weeklySubject);
    // SQS delivers the message again (or the day's next hourly run queues it again), then "send now".
    expect((await worker(job)).batchItemFailures).toEqual([]);
    expect(
      (await call('POST', '/_local/family-mail/send-now', { body: { username: user.username, kind: 'weekly' } }))
        .status,
    ).toBe(409);
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it('one attempt whose answer was lost is not repeated by the SDK itself', async () => {
    const user = await storytellerForToday();
    const job = delivery({ type: 'family-mail.weekly', userId: user.id, week: isoWeek(new Date()) });
    const fault = sesFault('lost', 'inside');
    try {
      expect((await worker(job)).batchItemFailures).toEqual([]);
    } finally {
      fault.remove();
    }
    await waitForMail((m) => m.to.includes(user.email) && m.subject === t.weeklySubject);
    expect((await worker(job)).batchItemFailures).toEqual([]);
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it('a throttled attempt is retried by the SDK and mails once', async () => {
    const user = await storytellerForToday();
    const job = delivery({ type: 'family-mail.weekly', userId: user.id, week: isoWeek(new Date()) });
    const fault = sesFault('throttled', 'inside');
    try {
      expect((await worker(job)).batchItemFailures).toEqual([]);
    } finally {
      fault.remove();
    }
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it('a job SES refused is sent by the retry, once', async () => {
    const user = await storytellerForToday();
    const job = delivery({ type: 'family-mail.weekly', userId: user.id, week: isoWeek(new Date()) });
    const fault = sesFault('refused');
    try {
      expect((await worker(job)).batchItemFailures).toHaveLength(1);
    } finally {
      fault.remove();
    }
    expect(await mailsTo(user.email)).toHaveLength(0);
    expect((await worker(job)).batchItemFailures).toEqual([]);
    expect((await worker(job)).batchItemFailures).toEqual([]);
    expect(await mailsTo(user.email)).toHaveLength(1);
  });
});

describe('abuse', () => {
  it('stops mail to an address SES reported as bounced or complaining', async () => {
    const bounced = await registerAndLogin();
    const complained = await registerAndLogin();
    const transient = await registerAndLogin();
    for (const u of [bounced, complained, transient]) {
      await api('PUT', '/api/profile/family-mail', { token: u.token, body: { weekly_day: 2, digest: true } });
    }
    await sesFeedback({
      Records: [
        snsRecord(sesBounce(bounced.email, 'Permanent')),
        snsRecord(sesComplaint(complained.email)),
        snsRecord(sesBounce(transient.email, 'Transient')),
        snsRecord('not json'),
      ],
    });
    expect(await sendWeeklyPrompt(bounced.id, '2099-W03')).toBe('suppressed');
    expect(await sendWeeklyPrompt(complained.id, '2099-W03')).toBe('suppressed');
    expect(await sendWeeklyPrompt(transient.id, '2099-W03')).toBe('sent');
    expect(await mailsTo(bounced.email)).toHaveLength(0);
    expect(await mailsTo(complained.email)).toHaveLength(0);
  });

  it('sends nothing after the account is deleted', async () => {
    const user = await registerAndLogin();
    await api('PUT', '/api/profile/family-mail', { token: user.token, body: { weekly_day: 4, digest: true } });
    await purgeAccount(user.id);
    expect(await sendWeeklyPrompt(user.id, '2099-W04')).toBe('not-subscribed');
    expect(await mailsTo(user.email)).toHaveLength(0);
  });
});

/**
 * SES event publishing to SNS, as in the SES developer guide ("Examples of event data that Amazon SES
 * publishes to Amazon SNS"), trimmed of the `mail` object's header lists.
 */
function sesBounce(email: string, bounceType: 'Permanent' | 'Transient') {
  return {
    eventType: 'Bounce',
    bounce: {
      bounceType,
      bounceSubType: bounceType === 'Permanent' ? 'General' : 'MailboxFull',
      bouncedRecipients: [
        { emailAddress: email, action: 'failed', status: '5.1.1', diagnosticCode: 'smtp; 550 5.1.1 user unknown' },
      ],
      timestamp: '2017-08-05T00:41:02.669Z',
      feedbackId: '01000157c44f053b-61b59c11-9236-11e6-8f96-7be8aexample-000000',
      reportingMTA: 'dsn; mta.example.com',
    },
    mail: {
      timestamp: '2017-08-05T00:40:02.012Z',
      source: 'Storyloom <no-reply@storyloom.local>',
      sourceArn: 'arn:aws:ses:us-east-1:123456789012:identity/storyloom.local',
      sendingAccountId: '123456789012',
      messageId: 'EXAMPLE7c191be45-e9aedb9a-02f9-4d12-a87d-dd0099a07f8a-000000',
      destination: [email],
      headersTruncated: false,
      tags: { 'ses:configuration-set': ['ConfigSet'] },
    },
  };
}

function sesComplaint(email: string) {
  return {
    eventType: 'Complaint',
    complaint: {
      complainedRecipients: [{ emailAddress: email }],
      timestamp: '2017-08-05T00:41:02.669Z',
      feedbackId: '01000157c44f053b-61b59c11-9236-11e6-8f96-7be8aexample-000000',
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36',
      complaintFeedbackType: 'abuse',
      arrivalDate: '2017-08-05T00:41:02.669Z',
    },
    mail: {
      timestamp: '2017-08-05T00:40:01.123Z',
      source: 'Storyloom <no-reply@storyloom.local>',
      messageId: 'EXAMPLE7c191be45-e9aedb9a-02f9-4d12-a87d-dd0099a07f8a-000000',
      destination: [email],
    },
  };
}

/** An SNS notification as Lambda receives it (the `Records[].Sns` envelope of an SNS event). */
function snsRecord(message: unknown) {
  return {
    EventSource: 'aws:sns',
    EventVersion: '1.0',
    EventSubscriptionArn: 'arn:aws:sns:us-east-1:123456789012:MailFeedback:2bcfbf39-05c3-41de-beaa-fcfcc21c8f55',
    Sns: {
      Type: 'Notification',
      MessageId: randomUUID(),
      TopicArn: 'arn:aws:sns:us-east-1:123456789012:MailFeedback',
      Subject: null,
      Message: typeof message === 'string' ? message : JSON.stringify(message),
      Timestamp: '2017-08-05T00:41:03.000Z',
    },
  };
}
