import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/clients/dynamo.ts';
import { config } from '../lib/config.ts';
import { conditionally, type ItemKey, queryKeys } from './items.ts';
import { keys } from './keys.ts';
import { queryAll, queryItems } from './query.ts';

/**
 * A storyteller's prompts (docs/family-loop.md, "Data"): in their own partition under `PROMPT#`, so one
 * Query reads everything the next prompt and "Browse all" need, and the account's deletion takes it along.
 * Questions from the family are listed under their asker too (gsi1 `QUESTIONS_BY#`), so the asker's own
 * deletion finds them.
 */
const table = () => config.tableName;

export interface OwnQuestionRecord {
  id: string;
  text: string;
  createdAt: string;
}

export interface FamilyQuestionRecord {
  id: string;
  text: string;
  askerId: string;
  /** The asker's username when they asked (usernames never change). */
  askerName: string;
  askedAt: string;
  /** The story the asker was reading when they asked, if any. */
  storyId?: string;
}

export interface PromptState {
  answered: Map<string, { storyId: string; answeredAt: string }>;
  hidden: Set<string>;
  /** Oldest first (ids sort by time only for family questions; own ones are sorted by createdAt here). */
  own: OwnQuestionRecord[];
  family: FamilyQuestionRecord[];
}

const after = (sk: string, prefix: string) => sk.slice(prefix.length);

/** Everything a storyteller's prompts hold: one Query of their partition's `PROMPT#` items (strongly consistent). */
export async function readPromptState(userId: string): Promise<PromptState> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.promptPrefix() },
    ConsistentRead: true,
  });
  const state: PromptState = { answered: new Map(), hidden: new Set(), own: [], family: [] };
  for (const item of items) {
    const sk = String(item.sk);
    if (sk.startsWith('PROMPT#ANSWERED#')) {
      state.answered.set(after(sk, 'PROMPT#ANSWERED#'), {
        storyId: String(item.storyId),
        answeredAt: String(item.answeredAt),
      });
    } else if (sk.startsWith('PROMPT#HIDDEN#')) {
      state.hidden.add(after(sk, 'PROMPT#HIDDEN#'));
    } else if (sk.startsWith('PROMPT#OWN#')) {
      state.own.push(toOwn(item));
    } else if (sk.startsWith('PROMPT#FAMILY#')) {
      state.family.push(toFamily(item));
    }
  }
  state.own.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  state.family.sort((a, b) => a.id.localeCompare(b.id));
  return state;
}

function toOwn(item: Record<string, unknown>): OwnQuestionRecord {
  return { id: String(item.id), text: String(item.text), createdAt: String(item.createdAt) };
}

function toFamily(item: Record<string, unknown>): FamilyQuestionRecord {
  return {
    id: String(item.id),
    text: String(item.text),
    askerId: String(item.askerId),
    askerName: String(item.askerName),
    askedAt: String(item.askedAt),
    ...(item.storyId ? { storyId: String(item.storyId) } : {}),
  };
}

/**
 * Records a story that answers a prompt: its own answer item (`PROMPT#ANSWERS#<prompt>#<story>`), then the
 * mark, which names the latest answer (answering again with another story moves it there). A mark written
 * before answers had items of their own hands its story an answer item, so that answer still counts when
 * the newer one is deleted.
 */
export async function putAnswered(userId: string, promptId: string, storyId: string, at: string): Promise<void> {
  await dynamo.send(new PutCommand({ TableName: table(), Item: answerItem(userId, promptId, storyId, at) }));
  const { Attributes: old } = await dynamo.send(
    new PutCommand({
      TableName: table(),
      Item: { ...keys.promptAnswered(userId, promptId), type: 'PromptAnswered', promptId, storyId, answeredAt: at },
      ReturnValues: 'ALL_OLD',
    }),
  );
  if (old?.storyId && old.storyId !== storyId) {
    const earlier = answerItem(userId, promptId, String(old.storyId), String(old.answeredAt));
    await conditionally(
      dynamo.send(
        new PutCommand({ TableName: table(), Item: earlier, ConditionExpression: 'attribute_not_exists(pk)' }),
      ),
    );
  }
}

const answerItem = (userId: string, promptId: string, storyId: string, answeredAt: string) => ({
  ...keys.promptAnswer(userId, promptId, storyId),
  type: 'PromptAnswer',
  promptId,
  storyId,
  answeredAt,
});

export async function setHidden(userId: string, promptId: string, hidden: boolean, at: string): Promise<void> {
  const Key = keys.promptHidden(userId, promptId);
  if (hidden) {
    await dynamo.send(
      new PutCommand({ TableName: table(), Item: { ...Key, type: 'PromptHidden', promptId, hiddenAt: at } }),
    );
  } else {
    await dynamo.send(new DeleteCommand({ TableName: table(), Key }));
  }
}

