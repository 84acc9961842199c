import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routes } from './routes.ts';

/**
 * The route table's `auth` decides whether API Gateway runs the JWT authorizer; the handler's
 * `route({ auth })` decides what the handler checks. They must agree, or a `user` handler sits behind
 * no authorizer (or an admin route behind a plain user check). Read from the source: importing every
 * handler would load every SDK client.
 */
const handlerSource = (handler: string) => readFileSync(new URL(`./handlers/${handler}.ts`, import.meta.url), 'utf8');

describe('route table ↔ handlers', () => {
  it.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    "%s: the handler declares the table's auth",
    (_, r) => {
      const declared = [...handlerSource(r.handler).matchAll(/\broute\(\s*\{[^}]*?\bauth:\s*'(\w+)'/gs)].map(
        (m) => m[1],
      );
      expect(declared).toEqual([r.auth]);
    },
  );
});
