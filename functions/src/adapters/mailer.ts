import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { ses } from '../lib/clients/ses.ts';
import { config } from '../lib/config.ts';

export interface Email {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
}

/**
 * A header value on one line: CR, LF and every other control character become a space, so text a user
 * typed (a contact form's name in the subject) can never start a header of its own.
 */
export function headerValue(value: string): string {
  return value.replace(/\p{Cc}+/gu, ' ').trim();
}

/** Sends one email through SES from the configured sender. Headers are single lines (headerValue). */
export async function sendEmail(email: Email): Promise<void> {
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
        },
      },
    }),
  );
}

/** Escapes text for the HTML part of an email. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
