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

/** Sends one email through SES from the configured sender. */
export async function sendEmail(email: Email): Promise<void> {
  await ses.send(
    new SendEmailCommand({
      FromEmailAddress: config.sesFromAddress,
      Destination: { ToAddresses: [email.to] },
      ReplyToAddresses: email.replyTo ? [email.replyTo] : undefined,
      Content: {
        Simple: {
          Subject: { Data: email.subject, Charset: 'UTF-8' },
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
