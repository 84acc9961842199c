import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '@storyloom/shared/constants';
import { dynamo } from '../lib/aws.ts';
import { config } from '../lib/config.ts';
import { keys } from './keys.ts';

/** Role of a user by id, or undefined for a user that does not exist (any more). */
export async function getUserRole(userId: string): Promise<Role | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: config.tableName, Key: keys.user(userId), ProjectionExpression: '#r', ExpressionAttributeNames: { '#r': 'role' } }),
  );
  return Item?.role as Role | undefined;
}
