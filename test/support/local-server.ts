import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import type { SentEmail } from '../../infra/local/services.ts';
import { pollUntil } from './voice.ts';

/**
 * `npm start` as a child process on a data folder of its own, for tests that kill it (SIGKILL) and start it
 * again: local SQS lives in memory, so what survives is only what the table and the bucket hold.
 */
const NODE = existsSync('node_modules/.bin/node') ? resolve('node_modules/.bin/node') : process.execPath;

export const freePort = () =>
  new Promise<number>((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });

export interface LocalServer {
  base: string;
  process: ChildProcess;
  kill(): Promise<void>;
}

export async function startLocalServer(opts: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
}): Promise<LocalServer> {
  const child = spawn(NODE, ['--import', 'tsx', 'infra/local/start.ts'], {
    // A clean environment: this test process carries the shared stack's endpoints.
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(opts.port),
      DATA_DIR: opts.dataDir,
      SKIP_WEB_BUILD: '1',
      LOG_LEVEL: process.env.SERVER_LOG ? 'info' : 'silent',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // SERVER_LOG=<file> keeps the child's log lines for a failing test; otherwise they are drained.
  if (process.env.SERVER_LOG) {
    const { createWriteStream } = await import('node:fs');
    const log = createWriteStream(process.env.SERVER_LOG, { flags: 'a' });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    child.once('exit', (code, signal) => log.write(`server exited: code ${code}, signal ${signal}\n`));
  } else {
    child.stdout?.resume();
    child.stderr?.resume();
  }
  const base = `http://127.0.0.1:${opts.port}`;
  await pollUntil(
    () =>
      fetch(`${base}/backend/public/stories`).then(
        (r) => r.status,
        () => 0,
      ),
    (status) => status === 200,
    60_000,
  );
  return {
    base,
    process: child,
    kill: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** A JSON call to the server's API. */
export async function callServer<T>(base: string, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${base}/backend${path}`, {
    method,
    headers: {
      // No pooled connection: one to a killed server would be reused and reset.
      connection: 'close',
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T, headers: res.headers };
}

/** Registers and verifies a user through the mailbox; returns a function that logs in (again). */
export async function registerOn(base: string): Promise<() => Promise<string>> {
  const name = `r${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const created = await callServer(base, 'POST', '/register', {
    username: name,
    email: `${name}@example.com`,
    password: 'secret-pw',
  });
  if (created.status !== 201) throw new Error(`register failed: ${created.status}`);
  const mail = await pollUntil(
    async () =>
      ((await (await fetch(`${base}/_local/mailbox.json`)).json()) as SentEmail[]).find((m) =>
        JSON.stringify(m).includes(name),
      ),
    (m) => m !== undefined,
    30_000,
  );
  const verify = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(JSON.stringify(mail))![1];
  await callServer(base, 'GET', `/verify-email?token=${verify}`);
  return async () =>
    (await callServer<{ token: string }>(base, 'POST', '/login', { username: name, password: 'secret-pw' })).body.token;
}
