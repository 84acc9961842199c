import { randomUUID } from 'node:crypto';
import type { ContactInput } from '@storyloom/shared/schemas/contact';
import { escapeHtml, sendEmail } from '../adapters/mailer.ts';
import { getContactMessage, markContactMessageNotified, putContactMessage } from '../data/contact-messages.ts';
import { consumeRateLimit } from '../data/rate-limit.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { config } from '../lib/config.ts';
import { logger } from '../lib/logger.ts';

const CONTACT_WINDOW_SECONDS = 10 * 60;

/**
 * Stores a contact message, then queues the email to the operator: the message is kept even when
 * SES is down, and the worker retries the email.
 */
export async function submitContactMessage(input: ContactInput, sourceIp: string): Promise<void> {
  await consumeRateLimit({
    scope: 'contact',
    subject: sourceIp,
    limit: config.contactRateLimit,
    windowSeconds: CONTACT_WINDOW_SECONDS,
  });
  const key = await putContactMessage({ ...input, sourceIp, createdAt: new Date().toISOString() }, randomUUID());
  await enqueueJob({ type: 'contact.notify', ...key });
}

/** Worker step: emails a stored contact message to the operator once. */
export async function notifyOperator(key: { pk: string; sk: string }): Promise<void> {
  const stored = await getContactMessage(key);
  if (!stored) {
    logger.warn('contact message gone before notification', { key });
    return;
  }
  if (stored.notifiedAt) return;
  const { name, email, message } = stored;
  await sendEmail({
    to: config.contactToAddress,
    replyTo: email,
    subject: `Storyloom contact: ${name}`,
    text: `From: ${name} <${email}>\n\n${message}`,
    html: `<p>From: ${escapeHtml(name)} &lt;${escapeHtml(email)}&gt;</p><p>${escapeHtml(message).replace(/\n/g, '<br>')}</p>`,
  });
  await markContactMessageNotified(key, new Date().toISOString());
}
