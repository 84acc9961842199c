import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { isSuppressed } from '../data/mail-suppression.ts';
import { ses } from '../lib/clients/ses.ts';
import { config } from '../lib/config.ts';
import { logger } from '../lib/logger.ts';

export interface Email {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /**
   * Extra message headers (SES v2 `Content.Simple.Headers`), e.g. RFC 8058's `List-Unsubscribe` and
   * `List-Unsubscribe-Post` on the family-loop mail. Values are single lines (headerValue).
   */
  headers?: { name: string; value: string }[];
}

/**
 * A header value on one line: CR, LF and every other control character become a space, so text a user
 * typed (a contact form's name in the subject) can never start a header of its own.
 */
export function headerValue(value: string): string {
  return value.replace(/\p{Cc}+/gu, ' ').trim();
}

/**
 * Sends one email through SES from the configured sender. Headers are single lines (headerValue).
 * An address on the suppression list (a hard bounce or a complaint, data/mail-suppression.ts) gets
 * nothing: 'suppressed' is returned and the mail is dropped.
 */
export async function sendEmail(email: Email): Promise<'sent' | 'suppressed'> {
  if (await isSuppressed(email.to)) {
    logger.info('mail to a suppressed address dropped');
    return 'suppressed';
  }
  await ses.send(
    new SendEmailCommand({
      FromEmailAddress: config.sesFromAddress,
      // The stack's configuration set (bounce and complaint suppression, reputation metrics); unset locally.
      ConfigurationSetName: process.env.SES_CONFIGURATION_SET || undefined,
      Destination: { ToAddresses: [headerValue(email.to)] },
      ReplyToAddresses: email.replyTo ? [headerValue(email.replyTo)] : undefined,
      Content: {
        Simple: {
          Subject: { Data: headerValue(email.subject), Charset: 'UTF-8' },
          Body: { Text: { Data: email.text, Charset: 'UTF-8' }, Html: { Data: email.html, Charset: 'UTF-8' } },
          Headers: email.headers?.map((h) => ({ Name: headerValue(h.name), Value: headerValue(h.value) })),
        },
      },
    }),
  );
  return 'sent';
}

/** Escapes text for the HTML part of an email. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
