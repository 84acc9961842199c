import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The origin the browser used to reach local mode (`http://<Host header>`), set by the local server
 * around each handler call (infra/local/api-adapter.ts). Local media URLs are built on it, so a page
 * opened at http://127.0.0.1:3000 or from a phone on the LAN gets URLs on that same origin
 * (docs/local-mode.md, "Media"). Never set in AWS, where media URLs are the bucket's own.
 * AsyncLocalStorage, not module state: local mode runs many requests at once in one process.
 */
const storage = new AsyncLocalStorage<string>();

export function runWithRequestOrigin<T>(origin: string, fn: () => T): T {
  return storage.run(origin, fn);
}

export function currentRequestOrigin(): string | undefined {
  return storage.getStore();
}
