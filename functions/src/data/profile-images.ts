import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/clients/dynamo.ts';
import { config } from '../lib/config.ts';
import { isConditionFailure } from './items.ts';
import { keys } from './keys.ts';

/**
 * Sets the user's picture (a media key) and returns the one it replaced, so the caller can delete
 * it. Undefined result with `exists: false` when the user is gone.
 */
export async function setProfileImageKey(userId: string, key: string): Promise<{ exists: boolean; previous?: string }> {
  try {
    const { Attributes } = await dynamo.send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: keys.user(userId),
        UpdateExpression: 'SET profileImageUrl = :key',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':key': key },
        ReturnValues: 'UPDATED_OLD',
      }),
    );
    return { exists: true, previous: Attributes?.profileImageUrl as string | undefined };
  } catch (error) {
    if (isConditionFailure(error)) return { exists: false };
    throw error;
  }
}
