import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '@storyloom/shared/constants';
import { dynamo } from '../lib/clients/dynamo.ts';
import { config } from '../lib/config.ts';
import { conditionally, type ItemKey, queryKeys } from './items.ts';
import { keys } from './keys.ts';
import { queryItems, type StartKey } from './query.ts';

/** A user as stored (keys.user). The id is also the Cognito username (docs/accounts.md). */
export interface UserRecord {
  id: string;
  /** As the user typed it at registration; uniqueness is case-insensitive (guards). */
  username: string;
  email: string;
  emailVerified: boolean;
  role: Role;
  createdAt: string;
  profileImageUrl?: string;
  /** Hash of the one reset link that still works; a new request replaces it. */
  resetTokenHash?: string;
  /** The last reset/verification mail job that completed, so a redelivered job does not mail twice. */
  resetRequestId?: string;
  verifyRequestId?: string;
  /**
   * Epoch seconds: ID tokens issued (signed in) before this are refused (lib/auth.ts). Set by logout,
   * a password reset and a password change, so every earlier session ends at once.
   */
  sessionsValidFrom?: number;
}

type GuardKind = 'username' | 'email';
const guardKey = (kind: GuardKind, value: string) =>
  kind === 'username' ? keys.usernameGuard(value) : keys.emailGuard(value);

/** A guard whose user record never appeared is left over from a registration that died midway. */
const STALE_GUARD_MS = 60_000;

const table = () => config.tableName;

/** Role of a user by id, or undefined for a user that does not exist (any more). */
export async function getUserRole(userId: string): Promise<Role | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({
      TableName: table(),
      Key: keys.user(userId),
      ProjectionExpression: '#r',
      ExpressionAttributeNames: { '#r': 'role' },
    }),
  );
  return Item?.role as Role | undefined;
}

/** What every signed-in call checks (lib/auth.ts): the role and since when sessions count. */
export interface UserAuthState {
  role: Role;
  sessionsValidFrom?: number;
}

/** Role and session start of a user by id, or undefined for a user that does not exist (any more). */
export async function getUserAuthState(userId: string): Promise<UserAuthState | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({
      TableName: table(),
      Key: keys.user(userId),
      ProjectionExpression: '#r, sessionsValidFrom',
      ExpressionAttributeNames: { '#r': 'role' },
    }),
  );
  return toUserAuthState(Item);
}

/** The auth state of a user item read elsewhere (a batch read: domain/interactive/questions.ts). */
export function toUserAuthState(Item: Record<string, unknown> | undefined): UserAuthState | undefined {
  if (!Item?.role) return undefined;
  return { role: Item.role as Role, sessionsValidFrom: Item.sessionsValidFrom as number | undefined };
}

/**
 * Ends every session signed in before now: ID tokens whose sign-in time is before the returned epoch
 * second are refused from here on. It is the NEXT whole second (token times have second precision, and
 * a token of this very second may predate the call), so a new sign-in must wait until then.
 */
export async function endSessionsBefore(userId: string, nowMs = Date.now()): Promise<number> {
  const validFrom = Math.floor(nowMs / 1000) + 1;
  await updateUser(userId, {
    update: 'SET sessionsValidFrom = :t',
    values: { ':t': validFrom },
    condition: '(attribute_not_exists(sessionsValidFrom) OR sessionsValidFrom < :t)',
  });
  return validFrom;
}

/** User by id (strongly consistent: used right after writes). */
export async function getUser(userId: string): Promise<UserRecord | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: table(), Key: keys.user(userId), ConsistentRead: true }),
  );
  return Item as UserRecord | undefined;
}

/** User id by username or email (case-insensitive), through its guard item. */
export async function findUserId(kind: GuardKind, value: string): Promise<string | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: table(), Key: guardKey(kind, value), ConsistentRead: true }),
  );
  return typeof Item?.userId === 'string' ? Item.userId : undefined;
}

/**
 * Reserves a username or email for a user: a conditional put, so two registrations cannot both win.
 * A guard left by a registration that crashed midway (no user record a minute later) is taken over.
 */
