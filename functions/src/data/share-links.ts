import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/clients/dynamo.ts';
import { config } from '../lib/config.ts';
import { keys } from './keys.ts';

/**
 * Story by share-link token: `SHARELINK#<token>` points at the story. The story item keeps the token too
 * (the owner copies the link again later), and a link only counts while the two agree, so a revoke that
 * clears the story's token ends the link at once even if deleting this item failed.
 */
const table = () => config.tableName;

/** Creates the link item; a token collision (2^-256) fails the condition instead of taking over a link. */
export async function putShareLink(token: string, storyId: string, createdAt: string): Promise<void> {
  await dynamo.send(
    new PutCommand({
      TableName: table(),
      Item: { ...keys.shareLink(token), type: 'ShareLink', storyId, createdAt },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** The story id a token points at, if the link item exists. */
export async function getShareLinkStoryId(token: string): Promise<string | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: table(), Key: keys.shareLink(token), ConsistentRead: true }),
  );
  return typeof Item?.storyId === 'string' ? Item.storyId : undefined;
}

export async function deleteShareLink(token: string): Promise<void> {
  await dynamo.send(new DeleteCommand({ TableName: table(), Key: keys.shareLink(token) }));
}
