/**
 * Stories benchmark (`npm run bench -- stories`): starts the local stack in this process on a temp folder, seeds
 * 1,000 stories (90% public) for four users straight through the data module, then times the read
 * paths over HTTP and counts the DynamoDB calls each request makes. Not part of `npm test`.
 *
 * Counting works because local mode runs the handlers in this process: the `dynamo` client imported
 * here is the same module instance the handlers use, so a middleware on it sees every call they make.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startLocalStack } from '../infra/local/stack.ts';
import { fmt, percentile, table } from './stats.ts';

/** Table sizes measured (`BENCH_STORIES=1000` for one): deep pages must cost the same at both. */
const SIZES = (process.env.BENCH_STORIES ?? '1000,10000').split(',').map((n) => Number.parseInt(n, 10));
const PUBLIC_SHARE = 0.9;
const REQUESTS = 200;
const WARMUP = 10;
/** Users and their share of the stories; `heavy` (40%) is the one whose dashboard is timed. */
const AUTHORS = [
  { name: 'heavy', share: 0.4 },
  { name: 'second', share: 0.2 },
  { name: 'third', share: 0.2 },
  { name: 'fourth', share: 0.2 },
];

const paragraph =
  'We spent the summer at the lake house, where Grandpa taught us to fish before sunrise and Grandma ' +
  'kept a pot of coffee on the stove all day. The dock creaked, the loons called, and every evening ' +
  'we played cards on the porch until the mosquitoes chased us inside. ';

export const name = 'stories';

export async function run(): Promise<void> {
  for (const size of SIZES) await runSize(size);
}