export async function claimGuard(kind: GuardKind, value: string, userId: string): Promise<boolean> {
  const key = guardKey(kind, value);
  const item = { ...key, type: 'Guard', userId, createdAt: new Date().toISOString() };
  const put = (condition: string, values?: Record<string, unknown>) =>
    conditionally(
      dynamo.send(
        new PutCommand({
          TableName: table(),
          Item: item,
          ConditionExpression: condition,
          ExpressionAttributeValues: values,
        }),
      ),
    );
  if (await put('attribute_not_exists(pk)')) return true;

  const { Item: existing } = await dynamo.send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }));
  if (!existing) return put('attribute_not_exists(pk)');
  const age = Date.now() - Date.parse(String(existing.createdAt));
  if (!(age > STALE_GUARD_MS) || (await getUser(String(existing.userId)))) return false;
  return put('userId = :stale', { ':stale': existing.userId });
}

/** Frees a guard, only if it still belongs to this user. */
export async function releaseGuard(kind: GuardKind, value: string, userId: string): Promise<void> {
  await conditionally(
    dynamo.send(
      new DeleteCommand({
        TableName: table(),
        Key: guardKey(kind, value),
        ConditionExpression: 'userId = :id',
        ExpressionAttributeValues: { ':id': userId },
      }),
    ),
  );
}

/** Writes a new user record, listed for the admin panel (gsi1) and, for admins, in the admins index (gsi2). */
export async function putNewUser(user: UserRecord): Promise<void> {
  await dynamo.send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...keys.user(user.id),
        ...keys.allUsersIndex(user.createdAt, user.id),
        ...(user.role === 'admin' ? keys.adminsIndex(user.id) : {}),
        type: 'User',
        ...user,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** Keys of every item in the user's own partition, the profile included (account deletion). */
export function listUserPartitionKeys(userId: string): Promise<ItemKey[]> {
  return queryKeys({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.userPartition(userId) },
    ConsistentRead: true,
  });
}

/** Deletes the user record itself (the last step of an account deletion). */
export async function deleteUserRecord(userId: string): Promise<void> {
  await dynamo.send(new DeleteCommand({ TableName: table(), Key: keys.user(userId) }));
}

/** Sets fields on an existing user; false when the user does not exist (or `condition` fails). */
function updateUser(
  userId: string,
  opts: { update: string; values?: Record<string, unknown>; names?: Record<string, string>; condition?: string },
): Promise<boolean> {
  return conditionally(
    dynamo.send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.user(userId),
        UpdateExpression: opts.update,
        ConditionExpression: opts.condition ? `attribute_exists(pk) AND ${opts.condition}` : 'attribute_exists(pk)',
        ExpressionAttributeValues: opts.values,
        ExpressionAttributeNames: opts.names,
      }),
    ),
  );
}

export function markEmailVerified(userId: string): Promise<boolean> {
  return updateUser(userId, { update: 'SET emailVerified = :t', values: { ':t': true } });
}

/**
 * Sets the role, and the admins index with it. With `from`, only while the user still has that role
 * (so of two racing changes only one moves the admin counter).
 */
export function setUserRole(userId: string, role: Role, from?: Role): Promise<boolean> {
  const names = { '#role': 'role' };
  const condition = from ? '#role = :from' : undefined;
  const fromValue = from ? { ':from': from } : {};
  if (role === 'admin') {
    const { gsi2pk, gsi2sk } = keys.adminsIndex(userId);
    return updateUser(userId, {
      update: 'SET #role = :r, gsi2pk = :pk, gsi2sk = :sk',
      values: { ':r': role, ':pk': gsi2pk, ':sk': gsi2sk, ...fromValue },
      names,
      condition,
    });
  }
  return updateUser(userId, {
    update: 'SET #role = :r REMOVE gsi2pk, gsi2sk',
    values: { ':r': role, ...fromValue },
    names,
    condition,
  });
}

