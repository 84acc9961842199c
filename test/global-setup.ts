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

interface SharedStack {
  ready: Promise<{ url: string; env: Record<string, string>; webDir: string; stop: () => Promise<void> }>;
  users: number;
}

/**
 * Vitest loads a project's global setup through that project's own module runner, so module state is
 * not shared between the `api` and `browser` projects; the main process's globalThis is. The first
 * project to start creates the stack, every project that uses it counts itself in, the last one out stops it.
 */
const KEY = Symbol.for('storyloom.test.stack');
const holder = globalThis as unknown as { [KEY]?: SharedStack };

async function start() {
  const dataDir = await mkdtemp(join(tmpdir(), 'storyloom-test-'));
  const webDir = join(dataDir, 'web');
  await buildWeb({ outdir: webDir, minify: false });
  const stack = await startLocalStack({
    dataDir,
    port: 0,
    quiet: true,
    webDir,
    visibilityTimeoutSeconds: 1,
    // Test files make hundreds of stories and shares per user in a minute; the abuse limits are tested
    // on stacks of their own (test/api/safety-flooding.test.ts).
    // The spoken-answer budget (6 s) is tested on a stack of its own (test/api/interactive-speech-budget.test.ts);
    // here the local engine's cold start on a loaded 2-core runner must not turn expected speech into text.
    env: {
      STORY_HOURLY_LIMIT: '100000',
      SHARE_OWNER_HOURLY_LIMIT: '100000',
      SHARE_RECIPIENT_DAILY_LIMIT: '100000',
      ANSWER_SPEECH_BUDGET_MS: '60000',
    },
  });
  return {
    url: stack.url,
    env: stack.env,
    webDir,
    stop: async () => {
      await stack.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts the local stand-ins and the local server once per test run, in a fresh temp folder. */
export default async function setup(project: TestProject) {
  holder[KEY] ??= { ready: start(), users: 0 };
  const shared = holder[KEY];
  shared.users++;
  const stack = await shared.ready;
  project.provide('baseUrl', stack.url);
  project.provide('serverEnv', stack.env);
  project.provide('webDir', stack.webDir);
  return async () => {
    if (--shared.users > 0) return;
    holder[KEY] = undefined;
    await stack.stop();
  };
}
