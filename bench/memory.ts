/**
 * Local server memory (`npm run bench -- memory`): starts `npm start`'s entry in a child process on a
 * fresh data folder, seeds a few public stories, then sends 10,000 mixed requests (API reads, a
 * signed-in list, failed logins, static files) eight at a time and reads the child's RSS from
 * /proc before and after. Target: RSS after ≤ 1.5 × RSS at start (docs/platform.md, "Benchmarks").
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const name = 'memory';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const root = fileURLToPath(new URL('..', import.meta.url));

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

export async function startServer(env: Record<string, string> = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'storyloom-bench-mem-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts'], {
    cwd: root,
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`local server exited (${code}) before it was ready:\n${out}`)));
  });
  return {
    url,
    pid: child.pid!,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
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

export async function run(): Promise<void> {
  const server = await startServer({ SKIP_WEB_BUILD: process.env.SKIP_WEB_BUILD ?? '0' });
  try {
    const { url } = server;
    const token = await signedInUser(url);
    const auth = { authorization: `Bearer ${token}` };
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${url}/backend/api/stories`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          title: `Bench story ${i}`,
          content: 'We spent the summer at the lake house. '.repeat(40),
        }),
      });
      const story = (await json(res)) as { ID: string };
      await fetch(`${url}/backend/api/stories/${story.ID}/privacy`, {
        method: 'PUT',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ is_public: true, allow_comments: true }),
      });
    }
    const html = await (await fetch(`${url}/`)).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? '/';
    const allCalls: Array<() => Promise<Response>> = [
      () => fetch(`${url}/backend/public/stories?page=1&limit=10`),
      () => fetch(`${url}/backend/api/stories`, { headers: auth }),
      () => fetch(`${url}/backend/public/author/00000000-0000-4000-8000-000000000000`),
      () =>
        fetch(`${url}/backend/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'nobody', password: 'wrong-password' }),
        }),
      () => fetch(`${url}/`),
      () => fetch(`${url}${script}`),
      () => fetch(`${url}/stories`),
      () => fetch(`${url}/backend/public/stories?page=2&limit=10`),
    ];
    // BENCH_MIX=0,4 keeps only those calls (to find which path grows memory).
    const picked = process.env.BENCH_MIX?.split(',').map(Number);
    const mix = picked ? allCalls.filter((_, i) => picked.includes(i)) : allCalls;
    // Warm up every path once (module loading, first compressions), then measure.
    for (const call of mix) await (await call()).arrayBuffer();
    const before = await rssMb(server.pid);
    const started = performance.now();
    let next = 0;
    const statuses = new Map<number, number>();
    const checkpoints: string[] = [];
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < REQUESTS) {
          const n = next++;
          if (n > 0 && n % 2000 === 0) checkpoints.push(`${n}: ${(await rssMb(server.pid)).toFixed(0)} MB`);
          const call = mix[n % mix.length]!;
          const res = await call();
          await res.arrayBuffer();
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const after = await rssMb(server.pid);
    const ratio = after / before;
    console.log(
      [
        `Local server RSS: ${before.toFixed(0)} MB at start (after warm-up), ${after.toFixed(0)} MB after ${REQUESTS.toLocaleString('en-US')} requests`,
        `  on the way: ${checkpoints.join(', ')}`,
        `  ratio ${ratio.toFixed(2)} (target ≤ 1.5) ${ratio <= 1.5 ? 'OK' : 'OVER'}; ${(REQUESTS / seconds).toFixed(0)} requests/s; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
      ].join('\n'),
    );
  } finally {
    await server.stop();
  }
}
