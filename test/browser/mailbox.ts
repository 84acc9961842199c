/** One mail as `GET /_local/mailbox.json` lists it (newest first). */
export interface LocalMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
}

/**
 * Polls the local mailbox until a mail matches (mail goes out through a queue, so it can lag the
 * HTTP response by a moment). Throws with what the mailbox held if none arrives in time.
 */
export async function waitForMail(
  baseUrl: string,
  matches: (mail: LocalMail) => boolean,
  { timeoutMs = 10_000, intervalMs = 100 } = {},
): Promise<LocalMail> {
  const deadline = Date.now() + timeoutMs;
  let seen: LocalMail[] = [];
  while (Date.now() < deadline) {
    const response = await fetch(new URL('/_local/mailbox.json', baseUrl));
    if (!response.ok) throw new Error(`mailbox: HTTP ${response.status}`);
    seen = (await response.json()) as LocalMail[];
    const mail = seen.find(matches);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  const subjects = seen.map((mail) => mail.subject).join(' | ') || 'nothing';
  throw new Error(`no matching mail within ${timeoutMs} ms; the mailbox held: ${subjects}`);
}
