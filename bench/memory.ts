/**
 * Local server memory (`npm run bench -- memory`): starts `npm start`'s entry in a child process on a
 * fresh data folder (the process a user runs, with every stand-in and the workers in it), seeds a
 * family's worth of stories, then sends 10,000 requests, eight at a time, in the mix a family's use
 * makes (below) and reads the child's RSS from /proc before and after. Target: RSS after ≤ 1.5 × RSS
 * at start (docs/platform.md, "Local memory").
 *
 * The server runs with the node flags of package.json's `start` script and also loads
 * bench/memory-probe.ts, which answers over IPC with V8's and the allocator's figures: every 1,000
 * requests (as they are, no forced GC), and at start and end after a forced full GC (at the end only
 * after the RSS the target is judged on has been read). That splits growth into what JavaScript still
 * holds (heap used after GC), what V8 keeps in RAM (its heap, and pages it pools that no heap statistic
 * counts), Buffers (external) and the C allocator (malloc). BENCH_SNAPSHOTS=1 writes heap snapshots at
 * start and end (open both in Chrome DevTools, Memory, "Comparison"); writing one takes ~150 MB of
 * malloc by itself, so the RSS figures of such a run are not comparable.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ProbeReply, ProbeRequest } from './memory-probe.ts';
import { fmt, percentile, table } from './stats.ts';

export const name = 'memory';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const root = fileURLToPath(new URL('..', import.meta.url));

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

export async function startServer(env: Record<string, string> = {}, opts: { probe?: boolean } = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'storyloom-bench-mem-'));
  // The same entry and flags as `npm start` (package.json), plus the probe when asked for.
  const probe = opts.probe ? ['--expose-gc', '--import', './bench/memory-probe.ts'] : [];
  const child = spawn(process.execPath, [...(await startFlags()), ...probe, 'infra/local/start.ts'], {
    cwd: root,
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit', ...(opts.probe ? (['ipc'] as const) : [])],
  });
  const ready = new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`local server exited (${code}) before it was ready:\n${out}`)));
  });
  const url = await ready.catch(async (error: unknown) => {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  });
  return {
    url,
    pid: child.pid!,
    child,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The node flags of package.json's `start` script (`node <flags> infra/local/start.ts`). */
async function startFlags(): Promise<string[]> {
  const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const m = /^node\s+(.*?)\s*infra\/local\/start\.ts$/.exec(pkg.scripts.start.trim());
  if (!m)
    throw new Error(`package.json's start script is not \`node <flags> infra/local/start.ts\`: ${pkg.scripts.start}`);
  return m[1]!.split(/\s+/).filter(Boolean);
}

let probeSeq = 0;
function probe(child: ChildProcess, ask: Omit<ProbeRequest, 'probe'> = {}): Promise<ProbeReply> {
  const id = ++probeSeq;
  return new Promise((resolve, reject) => {
    const onMessage = (msg: ProbeReply) => {
      if (msg?.probe !== id) return;
      child.off('message', onMessage);
      resolve(msg);
    };
    child.on('message', onMessage);
    if (!child.send({ probe: id, ...ask })) reject(new Error('the local server has no IPC channel'));
  });
}

async function json(res: Response) {
  const text = await res.text();
  return text ? JSON.parse(text) : undefined;
}

