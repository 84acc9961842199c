import { config } from './config.ts';
import { currentLinkOrigin } from './request-origin.ts';

/**
 * The base of the app's links in emails (no trailing slash): the configured public URL (`APP_URL`, the
 * CloudFront domain in AWS), except in local mode, where a request made on another loopback name of the
 * app (http://127.0.0.1:3000 for a `localhost` base) gets links on that name, so following one keeps the
 * browser's storage and session (docs/local-mode.md, "Links in emails").
 */
export function linkBase(): string {
  return currentLinkOrigin(config.appUrl) ?? config.appUrl;
}
