import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ContactInput } from '@storyloom/shared/schemas/contact';
import { dynamo } from '../lib/clients/dynamo.ts';
import { config } from '../lib/config.ts';
import type { ItemKey } from './items.ts';
import { keys } from './keys.ts';
import { buildUpdate } from './update.ts';

/** A contact message as stored: kept even when mailing the operator fails, so the worker can retry. */
export interface ContactMessageRecord extends ContactInput {
  sourceIp: string;
  createdAt: string;
  /** Set once the operator was emailed (a redelivered job then does nothing). */
  notifiedAt?: string;
}

/** Stores a message under a new key (by month, newest first) and returns the key for the job. */
export async function putContactMessage(message: ContactMessageRecord, id: string): Promise<ItemKey> {
  const key = keys.contactMessage(message.createdAt, id);
  await dynamo.send(
    new PutCommand({ TableName: config.tableName, Item: { ...key, type: 'ContactMessage', ...message } }),
  );
  return key;
}

export async function getContactMessage(key: ItemKey): Promise<ContactMessageRecord | undefined> {
  const { Item } = await dynamo.send(new GetCommand({ TableName: config.tableName, Key: key }));
  return Item as ContactMessageRecord | undefined;
}

export async function markContactMessageNotified(key: ItemKey, at: string): Promise<void> {
  await dynamo.send(
    new UpdateCommand({ TableName: config.tableName, Key: key, ...buildUpdate({ set: { notifiedAt: at } }) }),
  );
}
