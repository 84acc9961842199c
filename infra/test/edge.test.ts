import { serverText } from '@storyloom/shared/messages';
import { describe, expect, it } from 'vitest';
import { badAddressPage, type EdgeFunctionName, edgeSource } from '../lib/edge/source.ts';

type Request = { uri: string; querystring?: Record<string, { value: string }> };
/** A response the function answers itself (CloudFront Functions' generated-response shape). */
type Generated = {
  statusCode: number;
  statusDescription?: string;
  headers: Record<string, { value: string }>;
  body: { encoding: string; data: string };
};

/** Loads a CloudFront Function as deployed (texts filled in) and as CloudFront runs it: a script defining `handler`. */
function load(name: EdgeFunctionName): (event: { request: Request }) => Request {
  return new Function(`${edgeSource(name)}\nreturn handler;`)();
}

/** Addresses with a broken %-escape: a lone %, a cut-off UTF-8 sequence, a bad hex digit, a stray continuation byte. */
const MALFORMED = ['/%', '/stories/%E0%A4%A', '/assets/%', '/story/%zz', '/%C3', '/dashboard/%80', '/a/%E0%A4%A/b.js'];

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
    const fn = new Function(`${edgeSource('strip-backend-prefix')}\nreturn handler;`)() as (event: unknown) => {
      headers: Record<string, unknown>;
    };
    const request = { uri: '/backend/login', headers: { 'x-storyloom-viewer': { value: '10.0.0.1' } } };
    expect(fn({ request, viewer: { ip: '203.0.113.9' } }).headers['x-storyloom-viewer']).toEqual({
      value: '203.0.113.9',
    });
  });

  it.each(MALFORMED.map((p) => `/backend${p}`))("answers %s with the API's 400 {error}", (uri) => {
    const res = run(handler, uri) as unknown as Generated;
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']?.value).toBe('application/json');
    expect(res.body.encoding).toBe('text');
    expect(JSON.parse(res.body.data)).toEqual({ error: serverText.malformedPath });
  });

  it('passes well-formed escapes on untouched', () => {
    expect(run(handler, '/backend/public/author/%E0%A4%B9').uri).toBe('/public/author/%E0%A4%B9');
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

  it.each(MALFORMED)("answers %s with the app's 400 page", (uri) => {
    const res = run(handler, uri) as unknown as Generated;
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']?.value).toBe('text/html; charset=utf-8');
    expect(res.body).toEqual({ encoding: 'text', data: badAddressPage() });
    expect(res.body.data).toContain(serverText.badAddressPage.title);
    expect(res.body.data).toContain('href="/"');
  });

  it('rewrites well-formed escapes in app routes as before', () => {
    expect(run(handler, '/author/%E0%A4%B9').uri).toBe('/index.html');
    expect(run(handler, '/assets/app%2D1.js').uri).toBe('/assets/app%2D1.js');
  });

  it('fits in a CloudFront Function (10 KB of code) with its page', () => {
    expect(Buffer.byteLength(edgeSource('spa-rewrite'))).toBeLessThan(10 * 1024);
    expect(edgeSource('spa-rewrite')).not.toContain('__BAD_ADDRESS_PAGE__');
    expect(edgeSource('strip-backend-prefix')).not.toContain('__BAD_ADDRESS_JSON__');
  });
});