/** A verified user with a token, through the API and the local mailbox like a person would. */
async function signedInUser(url: string): Promise<string> {
  const username = `bench${Date.now().toString(36)}`;
  const email = `${username}@example.com`;
  const password = 'bench-password-1';
  const post = (path: string, body: unknown) =>
    fetch(`${url}/backend${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post('/register', { username, email, password });
  for (let i = 0; i < 100; i++) {
    const mails = (await json(await fetch(`${url}/_local/mailbox.json`))) as Array<{
      to: string[] | string;
      text?: string;
    }>;
    const mail = mails.find((m) => String(m.to).includes(email));
    const token = mail?.text && /token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    if (token) {
      await fetch(`${url}/backend/verify-email?token=${token}`);
      const login = (await json(await post('/login', { username, password }))) as { token: string };
      return login.token;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no verification mail arrived');
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

/** One row of a memory table (MB). */
function row(label: string, p: ProbeReply): string[] {
  const r = p.resident;
  return [
    label,
    mb(p.rss),
    mb(p.heapUsed),
    mb(p.heapTotal),
    mb(p.youngGen),
    mb(p.v8Physical),
    mb(r['v8-pages']),
    mb(p.external),
    mb(r.malloc),
    mb(r['other-anon']),
    mb(r.files),
  ];
}
const header = [
  'requests',
  'RSS',
  'heap used',
  'heap total',
  'young gen',
  'V8 heap in RAM',
  'V8 pages resident',
  'external',
  'malloc',
  'other anon',
  'files',
];

export async function run(): Promise<void> {
  const server = await startServer({ SKIP_WEB_BUILD: process.env.SKIP_WEB_BUILD ?? '0' }, { probe: true });
  const snapshots = process.env.BENCH_SNAPSHOTS === '1';
  try {
    const { url } = server;
    const token = await signedInUser(url);
    const auth = { authorization: `Bearer ${token}` };
    const jsonHeaders = { ...auth, 'content-type': 'application/json' };
    const profile = (await json(await fetch(`${url}/backend/api/profile`, { headers: auth }))) as { id: string };
    const stories: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${url}/backend/api/stories`, {
        method: 'POST',
        headers: jsonHeaders,
        body: JSON.stringify({
          title: `Bench story ${i}`,
          content: 'We spent the summer at the lake house. '.repeat(40),
        }),
      });
      const story = (await json(res)) as { ID: string };
      stories.push(story.ID);
      await fetch(`${url}/backend/api/stories/${story.ID}/privacy`, {
        method: 'PUT',
        headers: jsonHeaders,
        body: JSON.stringify({ is_public: true, allow_comments: true }),
      });
    }
    const html = await (await fetch(`${url}/`)).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? '/';
    const story = (n: number) => stories[n % stories.length]!;
    // A family's use: mostly reading (their own stories, the public list, an author page, comments),
    // some writing (editing a story, commenting), the app's pages and scripts, the odd wrong password.
    const allCalls: Array<(n: number) => Promise<Response>> = [
      () => fetch(`${url}/backend/public/stories?page=1&limit=10`),
      () => fetch(`${url}/backend/api/stories`, { headers: auth }),
      (n) => fetch(`${url}/backend/api/stories/${story(n)}`, { headers: auth }),
      () => fetch(`${url}/backend/api/profile`, { headers: auth }),
      () => fetch(`${url}/backend/public/author/${profile.id}`),
      (n) => fetch(`${url}/backend/api/stories/${story(n)}/comments`, { headers: auth }),
      (n) =>
        fetch(`${url}/backend/api/stories/${story(n)}`, {
          method: 'PUT',
          headers: jsonHeaders,
          body: JSON.stringify({
            title: `Bench story ${n % 5}`,
            content: `Edited ${n}. ${'At the lake. '.repeat(60)}`,
          }),
        }),
      (n) =>
        fetch(`${url}/backend/api/stories/${story(n)}/comments`, {
          method: 'POST',
          headers: jsonHeaders,
          body: JSON.stringify({ text: `Lovely, ${n}` }),
        }),
      () => fetch(`${url}/`),
      () => fetch(`${url}${script}`),
      () => fetch(`${url}/stories`),
      () => fetch(`${url}/backend/public/stories?page=2&limit=10`),
      () => fetch(`${url}/backend/api/shared-with-me`, { headers: auth }),
      () => fetch(`${url}/backend/public/author/00000000-0000-4000-8000-000000000000`),
      () =>
        fetch(`${url}/backend/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'nobody', password: 'wrong-password' }),
        }),
      (n) => fetch(`${url}/backend/api/stories/${story(n + 2)}`, { headers: auth }),
    ];
    // BENCH_MIX=0,4 keeps only those calls (to find which path grows memory).
    const picked = process.env.BENCH_MIX?.split(',').map(Number);
    const mix = picked ? allCalls.filter((_, i) => picked.includes(i)) : allCalls;
    // Warm up every path once (module loading, first compressions), then measure.
    for (const call of mix) await (await call(0)).arrayBuffer();
    // What is held at start, after a forced full GC; then RSS at start is read (so it is, if anything,
    // lower than the server's own figure would be, and the ratio stricter).
    const startGc = await probe(server.child, {
      gc: true,
      snapshot: snapshots ? join(tmpdir(), `storyloom-start-${server.pid}.heapsnapshot`) : undefined,
    });
    const before = await rssMb(server.pid);
    const rows: string[][] = [row('0', await probe(server.child))];
    const started = performance.now();
    let next = 0;
    const statuses = new Map<number, number>();
    const latencies: number[] = [];
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < REQUESTS) {
          const n = next++;
          if (n > 0 && n % 1000 === 0) rows.push(row(String(n), await probe(server.child)));
          const sent = performance.now();
          const res = await mix[n % mix.length]!(n);
          await res.arrayBuffer();
          latencies.push(performance.now() - sent);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const after = await rssMb(server.pid);
    rows.push(row(String(REQUESTS), await probe(server.child)));
    const endGc = await probe(server.child, {
      gc: true,
      snapshot: snapshots ? join(tmpdir(), `storyloom-end-${server.pid}.heapsnapshot`) : undefined,
    });
    const ratio = after / before;
    console.log(
      [
        `Local server RSS: ${before.toFixed(0)} MB at start (after warm-up), ${after.toFixed(0)} MB after ${REQUESTS.toLocaleString('en-US')} requests`,
        `  ratio ${ratio.toFixed(2)} (target ≤ 1.5) ${ratio <= 1.5 ? 'OK' : 'OVER'}; ${(REQUESTS / seconds).toFixed(0)} requests/s, latency p50 ${fmt(percentile(latencies, 50))} ms, p95 ${fmt(percentile(latencies, 95))} ms (${CONCURRENCY} at a time); statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`,
        '',
        'MB, as the process runs (no forced GC):',
        table(header, rows),
        '',
        'MB after a forced full GC (what is still held):',
        table(header, [row('start', startGc), row('end', endGc)]),
        ...(snapshots
          ? ['', `Heap snapshots: ${startGc.snapshot}, ${endGc.snapshot} (writing them inflated the RSS figures above)`]
          : []),
      ].join('\n'),
    );
  } finally {
    await server.stop();
  }
}
