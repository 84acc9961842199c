import { createRequire } from 'node:module';

/**
 * Closes the LevelDB iterators dynalite opens for every Query and Scan (docs/platform.md, "Local
 * memory"). dynalite 4 turns each one into a stream whose destroy() calls `iterator.return()`, but
 * abstract-level 3 iterators have `close()` and no `return()`: no iterator was ever closed. Each stayed
 * attached to the database (abstract-level keeps open resources in a set until the database closes) and
 * held its native LevelDB iterator and snapshot, so local mode grew by 110–200 MB per 1,000 requests.
 * Giving the iterator classes the `return()` the stream expects closes them when the stream ends or is
 * cut short. dynalite is pinned to an exact version in infra/package.json for this.
 */
const require = createRequire(import.meta.url);

interface IteratorClass {
  prototype: { close(): Promise<void>; return?: () => Promise<{ done: true; value: undefined }> };
}

/** abstract-level as dynalite's storage reaches it: dynalite → level → classic-level / memory-level. */
function abstractLevelCopies(): Array<Record<string, unknown>> {
  const fromDynalite = createRequire(require.resolve('dynalite'));
  const fromLevel = createRequire(fromDynalite.resolve('level'));
  const copies = new Map<string, Record<string, unknown>>();
  for (const store of [fromLevel.resolve('classic-level'), fromDynalite.resolve('memory-level')]) {
    const path = createRequire(store).resolve('abstract-level');
    copies.set(path, createRequire(store)('abstract-level') as Record<string, unknown>);
  }
  return [...copies.values()];
}

let patched = false;

/** Idempotent; call before the first Query reaches dynalite. */
export function closeDynaliteIterators(): void {
  if (patched) return;
  patched = true;
  for (const level of abstractLevelCopies()) {
    for (const name of ['AbstractIterator', 'AbstractKeyIterator', 'AbstractValueIterator']) {
      const cls = level[name] as IteratorClass | undefined;
      if (!cls || typeof cls.prototype.return === 'function') continue;
      cls.prototype.return = async function (this: { close(): Promise<void> }) {
        await this.close();
        return { done: true, value: undefined };
      };
    }
  }
}
