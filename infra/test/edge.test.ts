import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

type Request = { uri: string; querystring?: Record<string, { value: string }> };

/** Loads a CloudFront Function source as CloudFront runs it: a script that defines `handler`. */
function load(name: string): (event: { request: Request }) => Request {
  const source = readFileSync(new URL(`../lib/edge/${name}.js`, import.meta.url), 'utf8');
  return new Function(`${source}\nreturn handler;`)();
}

const run = (handler: ReturnType<typeof load>, uri: string, querystring = {}) =>
  handler({ request: { uri, querystring } });

describe('strip-backend-prefix', () => {
  const handler = load('strip-backend-prefix');

  it.each([
    ['/backend/api/stories', '/api/stories'],
    ['/backend/login', '/login'],
    ['/backend/shared/abc', '/shared/abc'],
    ['/backend', '/'],
  ])('%s -> %s', (uri, expected) => {
    expect(run(handler, uri).uri).toBe(expected);
  });

  it('stamps the viewer address, overwriting one the client sent', () => {
    const source = readFileSync(new URL('../lib/edge/strip-backend-prefix.js', import.meta.url), 'utf8');
    const fn = new Function(`${source}\nreturn handler;`)() as (event: unknown) => { headers: Record<string, unknown> };
    const request = { uri: '/backend/login', headers: { 'x-storyloom-viewer': { value: '10.0.0.1' } } };
    expect(fn({ request, viewer: { ip: '203.0.113.9' } }).headers['x-storyloom-viewer']).toEqual({
      value: '203.0.113.9',
    });
  });

  it('keeps the query string and leaves look-alike prefixes alone', () => {
    const querystring = { token: { value: 'abc' } };
    expect(run(handler, '/backend/verify-email', querystring)).toEqual({ uri: '/verify-email', querystring });
    expect(run(handler, '/backendish/x').uri).toBe('/backendish/x');
  });
});

describe('spa-rewrite', () => {
  const handler = load('spa-rewrite');

  it.each([
    ['/dashboard', '/index.html'],
    ['/shared/abc', '/index.html'],
    ['/story/01J9ZK3', '/index.html'],
    ['/', '/index.html'],
    ['/assets/app-123.js', '/assets/app-123.js'],
    ['/favicon.ico', '/favicon.ico'],
  ])('%s -> %s', (uri, expected) => {
    expect(run(handler, uri).uri).toBe(expected);
  });
});
