import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The origin the browser used to reach local mode, set by the local server around each handler call
 * (infra/local/api-adapter.ts) and by the workers around a job a request queued. Never set in AWS.
 * AsyncLocalStorage, not module state: local mode runs many requests at once in one process.
 *
 * - `media`: `http://<Host header>`. Local media URLs are built on it, so a page opened at
 *   http://127.0.0.1:3000 or from a phone on the LAN gets URLs on that same origin (docs/local-mode.md,
 *   "Media"). The server answers only hosts it accepts, so it is one of those.
 * - `link`: the origin the request claims (its `Origin` header, else `http://<Host>`), unchecked here:
 *   `localLinkOrigin` decides whether links in emails may use it (docs/local-mode.md, "Links in emails").
 */
interface RequestOrigins {
  media?: string;
  link?: string;
}

const storage = new AsyncLocalStorage<RequestOrigins>();

export function runWithRequestOrigin<T>(origin: string, fn: () => T, linkOrigin?: string): T {
  return storage.run({ media: origin, link: linkOrigin ?? origin }, fn);
}

/** A job queued by a request runs with that request's link origin (jobs/queue.ts carries it). */
export function runWithLinkOrigin<T>(linkOrigin: string | undefined, fn: () => T): T {
  return linkOrigin === undefined ? fn() : storage.run({ link: linkOrigin }, fn);
}

export function currentRequestOrigin(): string | undefined {
  return storage.getStore()?.media;
}

/** The link origin of this request or job when `localLinkOrigin` allows it for this app, else undefined. */
export function currentLinkOrigin(appUrl: string): string | undefined {
  return localLinkOrigin(storage.getStore()?.link, appUrl);
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * `candidate` normalised (`http://host:port`) when links may point at it instead of `appUrl`: only when
 * the app itself is local (`appUrl` on a loopback name over http, which is never so in AWS) and the
 * candidate is the same app on another loopback name — http, localhost / 127.0.0.1 / [::1], the app's own
 * port, nothing else (no path, no credentials). Anything else, such as `https://evil.example` or another
 * port, gives undefined: a request must not be able to make the app mail links to another site.
 */
export function localLinkOrigin(candidate: string | undefined, appUrl: string): string | undefined {
  if (!candidate) return undefined;
  const app = parseOrigin(appUrl);
  const url = parseOrigin(candidate);
  if (!app || !url || !LOOPBACK_HOSTS.has(app.hostname) || !LOOPBACK_HOSTS.has(url.hostname)) return undefined;
  if (url.protocol !== 'http:' || app.protocol !== 'http:' || url.port !== app.port) return undefined;
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return undefined;
  return url.origin;
}

function parseOrigin(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}
