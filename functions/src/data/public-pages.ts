import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/clients/dynamo.ts';
import { config } from '../lib/config.ts';
import { intEnv } from '../lib/env.ts';
import { isConditionFailure } from './items.ts';
import { keys } from './keys.ts';
import { queryAll, type StartKey } from './query.ts';

/**
 * Page anchors of the public list (docs/stories.md, "Deep pages"): `GET /public/stories?page=N` finds
 * where page N starts in a fixed number of calls, however many stories come before it.
 *
 * The sort keys of the public index (gsi2sk, `<createdAt>#<storyId>`, newest first) are kept in a
 * directory: a root item lists leaves in order, each with the lowest key it covers and how many keys it
 * holds; a leaf item holds up to LEAF_MAX keys (200, about 13 KB; `PUBLIC_PAGES_LEAF_MAX` makes it smaller
 * so tests reach splits with few stories). Position o is found by reading the root (one GetItem),
 * walking the counts, reading one leaf (one GetItem), and starting the index Query after that key
 * (one Query): three calls for any page, against reading every entry before it.
 *
 * DynamoDB Local stand-ins have no transactions, so changes are copy-on-write with the root as the one
 * commit point: a change writes new leaf items (fresh ids; leaves never change once written), then
 * updates the root on its version. A writer that loses the race deletes what it wrote and retries; the
 * winner deletes the leaf it replaced (a reader holding the old root then pages the slower way once).
 *
 * Kept next to the public-story counter by the same write paths (data/stories.ts). A table that had
 * public stories before the directory existed has none (`complete` unset): reads then skip entries the
 * old way until `rebuildPublicPages` (run by `recountPublicStories`, and at local start) builds it.
 */
export const LEAF_MAX = Math.max(4, intEnv('PUBLIC_PAGES_LEAF_MAX', 200));
const LEAF_SPLIT = Math.floor(LEAF_MAX / 2);

interface LeafRef {
  id: string;
  /** The lowest key this leaf covers (inclusive); '' for the last leaf. Leaves are in descending order. */
  low: string;
  n: number;
}
interface Root {
  version: number;
  complete: boolean;
  leaves: LeafRef[];
}

const table = () => config.tableName;

async function readRoot(consistent: boolean): Promise<Root | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: table(), Key: keys.publicPagesRoot(), ConsistentRead: consistent }),
  );
  if (!Item) return undefined;
  return { version: Number(Item.version), complete: Item.complete === true, leaves: Item.leaves as LeafRef[] };
}

async function readLeaf(id: string): Promise<string[] | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: table(), Key: keys.publicPagesLeaf(id), ConsistentRead: true }),
  );
  return Item ? (Item.keys as string[]) : undefined;
}

async function writeLeaf(sortKeys: string[]): Promise<string> {
  const id = randomUUID();
  await dynamo.send(
    new PutCommand({
      TableName: table(),
      Item: { ...keys.publicPagesLeaf(id), type: 'PublicPagesLeaf', keys: sortKeys },
    }),
  );
  return id;
}

/**
 * Deletes leaves no root names any more (best effort). Deleted at once, not left to expire: a leaf holds
 * story ids, and a deleted story must leave nothing behind (docs/stories.md). A reader still holding
 * the old root then finds no leaf and pages that one request the slower way.
 */
async function retire(ids: readonly string[]): Promise<void> {
  await Promise.all(
    ids.map((id) =>
      dynamo.send(new DeleteCommand({ TableName: table(), Key: keys.publicPagesLeaf(id) })).catch(() => undefined),
    ),
  );
}

