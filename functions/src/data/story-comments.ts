import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/clients/dynamo.ts';
import { config } from '../lib/config.ts';
import { decodeCursor } from './cursor.ts';
import { type ItemKey, queryKeys } from './items.ts';
import { keys } from './keys.ts';

/**
 * A comment on a story (`STORY#<storyId>` / `COMMENT#<commentId>`), listed under its writer (gsi1
 * `COMMENTS_BY#<userId>`) so an account deletion finds the comments left on other people's stories.
 */
export interface CommentRecord {
  id: string;
  storyId: string;
  authorId: string;
  /** Usernames never change, so the writer's name is kept with the comment. */
  authorUsername: string;
  text: string;
  createdAt: string;
}

const table = () => config.tableName;

export function isCommentItem(item: Record<string, unknown>): boolean {
  return typeof item.sk === 'string' && item.sk.startsWith(keys.storyCommentPrefix());
}

export function toCommentRecord(item: Record<string, unknown>): CommentRecord {
  return {
    id: String(item.id),
    storyId: String(item.storyId),
    authorId: String(item.authorId),
    authorUsername: String(item.authorUsername),
    text: String(item.text),
    createdAt: String(item.createdAt),
  };
}

export async function putComment(comment: CommentRecord): Promise<void> {
  await dynamo.send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...keys.storyComment(comment.storyId, comment.id),
        ...keys.commentsByUserIndex(comment.authorId, comment.id),
        type: 'Comment',
        ...comment,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function getComment(storyId: string, commentId: string): Promise<CommentRecord | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: table(), Key: keys.storyComment(storyId, commentId), ConsistentRead: true }),
  );
  return Item ? toCommentRecord(Item) : undefined;
}

/** Deletes a comment; true only for the call that deleted it (so the story's comment count moves once). */
export async function deleteComment(storyId: string, commentId: string): Promise<boolean> {
  const { Attributes } = await dynamo.send(
    new DeleteCommand({ TableName: table(), Key: keys.storyComment(storyId, commentId), ReturnValues: 'ALL_OLD' }),
  );
  return Attributes !== undefined;
}

/** Keys of every comment a user wrote, on any story (account deletion). */
export function listCommentKeysByUser(userId: string): Promise<ItemKey[]> {
  return queryKeys({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.commentsByUserPartition(userId) },
  });
}

/**
 * A comments cursor (a previous page's `next`, base64url JSON of the table key) back into its key, or
 * undefined unless it is exactly a comment key of this story: a client cannot point the query elsewhere.
 */
export function decodeCommentsCursor(cursor: string, storyId: string): { pk: string; sk: string } | undefined {
  const key = decodeCursor(cursor, { partition: keys.storyPartition(storyId), sortPrefix: keys.storyCommentPrefix() });
  return key ? { pk: key.pk as string, sk: key.sk as string } : undefined;
}
