import type { SentEmail } from '../../infra/local/services.ts';
import { call } from './http.ts';

/** One mail as `/_local/mailbox.json` lists it: the SES stand-in's record. */
export type Mail = SentEmail;

/**
 * Waits until a mail matching `predicate` is in the local mailbox. Mail is sent by the worker after
 * the queue delivers the job, so it polls (short intervals, bounded) rather than sleeping a fixed time.
 */
export async function waitForMail(predicate: (mail: Mail) => boolean, timeoutMs = 15_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await call<Mail[]>('GET', '/_local/mailbox.json');
    const found = body.find(predicate);
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(`No matching mail within ${timeoutMs} ms (${body.length} mails in the box)`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