export async function putOwnQuestion(userId: string, question: OwnQuestionRecord): Promise<void> {
  await dynamo.send(
    new PutCommand({
      TableName: table(),
      Item: { ...keys.ownQuestion(userId, question.id), type: 'OwnQuestion', ...question },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** How many own questions a storyteller keeps (a keys-only count of the prefix). */
export async function countOwnQuestions(userId: string): Promise<number> {
  const { count } = await queryItems({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.ownQuestionPrefix() },
    Select: 'COUNT',
  });
  return count;
}

export async function getOwnQuestion(userId: string, id: string): Promise<OwnQuestionRecord | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: table(), Key: keys.ownQuestion(userId, id), ConsistentRead: true }),
  );
  return Item ? toOwn(Item) : undefined;
}

export async function putFamilyQuestion(storytellerId: string, question: FamilyQuestionRecord): Promise<void> {
  await dynamo.send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...keys.familyQuestion(storytellerId, question.id),
        ...keys.questionsByAskerIndex(question.askerId, question.id),
        type: 'FamilyQuestion',
        storytellerId,
        ...question,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function getFamilyQuestion(storytellerId: string, id: string): Promise<FamilyQuestionRecord | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: table(), Key: keys.familyQuestion(storytellerId, id), ConsistentRead: true }),
  );
  return Item ? toFamily(Item) : undefined;
}

/** Keys of every prompt item of a storyteller (account deletion). */
export function listPromptKeys(userId: string): Promise<ItemKey[]> {
  return queryKeys({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.promptPrefix() },
    ConsistentRead: true,
  });
}

export interface AnswerRecord {
  key: ItemKey;
  promptId: string;
  storyId: string;
  answeredAt: string;
}

/**
 * A storyteller's answer marks, or their answer items (`prefix`): a story's deletion reads both to find what
 * it answered and what else answers the same questions. A storyteller holds at most a few hundred: one paged
 * Query of their own partition each, key attributes and story ids only.
 */
async function listAnswerItems(userId: string, prefix: string): Promise<AnswerRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': prefix },
    ProjectionExpression: 'pk, sk, promptId, storyId, answeredAt',
    ConsistentRead: true,
  });
  return items.map((item) => ({
    key: { pk: String(item.pk), sk: String(item.sk) },
    promptId: String(item.promptId),
    storyId: String(item.storyId),
    answeredAt: String(item.answeredAt),
  }));
}

/** The answer marks (`PROMPT#ANSWERED#`), one per answered prompt, each naming its latest answer. */
export const listAnswerMarks = (userId: string) => listAnswerItems(userId, keys.promptAnsweredPrefix());

/** Every answer (`PROMPT#ANSWERS#`), one per story and prompt it answers. */
export const listAnswers = (userId: string) => listAnswerItems(userId, keys.promptAnswersPrefix());

/**
 * What moving a mark came to: done; the mark had moved on (nothing to do); or the read it was based on is
 * stale (the answer `to` is gone, or a transaction conflicted): read again.
 */
export type MarkMove = 'moved' | 'mark-moved-on' | 'read-again';

/**
 * Points a prompt's mark at another answer, or deletes it (`to` undefined), only while it still names the
 * story `from`: an answer saved meanwhile keeps its mark. A move is one transaction with a check that the
 * story `to` is still there (and the author's), so a mark never moves to an answer deleted at the same moment
 * (whose own deletion may already have looked for marks naming it): the caller reads again and retries.
 */
export async function moveAnswered(
  userId: string,
  promptId: string,
  from: string,
  to: { storyId: string; answeredAt: string } | undefined,
): Promise<MarkMove> {
  const Key = keys.promptAnswered(userId, promptId);
  const guard = { ConditionExpression: 'storyId = :from', ExpressionAttributeValues: { ':from': from } };
  if (!to) {
    const deleted = await conditionally(dynamo.send(new DeleteCommand({ TableName: table(), Key, ...guard })));
    return deleted ? 'moved' : 'mark-moved-on';
  }
  try {
    await dynamo.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: table(),
              Item: { ...Key, type: 'PromptAnswered', promptId, storyId: to.storyId, answeredAt: to.answeredAt },
              ...guard,
            },
          },
          {
            ConditionCheck: {
              TableName: table(),
              Key: keys.story(to.storyId),
              ConditionExpression: 'attribute_exists(pk) AND authorId = :author',
              ExpressionAttributeValues: { ':author': userId },
            },
          },
        ],
      }),
    );
    return 'moved';
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const [mark, answer] = error.CancellationReasons ?? [];
    if (mark?.Code === 'ConditionalCheckFailed') return 'mark-moved-on';
    if (answer?.Code === 'ConditionalCheckFailed') return 'read-again';
    if ((error.CancellationReasons ?? []).some((r) => r.Code === 'TransactionConflict')) return 'read-again';
    throw error;
  }
}

/** Keys of the questions a user sent to storytellers (the asker's account deletion). */
export function listQuestionKeysByAsker(askerId: string): Promise<ItemKey[]> {
  return queryKeys({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.questionsByAskerPartition(askerId) },
  });
}

/**
 * Ids of every story shared with a user by name (gsi1 `SHARED_WITH#`, ids only): who may ask a storyteller a
 * question is decided by whether one of these is the storyteller's.
 */
export async function listStoryIdsSharedWith(userId: string): Promise<string[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.sharedWithPartition(userId) },
    ProjectionExpression: 'storyId',
  });
  return items.map((item) => String(item.storyId));
}
