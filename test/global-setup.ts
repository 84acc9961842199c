import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalStack } from '../infra/local/stack.ts';
import { buildWeb } from '../web/build.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The local server, e.g. http://127.0.0.1:41234: SPA at /, API at /backend, mailbox at /_local/mailbox.json */
    baseUrl: string;
    /** The handlers' environment (table, bucket, pool, endpoints), for tests that inspect the stand-ins. */
    serverEnv: Record<string, string>;
    /** The SPA built once for the run; a test that needs a stack of its own serves it too. */
    webDir: string;
  }
}

/** Starts the local stand-ins and the local server once per test run, in a fresh temp folder. */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(join(tmpdir(), 'storyloom-test-'));
  const webDir = join(dataDir, 'web');
  await buildWeb({ outdir: webDir, minify: false });
  const stack = await startLocalStack({ dataDir, port: 0, quiet: true, webDir, visibilityTimeoutSeconds: 1 });
  project.provide('baseUrl', stack.url);
  project.provide('serverEnv', stack.env);
  project.provide('webDir', webDir);
  return async () => {
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