async function runSize(STORIES: number): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'storyloom-bench-'));
  const stack = await startLocalStack({ dataDir, port: 0, quiet: true, webDir: join(dataDir, 'web') });
  try {
    // Imported after the stack has set the environment the modules read at load time.
    const { dynamo } = await import('@storyloom/functions/lib/clients/dynamo');
    const data = await import('@storyloom/functions/data/stories');
    const { createUser } = await import('@storyloom/functions/domain/accounts/registration');

    const calls = { total: 0, byCommand: new Map<string, number>() };
    dynamo.middlewareStack.add(
      (next, context) => async (args) => {
        calls.total++;
        const name = context.commandName ?? 'unknown';
        calls.byCommand.set(name, (calls.byCommand.get(name) ?? 0) + 1);
        return next(args);
      },
      { step: 'initialize', name: 'benchCallCounter' },
    );

    console.log(`Seeding ${STORIES} stories for ${AUTHORS.length} users...`);
    const seedStart = performance.now();
    const users: Record<string, { id: string; username: string; password: string }> = {};
    for (const author of AUTHORS) {
      const username = `bench${author.name}${randomUUID().slice(0, 6)}`;
      const password = `pw-${randomUUID()}`;
      const user = await createUser({ username, email: `${username}@example.com`, password, emailVerified: true });
      users[author.name] = { id: user.id, username, password };
    }
    const base = Date.UTC(2024, 0, 1);
    let n = 0;
    const jobs: Array<() => Promise<void>> = [];
    for (const author of AUTHORS) {
      const user = users[author.name]!;
      for (let i = 0; i < author.share * STORIES; i++) {
        const k = n++;
        const at = new Date(base + k * 60_000).toISOString();
        jobs.push(() =>
          data.putNewStory({
            id: randomUUID(),
            authorId: user.id,
            authorUsername: user.username,
            title: `Story ${k}: the lake house`,
            content: paragraph.repeat(4 + (k % 5)),
            storyType: 'text',
            location: 'Lake Tahoe',
            startDate: '1988-07-01',
            endDate: '1988-07-14',
            createdAt: at,
            updatedAt: at,
            // Deterministic 90%: every tenth story stays private.
            isPublic: k % 10 < PUBLIC_SHARE * 10,
            allowComments: true,
          }),
        );
      }
    }
    // One at a time, as people publish: every public story also updates the page directory's root
    // (data/public-pages.ts), so parallel seeding would measure retries, not the app.
    for (const job of jobs) await job();
    const publicCount = await data.countPublicStories();
    console.log(`Seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s: ${publicCount} public.\n`);

    const heavy = users.heavy!;
    const login = await fetch(`${stack.url}/backend/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: heavy.username, password: heavy.password }),
    });
    const { token } = (await login.json()) as { token: string };
    const mine = await fetch(`${stack.url}/backend/api/stories`, { headers: { authorization: `Bearer ${token}` } });
    const own = (await mine.json()) as { stories: Array<{ ID: string; is_public: boolean }> };
    const someStory = own.stories.find((s) => s.is_public)!.ID;

    const lastPage = Math.ceil(publicCount / 10);
    const cases = [
      { label: 'GET /public/stories?page=1', path: '/public/stories?page=1&limit=10' },
      { label: 'GET /public/stories?page=2', path: '/public/stories?page=2&limit=10' },
      { label: 'GET /public/stories?page=50', path: '/public/stories?page=50&limit=10' },
      {
        label: `GET /public/stories?page=${Math.ceil(lastPage / 2)} (middle)`,
        path: `/public/stories?page=${Math.ceil(lastPage / 2)}&limit=10`,
      },
      { label: `GET /public/stories?page=${lastPage} (last)`, path: `/public/stories?page=${lastPage}&limit=10` },
      { label: 'GET /public/stories?limit=50', path: '/public/stories?page=1&limit=50' },
      { label: `GET /api/stories (${0.4 * STORIES} own)`, path: '/api/stories', token },
      { label: 'GET /api/stories/{id}', path: `/api/stories/${someStory}`, token },
      { label: `GET /public/author/{id} (${0.4 * STORIES})`, path: `/public/author/${heavy.id}` },
      { label: 'GET /shared/{id}', path: `/shared/${someStory}` },
    ];

    const rows: string[][] = [];
    for (const c of cases) {
      const times: number[] = [];
      const perRequest: number[] = [];
      let bytes = 0;
      for (let i = 0; i < WARMUP + REQUESTS; i++) {
        const before = calls.total;
        const start = performance.now();
        const res = await fetch(`${stack.url}/backend${c.path}`, {
          headers: c.token ? { authorization: `Bearer ${c.token}` } : {},
        });
        const body = await res.arrayBuffer();
        const elapsed = performance.now() - start;
        if (res.status !== 200) throw new Error(`${c.label}: ${res.status} ${Buffer.from(body).toString()}`);
        if (i < WARMUP) continue;
        times.push(elapsed);
        perRequest.push(calls.total - before);
        bytes = body.byteLength;
      }
      rows.push([
        c.label,
        fmt(percentile(times, 50)),
        fmt(percentile(times, 95)),
        range(perRequest),
        `${(bytes / 1024).toFixed(1)} KB`,
      ]);
    }

    // The alternative to the counter: counting the sparse index on every list request.
    const { queryItems } = await import('@storyloom/functions/data/query');
    const { keys } = await import('@storyloom/functions/data/keys');
    const before = calls.total;
    const start = performance.now();
    const { count: recounted } = await queryItems({
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.publicStoriesPartition() },
      Select: 'COUNT',
    });
    const countMs = performance.now() - start;
    const countCalls = calls.total - before;

    console.log(
      [
        `${STORIES} stories (${publicCount} public):`,
        table(['request', 'p50 ms', 'p95 ms', 'DynamoDB calls', 'response'], rows),
        '',
        `${REQUESTS} requests each after ${WARMUP} warm-up, sequential, local stand-ins (dynalite) in one process.`,
        "DynamoDB calls include the authorizer's user-record read on /api routes.",
        `Select COUNT over the sparse public index instead of the counter: ${countCalls} Query call(s), ` +
          `${countMs.toFixed(1)} ms for ${recounted} public stories (the counter: 1 GetItem, in parallel with the page).`,
      ].join('\n'),
    );
  } finally {
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function range(values: number[]): string {
  const min = Math.min(...values);
  const max = Math.max(...values);
  return min === max ? String(min) : `${min}–${max}`;
}
