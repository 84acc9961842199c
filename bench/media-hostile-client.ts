/**
 * The hostile-file client of `npm run bench -- media`, in a process of its own so the server's RSS
 * (the bench process) is not the client's copies of the files: sends every file through every route
 * and prints one JSON line per answer. Arguments: base URL, token.
 */
import { hostileFiles } from '../test/support/hostile-media.ts';
import { backendFor, sendEverywhere } from '../test/support/hostile-routes.ts';

const [baseUrl, token] = process.argv.slice(2) as [string, string];
const backend = backendFor(baseUrl, token);
const files = await hostileFiles();
// Warm-up (not reported): the routes, music-metadata, the decoders and a worker thread load once.
for (const file of files.slice(0, 3)) await sendEverywhere(backend, file);
console.log(JSON.stringify({ ready: true }));
for (const file of files) {
  for (const answer of await sendEverywhere(backend, file))
    console.log(JSON.stringify({ name: file.name, size: file.bytes.length, ...answer }));
}
