import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/clients/dynamo.ts';
import { config } from '../lib/config.ts';
import { conditionally, type ItemKey, isConditionFailure, queryKeys } from './items.ts';
import { type EmailTokenPurpose, keys } from './keys.ts';

/**
 * Emailed link tokens and account-deletion codes. Only hashes are stored. Every item carries an
 * epoch-seconds `ttl`; DynamoDB deletes expired items only eventually (the local stand-in never does),
 * so every read checks `ttl > now` itself.
 */
const table = () => config.tableName;
const nowSeconds = () => Math.floor(Date.now() / 1000);

export async function putEmailToken(purpose: EmailTokenPurpose, tokenHash: string, userId: string, ttl: number) {
  await dynamo.send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...keys.emailToken(purpose, tokenHash),
        ...keys.userTokensIndex(userId, purpose, tokenHash),
        type: 'EmailToken',
        userId,
        ttl,
      },
    }),
  );
}

/** The user an unexpired token belongs to, or undefined. */
export async function findEmailToken(purpose: EmailTokenPurpose, tokenHash: string): Promise<string | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: table(), Key: keys.emailToken(purpose, tokenHash), ConsistentRead: true }),
  );
  if (!Item || !(Number(Item.ttl) > nowSeconds())) return undefined;
  return String(Item.userId);
}

export async function deleteEmailToken(purpose: EmailTokenPurpose, tokenHash: string): Promise<void> {
  await dynamo.send(new DeleteCommand({ TableName: table(), Key: keys.emailToken(purpose, tokenHash) }));
}

/** Keys of every token item of a user, expired or not (account deletion). The index is eventually consistent. */
export function listUserTokenKeys(userId: string): Promise<ItemKey[]> {
  return queryKeys({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.userTokensPartition(userId) },
  });
}

/** Replaces the user's pending deletion code (a new request voids the old code and its attempts). */
export async function putDeleteCode(userId: string, codeHash: string, ttl: number): Promise<void> {
  await dynamo.send(
    new PutCommand({
      TableName: table(),
      Item: { ...keys.deleteCode(userId), type: 'DeleteCode', codeHash, attempts: 0, ttl },
    }),
  );
}

/**
 * Spends one attempt on the user's unexpired deletion code before it is compared, so parallel guesses
 * cannot exceed `maxAttempts`. Returns the code's hash, or undefined when there is no usable code.
 */
export async function spendDeleteCodeAttempt(userId: string, maxAttempts: number): Promise<string | undefined> {
  try {
    const { Attributes } = await dynamo.send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.deleteCode(userId),
        UpdateExpression: 'ADD attempts :one',
        ConditionExpression: 'attribute_exists(pk) AND attempts < :max AND #ttl > :now',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':one': 1, ':max': maxAttempts, ':now': nowSeconds() },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes?.codeHash as string | undefined;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/** Uses up the deletion code: true for exactly one caller. */
export function claimDeleteCode(userId: string, codeHash: string): Promise<boolean> {
  return conditionally(
    dynamo.send(
      new DeleteCommand({
        TableName: table(),
        Key: keys.deleteCode(userId),
        ConditionExpression: 'codeHash = :h',
        ExpressionAttributeValues: { ':h': codeHash },
      }),
    ),
  );
}
