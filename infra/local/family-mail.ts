import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { runWithLinkOrigin } from '@storyloom/functions/lib/request-origin';
import { familyMailText as t } from '@storyloom/shared/messages/family-mail';
import { send } from './api-adapter.ts';

/**
 * The family-loop email in local mode (docs/family-loop.md, "Family-loop email"): the links' HMAC key
 * kept in DATA_DIR (links in the mailbox keep working across restarts), the hourly timer that stands
 * in for the EventBridge rule, and "send now" for trying it: `POST /_local/family-mail/send-now`
 * (the local mailbox page has the buttons).
 */

/** The `mail-links` key: made once per data folder, readable by its owner only. */
export function localMailLinkSecret(dataDir: string): string {
  const file = join(dataDir, 'mail-link-secret');
  if (existsSync(file)) {
    const key = readFileSync(file, 'utf8').trim();
    if (key.length >= 32) return key;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('hex');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}

/** Every hour, and once at start, the job the EventBridge rule queues in AWS. */
export function startFamilyMailTimer(onError: (error: unknown) => void): { stop(): void } {
  const run = async () => {
    const { enqueueJob } = await import('@storyloom/functions/jobs/queue');
    await enqueueJob({ type: 'family-mail.hourly' });
  };
  const first = setTimeout(() => void run().catch(onError), 5_000);
  const timer = setInterval(() => void run().catch(onError), 60 * 60 * 1000);
  first.unref();
  timer.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}

const SEND_NOW_PATH = '/_local/family-mail/send-now';
export const isSendNowPath = (path: string) => path === SEND_NOW_PATH;

/**
 * `POST /_local/family-mail/send-now` with `username` and `kind` (`weekly` or `digest`), as JSON or a
 * form: sends that user's weekly question or family news now, through the same code as the worker's
 * jobs (so once a week / day holds here too). A form post (the mailbox page) comes back to the mailbox.
 * A page of another site may not post here: a browser's `Origin` must be this server's.
 */
export async function handleSendNow(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== 'POST') return send(res, 405, { error: 'Method not allowed' });
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== `http://${req.headers.host}`) return send(res, 403, { error: 'Forbidden' });
  const raw = await readBody(req);
  const form = !(req.headers['content-type'] ?? '').includes('application/json');
  let input: Record<string, unknown>;
  try {
    input = form ? Object.fromEntries(new URLSearchParams(raw)) : (JSON.parse(raw) as Record<string, unknown>);
  } catch {
    return send(res, 400, { error: 'Send JSON or a form with username and kind' });
  }
  const { username, kind } = input;
  if (typeof username !== 'string' || (kind !== 'weekly' && kind !== 'digest')) {
    return send(res, 400, { error: 'Send username and kind (weekly or digest)' });
  }
  const { findUserId } = await import('@storyloom/functions/data/users');
  const userId = await findUserId('username', username);
  let status = 404;
  let message: string = t.localSendNowUnknownUser;
  if (userId) {
    // Its links follow the mailbox's own origin (127.0.0.1 or localhost), as the app's mail does
    // (docs/local-mode.md, "Links in emails"); the Host was checked by the server, the Origin above.
    [status, message] = await runWithLinkOrigin(`http://${req.headers.host}`, () => sendNow(userId, kind));
  }
  if (form) {
    res.writeHead(303, { location: `/_local/mailbox?note=${encodeURIComponent(message)}` });
    res.end();
    return;
  }
  send(res, status, status === 200 ? { message } : { error: message });
}

/** Sends a user's weekly question or family news now: the HTTP status and the text to show. */
async function sendNow(userId: string, kind: 'weekly' | 'digest'): Promise<[number, string]> {
  const now = new Date();
  const { isoWeek, utcDay } = await import('@storyloom/functions/domain/family-mail/calendar');
  if (kind === 'weekly') {
    const { sendWeeklyPrompt } = await import('@storyloom/functions/domain/family-mail/weekly');
    const outcome = await sendWeeklyPrompt(userId, isoWeek(now));
    return outcome === 'sent' ? [200, t.localSentWeekly] : [409, t.localAlreadySentWeekly];
  }
  const { sendDigest } = await import('@storyloom/functions/domain/family-mail/digest');
  const outcome = await sendDigest(userId, utcDay(now), true);
  return outcome === 'sent' ? [200, t.localSentDigest] : [409, t.localNoDigest];
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 4096) break;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The mailbox page's "send now" forms. */
export function sendNowForms(note: string | null, esc: (s: string) => string): string {
  return `<section aria-labelledby="send-now"><h2 id="send-now">Family-loop email: send now</h2>
${note ? `<p role="status"><strong>${esc(note)}</strong></p>` : ''}
<form method="post" action="${SEND_NOW_PATH}"><label>Username <input name="username" required autocomplete="off"></label>
<button name="kind" value="weekly">Send the weekly question now</button>
<button name="kind" value="digest">Send family news now</button></form>
<p class="meta">The weekly question needs a weekly day chosen on that user's profile; each goes once a week (news once a day), as in AWS.</p></section>`;
}