/** Commits a new root if nobody else did since `version` was read; false when the race was lost. */
async function commitRoot(previous: Root | undefined, leaves: LeafRef[], complete: boolean): Promise<boolean> {
  try {
    await dynamo.send(
      new PutCommand({
        TableName: table(),
        Item: {
          ...keys.publicPagesRoot(),
          type: 'PublicPagesRoot',
          version: (previous?.version ?? 0) + 1,
          complete,
          leaves,
        },
        ConditionExpression: previous ? 'version = :v' : 'attribute_not_exists(pk)',
        ExpressionAttributeValues: previous ? { ':v': previous.version } : undefined,
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

const leafFor = (leaves: LeafRef[], sortKey: string) => leaves.findIndex((leaf) => leaf.low <= sortKey);

/**
 * Adds (`+1`) or removes (`-1`) one public story's index key. Called after the story's own write
 * succeeded, once per real change (the same rule as the counter). `publicCountBefore` decides whether a
 * missing directory may start now: only on a table with no public story yet, so it is complete.
 */
export async function changePublicPages(
  delta: 1 | -1,
  sortKey: string,
  publicCountBefore: () => Promise<number>,
): Promise<void> {
  for (let attempt = 0; attempt < 30; attempt++) {
    // Lost the race to another change: back off (exponential, with jitter) so racing writers spread out.
    if (attempt > 0) await new Promise((r) => setTimeout(r, Math.random() * Math.min(500, 5 * 2 ** attempt)));
    let root = await readRoot(true);
    if (!root) {
      if (delta < 0 || (await publicCountBefore()) > 0) return; // an older table: rebuildPublicPages makes it
      root = undefined;
    }
    const leaves = root ? root.leaves.map((l) => ({ ...l })) : [{ id: '', low: '', n: 0 }];
    const i = leafFor(leaves, sortKey);
    const ref = leaves[i]!;
    const current = ref.id ? await readLeaf(ref.id) : [];
    if (!current) continue; // a leaf of a root that was just replaced: read again
    const present = current.includes(sortKey);
    if (delta > 0 === present) return; // already in (or already out): nothing to do
    const next = delta > 0 ? [...current, sortKey].sort().reverse() : current.filter((k) => k !== sortKey);
    const written: string[] = [];
    if (next.length > LEAF_MAX) {
      const upper = next.slice(0, LEAF_SPLIT);
      const lower = next.slice(LEAF_SPLIT);
      const [upperId, lowerId] = await Promise.all([writeLeaf(upper), writeLeaf(lower)]);
      written.push(upperId, lowerId);
      leaves.splice(
        i,
        1,
        { id: upperId, low: upper[upper.length - 1]!, n: upper.length },
        {
          id: lowerId,
          low: ref.low,
          n: lower.length,
        },
      );
    } else if (next.length === 0 && leaves.length > 1 && i < leaves.length - 1) {
      // An empty leaf goes; the next (older) one now reaches up to the previous leaf's low.
      leaves.splice(i, 1);
    } else {
      const id = await writeLeaf(next);
      written.push(id);
      leaves[i] = { id, low: ref.low, n: next.length };
    }
    if (await commitRoot(root, leaves, root?.complete ?? true)) {
      if (ref.id) await retire([ref.id]);
      return;
    }
    await retire(written);
  }
  throw new Error('The public page directory stayed contended for 30 attempts');
}

/**
 * Marks the directory incomplete after a change could not be recorded (the story itself changed): reads
 * then skip entries the old way, correct but slower, until `rebuildPublicPages` runs.
 */
export async function markPublicPagesIncomplete(): Promise<void> {
  await dynamo
    .send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.publicPagesRoot(),
        UpdateExpression: 'SET complete = :false, version = version + :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':false': false, ':one': 1 },
      }),
    )
    .catch(() => undefined);
}

/**
 * Where the public list continues after its first `offset` entries (the exclusive start key of the
 * index Query), from the directory: two GetItems. Undefined when the directory cannot say (none yet, or
 * a leaf just replaced): the caller then skips entries the old way. `null` when the list is shorter.
 */
export async function publicStartKey(offset: number): Promise<StartKey | null | undefined> {
  const root = await readRoot(false);
  if (!root?.complete) return undefined;
  let before = 0;
  for (const leaf of root.leaves) {
    if (offset - 1 < before + leaf.n) {
      const sortKeys = await readLeaf(leaf.id);
      const sortKey = sortKeys?.[offset - 1 - before];
      if (!sortKey) return undefined;
      const storyId = sortKey.slice(sortKey.lastIndexOf('#') + 1);
      return {
        ...keys.story(storyId),
        ...keys.publicStoriesIndex(sortKey.slice(0, sortKey.lastIndexOf('#')), storyId),
      };
    }
    before += leaf.n;
  }
  return null;
}

/**
 * Maintenance: builds the directory from the public index (reads every entry's key: an operator's
 * tool and the local start's, never a request path). Returns the number of keys.
 */
export async function rebuildPublicPages(): Promise<number> {
  const items = await queryAll({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.publicStoriesPartition() },
    ProjectionExpression: 'gsi2sk',
    ScanIndexForward: false,
  });
  const sortKeys = items.map((item) => String(item.gsi2sk));
  const leaves: LeafRef[] = [];
  for (let i = 0; i < sortKeys.length || leaves.length === 0; i += LEAF_SPLIT) {
    const part = sortKeys.slice(i, i + LEAF_SPLIT);
    const last = i + LEAF_SPLIT >= sortKeys.length;
    leaves.push({ id: await writeLeaf(part), low: last ? '' : part[part.length - 1]!, n: part.length });
  }
  const previous = await readRoot(true);
  if (!(await commitRoot(previous, leaves, true)))
    throw new Error('The public page directory changed during the rebuild: run it again');
  if (previous) await retire(previous.leaves.map((l) => l.id));
  return sortKeys.length;
}

/** True when the directory exists and covers every public story. */
export async function publicPagesReady(): Promise<boolean> {
  return (await readRoot(true))?.complete === true;
}