/**
 * The admin counter (keys.adminCounter) keeps "at least one admin" true under concurrency without
 * transactions (dynalite has none): an admin leaves (demotion, account deletion) only by first taking
 * one off the counter with a conditional update `count > 1`, so of two last admins stepping down at
 * once, one is refused. New admins add one after their record says admin.
 */
export async function ensureAdminCounter(): Promise<void> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: table(), Key: keys.adminCounter(), ConsistentRead: true }),
  );
  if (Item) return;
  // First use on a table that predates the counter: count the admins once (sparse index, a few items).
  const { items } = await queryItems({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.adminsPartition() },
    ProjectionExpression: 'pk',
  });
  await conditionally(
    dynamo.send(
      new PutCommand({
        TableName: table(),
        Item: { ...keys.adminCounter(), type: 'Counter', count: items.length },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}

/** Counts one more admin (or gives back a leave that did not happen). */
export async function addAdmin(): Promise<void> {
  await dynamo.send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.adminCounter(),
      UpdateExpression: 'ADD #c :one',
      ExpressionAttributeNames: { '#c': 'count' },
      ExpressionAttributeValues: { ':one': 1 },
    }),
  );
}

/** Takes one admin off the counter, only while another would remain; false for the last admin. */
export async function reserveAdminLeave(): Promise<boolean> {
  await ensureAdminCounter();
  return conditionally(
    dynamo.send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.adminCounter(),
        UpdateExpression: 'ADD #c :minus',
        ConditionExpression: '#c > :one',
        ExpressionAttributeNames: { '#c': 'count' },
        ExpressionAttributeValues: { ':minus': -1, ':one': 1 },
      }),
    ),
  );
}

/** Makes `tokenHash` the user's only working reset link; returns the hash it replaced. */
export async function replaceResetToken(userId: string, tokenHash: string): Promise<string | undefined> {
  const { Attributes } = await dynamo.send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.user(userId),
      UpdateExpression: 'SET resetTokenHash = :h',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':h': tokenHash },
      ReturnValues: 'UPDATED_OLD',
    }),
  );
  return Attributes?.resetTokenHash as string | undefined;
}

/** Uses up a reset link: true for exactly one caller while `tokenHash` is the user's current one. */
export function claimResetToken(userId: string, tokenHash: string): Promise<boolean> {
  return updateUser(userId, {
    update: 'REMOVE resetTokenHash',
    values: { ':h': tokenHash },
    condition: 'resetTokenHash = :h',
  });
}

/** Gives a claimed reset link back when the reset itself failed, unless a newer link exists. */
export function restoreResetToken(userId: string, tokenHash: string): Promise<boolean> {
  return updateUser(userId, {
    update: 'SET resetTokenHash = :h',
    values: { ':h': tokenHash },
    condition: 'attribute_not_exists(resetTokenHash)',
  });
}

/** Notes that a mail job finished, so a redelivery of the same job is skipped. */
export function markMailRequestDone(userId: string, field: 'resetRequestId' | 'verifyRequestId', requestId: string) {
  return updateUser(userId, { update: `SET ${field} = :r`, values: { ':r': requestId } });
}

export interface UsersPage {
  users: UserRecord[];
  /** LastEvaluatedKey of the query, when more users follow. */
  next?: Record<string, unknown>;
}

/** Users newest first, one page, through the gsi1 'USERS' partition (never a Scan). */
export async function listUsers(limit: number, startKey?: StartKey): Promise<UsersPage> {
  const { items, next } = await queryItems(
    {
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.allUsersPartition() },
      ScanIndexForward: false,
    },
    { limit, startKey },
  );
  return { users: items as unknown as UserRecord[], next };
}

/** Ids of up to `limit` admins (sparse gsi2). The index is eventually consistent. */
export async function listAdminIds(limit: number): Promise<string[]> {
  const { items } = await queryItems(
    {
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.adminsPartition() },
      ProjectionExpression: '#id',
      ExpressionAttributeNames: { '#id': 'id' },
    },
    { limit },
  );
  return items.map((item) => String(item.id));
}
