import { randomBytes } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { KeepsakeKind, KeepsakeStatus } from '@storyloom/shared/keepsake';
import { dynamo } from '../lib/clients/dynamo.ts';
import { config } from '../lib/config.ts';
import { isConditionFailure } from './items.ts';
import { keys } from './keys.ts';
import { queryItems } from './query.ts';
import { buildUpdate, jobCondition } from './update.ts';

/**
 * Keepsake build records (docs/keepsake.md, "Builds"): one item per build in the owner's partition
 * (`USER#<id>` / `KEEPSAKE#<kind>#<buildId>`), so an account deletion removes them with the rest of the
 * partition; the result object lives under the owner's media prefix (keepsakeMedia), removed the same way.
 */
export interface KeepsakeBuild {
  id: string;
  ownerId: string;
  kind: KeepsakeKind;
  status: KeepsakeStatus;
  progress: { done: number; total: number; step: string };
  /** What the kind's builder was asked for (the book's chosen stories, page size…); checked when started. */
  options?: Record<string, unknown>;
  /** The result in the media bucket, its download name and size (done builds). */
  resultKey?: string;
  fileName?: string;
  sizeBytes?: number;
  error?: string;
  attempts: number;
  createdAt: string;
  updatedAt: string;
  startedAt?: string;
  finishedAt?: string;
  /** Until when a done build may be downloaded. */
  expiresAt?: string;
  /** While queued or running: when the build counts as abandoned (its worker died, its message was lost). */
  leaseUntil?: string;
  /** The daily-cap slot this build holds (given back when it fails for good). */
  rateSlot?: { pk: string; sk: string };
}

const table = () => config.tableName;

/** Build ids sort by start time: 9 base-36 digits of epoch ms, then 64 random bits (KEEPSAKE_BUILD_ID_PATTERN). */
export const newBuildId = (now = Date.now()): string =>
  `${now.toString(36).padStart(9, '0')}${randomBytes(8).toString('hex')}`;

/** Media keys of keepsake results: each build's own folder under the owner's prefix (private to the owner). */
export const keepsakeMedia = {
  buildPrefix: (ownerId: string, buildId: string) => `users/${ownerId}/keepsake/${buildId}/`,
  result: (ownerId: string, buildId: string, fileName: string) => `users/${ownerId}/keepsake/${buildId}/${fileName}`,
  allPrefix: (ownerId: string) => `users/${ownerId}/keepsake/`,
} as const;

/**
 * Results are tagged so the bucket removes them after two days (infra data-store: lifecycle days count from
 * midnight UTC, so two keep every 24-hour link working); the record's expiresAt is what the API enforces.
 */
export const KEEPSAKE_RESULT_TAG = { key: 'storyloom-expires', value: 'keepsake' } as const;
export const keepsakeResultTagging = `${KEEPSAKE_RESULT_TAG.key}=${KEEPSAKE_RESULT_TAG.value}`;

function toBuild(item: Record<string, unknown>): KeepsakeBuild {
  const { pk: _pk, sk: _sk, type: _type, ...build } = item;
  return build as unknown as KeepsakeBuild;
}

/** Stores a new build; false if one with its id exists already. */
export async function putBuild(build: KeepsakeBuild): Promise<boolean> {
  try {
    await dynamo.send(
      new PutCommand({
        TableName: table(),
        Item: { ...keys.keepsakeBuild(build.ownerId, build.kind, build.id), type: 'KeepsakeBuild', ...build },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** One build of an owner by kind and id. */
export async function getBuild(
  ownerId: string,
  kind: KeepsakeKind,
  buildId: string,
): Promise<KeepsakeBuild | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: table(), Key: keys.keepsakeBuild(ownerId, kind, buildId), ConsistentRead: true }),
  );
  return Item ? toBuild(Item) : undefined;
}

/** The owner's builds of a kind, newest first (a handful: old ones are only records, their objects are removed). */
export async function listBuilds(ownerId: string, kind: KeepsakeKind, limit?: number): Promise<KeepsakeBuild[]> {
  const { items } = await queryItems(
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': keys.userPartition(ownerId),
        ':prefix': keys.keepsakeBuildPrefix(kind),
      },
      ScanIndexForward: false,
      ConsistentRead: true,
    },
    { limit },
  );
  return items.map(toBuild);
}

/** The owner's newest build of a kind. */
export async function latestBuild(ownerId: string, kind: KeepsakeKind): Promise<KeepsakeBuild | undefined> {
  return (await listBuilds(ownerId, kind, 1))[0];
}

/**
 * Changes a build, only if it exists and (when given) is in one of `fromStatus` and its lease ran out
 * before `leaseExpiredBefore`. Returns the record as it is now, or undefined when the condition failed.
 */
export async function updateBuild(
  ref: Pick<KeepsakeBuild, 'ownerId' | 'kind' | 'id'>,
  fields: Partial<Omit<KeepsakeBuild, 'id' | 'ownerId' | 'kind' | 'createdAt'>>,
  opts: { fromStatus?: readonly KeepsakeStatus[]; leaseExpiredBefore?: string; addAttempt?: boolean } = {},
): Promise<KeepsakeBuild | undefined> {
  const guard = jobCondition({ condition: 'attribute_exists(#pk)', names: { '#pk': 'pk' } }, 'status', opts);
  try {
    const { Attributes } = await dynamo.send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.keepsakeBuild(ref.ownerId, ref.kind, ref.id),
        ...buildUpdate({
          set: { updatedAt: new Date().toISOString(), ...fields },
          add: opts.addAttempt ? { attempts: 1 } : undefined,
          ...guard,
        }),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? toBuild(Attributes) : undefined;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}
