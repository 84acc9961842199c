import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ContactInput } from '@storyloom/shared/schemas/contact';
import { escapeHtml, sendEmail } from '../adapters/mailer.ts';
import { keys } from '../data/keys.ts';
import { consumeRateLimit } from '../data/rate-limit.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { dynamo } from '../lib/clients/dynamo.ts';
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
  const sentAt = new Date().toISOString();
  const key = keys.contactMessage(sentAt, randomUUID());
  await dynamo.send(
    new PutCommand({
      TableName: config.tableName,
      Item: { ...key, type: 'ContactMessage', ...input, sourceIp, createdAt: sentAt },
    }),
  );
  await enqueueJob({ type: 'contact.notify', ...key });
}

/** Worker step: emails a stored contact message to the operator once. */
export async function notifyOperator(key: { pk: string; sk: string }): Promise<void> {
  const { Item } = await dynamo.send(new GetCommand({ TableName: config.tableName, Key: key }));
  if (!Item) {
    logger.warn('contact message gone before notification', { key });
    return;
  }
  if (Item.notifiedAt) return;
  const { name, email, message } = Item as unknown as ContactInput;
  await sendEmail({
    to: config.contactToAddress,
    replyTo: email,
    subject: `Storyloom contact: ${name}`,
    text: `From: ${name} <${email}>\n\n${message}`,
    html: `<p>From: ${escapeHtml(name)} &lt;${escapeHtml(email)}&gt;</p><p>${escapeHtml(message).replace(/\n/g, '<br>')}</p>`,
  });
  await dynamo.send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: key,
      UpdateExpression: 'SET notifiedAt = :now',
      ExpressionAttributeValues: { ':now': new Date().toISOString() },
    }),
  );
}
