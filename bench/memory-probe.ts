/**
 * Loaded into the local server by `npm run bench -- memory` (`--import`, with `--expose-gc`): answers
 * the bench over the IPC channel with the process's memory figures, after a forced full GC when asked,
 * and writes a heap snapshot when asked. It only reads; the server runs as `npm start` runs it.
 */
import { readFileSync } from 'node:fs';
import { getHeapSpaceStatistics, getHeapStatistics, writeHeapSnapshot } from 'node:v8';

export interface ProbeRequest {
  probe: number;
  gc?: boolean;
  snapshot?: string;
}

export interface ProbeReply {
  probe: number;
  /** process.memoryUsage() */
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  /** Young generation capacity (both semi-spaces). */
  youngGen: number;
  /** V8's heap pages in RAM as V8 counts them (getHeapStatistics().total_physical_size). */
  v8Physical: number;
  /** Resident bytes by kind of mapping (/proc/self/smaps), see `kindOf`. */
  resident: Record<MappingKind, number>;
  snapshot?: string;
}

/**
 * 'v8-pages': anonymous 256 KB mappings, V8's regular heap pages, including pages V8 keeps in its page
 * pool after a GC (counted by no heap statistic). 'malloc': the main arena ([heap]) and thread arenas
 * (anonymous, 64 MB-aligned). 'other-anon': everything else anonymous (large objects, code, stacks,
 * native add-ons' mmaps). 'files': the node binary, shared libraries, add-ons.
 */
export type MappingKind = 'v8-pages' | 'malloc' | 'other-anon' | 'files';

const ARENA_ALIGN = 64n << 20n;

function kindOf(start: bigint, end: bigint, name: string): MappingKind {
  if (name === '[heap]') return 'malloc';
  if (name !== '' && !name.startsWith('[anon')) return name.startsWith('[') ? 'other-anon' : 'files';
  if (end - start === 256n * 1024n) return 'v8-pages';
  if (start % ARENA_ALIGN === 0n && start >= 0x7f0000000000n) return 'malloc';
  return 'other-anon';
}

function residentByKind(): Record<MappingKind, number> {
  const out: Record<MappingKind, number> = { 'v8-pages': 0, malloc: 0, 'other-anon': 0, files: 0 };
  let kind: MappingKind = 'other-anon';
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+)\s+\S+\s+\S+\s+\S+\s+\S+\s*(.*)$/.exec(line);
    if (head) {
      kind = kindOf(BigInt(`0x${head[1]}`), BigInt(`0x${head[2]}`), head[3]!.trim());
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) out[kind] += Number(rss[1]) * 1024;
  }
  return out;
}

if (process.send) {
  process.on('message', (msg: ProbeRequest) => {
    if (typeof msg?.probe !== 'number') return;
    const gc = (globalThis as { gc?: () => void }).gc;
    if (msg.gc && gc) {
      gc();
      gc();
    }
    const snapshot = msg.snapshot ? writeHeapSnapshot(msg.snapshot) : undefined;
    const reply: ProbeReply = {
      probe: msg.probe,
      ...process.memoryUsage(),
      youngGen: getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0,
      v8Physical: getHeapStatistics().total_physical_size,
      resident: residentByKind(),
      snapshot,
    };
    process.send?.(reply);
  });
  // The IPC channel alone must not keep the server running.
  process.channel?.unref();
}
