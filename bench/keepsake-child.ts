/**
 * One keepsake build in a fresh process (so its peak memory is its own), against the stand-ins the
 * parent started (their endpoints come in the environment): runs the kind's builder as the media worker
 * does and prints one JSON line with the wall time, the result's size and the process's peak RSS.
 */

import { keepsakeMedia, newBuildId } from '../functions/src/data/keepsake-builds.ts';
import { keepsakeBuilders } from '../functions/src/domain/keepsake/builders.ts';
import type { KeepsakeKind } from '../shared/src/keepsake.ts';

const [kind, ownerId, optionsJson] = process.argv.slice(2) as [KeepsakeKind, string, string | undefined];
const builder = keepsakeBuilders[kind];
if (!builder) {
  console.log(JSON.stringify({ unavailable: true }));
  process.exit(0);
}
const now = new Date().toISOString();
const build = {
  id: newBuildId(),
  ownerId,
  kind,
  status: 'running' as const,
  progress: { done: 0, total: 0, step: '' },
  options: optionsJson ? JSON.parse(optionsJson) : undefined,
  attempts: 1,
  createdAt: now,
  updatedAt: now,
};
let steps = 0;
// What the process holds before building (Node, tsx, the AWS SDK and the builders' modules): the build's own share is the rest.
const baseRssMb = process.memoryUsage().rss / 1024 / 1024;
const started = performance.now();
const result = await builder({
  build,
  signal: new AbortController().signal,
  resultKey: (fileName) => keepsakeMedia.result(ownerId, build.id, fileName),
  progress: async () => {
    steps++;
  },
});
console.log(
  JSON.stringify({
    ms: performance.now() - started,
    bytes: result.sizeBytes,
    key: result.key,
    progressReports: steps,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    baseRssMb,
  }),
);
