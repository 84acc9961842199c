import { afterEach, describe, expect, it, vi } from 'vitest';

const event = (headers: Record<string, string>, sourceIp = '130.176.0.10') =>
  ({ headers, requestContext: { http: { sourceIp } } }) as never;

/** edge.ts reads ORIGIN_VERIFY once at load, as in Lambda: load it fresh under each setting. */
async function load(originVerify?: string) {
  vi.resetModules();
  if (originVerify === undefined) vi.stubEnv('ORIGIN_VERIFY', '');
  else vi.stubEnv('ORIGIN_VERIFY', originVerify);
  return import('./edge.ts');
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the one door', () => {
  it('refuses a request without the origin header once a value is configured', async () => {
    const edge = await load('s3cret-value');
    expect(edge.cameThroughEdge(event({ 'x-origin-verify': 's3cret-value' }))).toBe(true);
    expect(edge.cameThroughEdge(event({}))).toBe(false);
    expect(edge.cameThroughEdge(event({ 'x-origin-verify': 's3cret-valuf' }))).toBe(false);
    expect(() => edge.assertCameThroughEdge(event({}))).toThrow(expect.objectContaining({ status: 403 }));
  });

  it('checks nothing in local mode (no value)', async () => {
    const edge = await load();
    expect(edge.cameThroughEdge(event({}))).toBe(true);
  });
});

describe('the client address for limits', () => {
  it("uses CloudFront's viewer address behind the door, IPv4 and IPv6", async () => {
    const edge = await load('v');
    const through = { 'x-origin-verify': 'v' };
    expect(edge.clientAddress(event({ ...through, 'cloudfront-viewer-address': '203.0.113.7:51234' }))).toBe(
      '203.0.113.7',
    );
    expect(edge.clientAddress(event({ ...through, 'cloudfront-viewer-address': '2001:db8::1:443' }))).toBe(
      '2001:db8::1',
    );
  });

  it('prefers the address the edge function stamps', async () => {
    const edge = await load('v');
    const headers = {
      'x-origin-verify': 'v',
      'x-storyloom-viewer': '203.0.113.8',
      'cloudfront-viewer-address': '1.2.3.4:5',
    };
    expect(edge.clientAddress(event(headers))).toBe('203.0.113.8');
  });

  it('ignores a viewer address sent by a direct caller, and in local mode', async () => {
    const forged = { 'cloudfront-viewer-address': '198.51.100.1:1', 'x-storyloom-viewer': '198.51.100.2' };
    expect((await load('v')).clientAddress(event(forged, '192.0.2.9'))).toBe('192.0.2.9');
    expect((await load()).clientAddress(event(forged, '127.0.0.2'))).toBe('127.0.0.2');
  });
});
