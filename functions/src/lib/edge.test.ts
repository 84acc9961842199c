import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it, vi } from 'vitest';

const event = (headers: Record<string, string>, sourceIp = '130.176.0.10') =>
  ({ headers, requestContext: { http: { sourceIp } } }) as never;

/** edge.ts reads its settings once at load, as in Lambda: load it fresh under each setting. */
async function load(settings: { value?: string; secretId?: string } = {}) {
  vi.resetModules();
  vi.stubEnv('ORIGIN_VERIFY', settings.value ?? '');
  vi.stubEnv('ORIGIN_VERIFY_SECRET_ID', settings.secretId ?? '');
  return import('./edge.ts');
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the one door', () => {
  it('refuses a request without the origin header once a value is configured', async () => {
    const edge = await load({ value: 's3cret-value' });
    expect(await edge.cameThroughEdge(event({ 'x-origin-verify': 's3cret-value' }))).toBe(true);
    expect(await edge.cameThroughEdge(event({}))).toBe(false);
    expect(await edge.cameThroughEdge(event({ 'x-origin-verify': 's3cret-valuf' }))).toBe(false);
    await expect(edge.assertCameThroughEdge(event({}))).rejects.toMatchObject({ status: 403 });
  });

  it('checks nothing in local mode (no value)', async () => {
    const edge = await load();
    expect(await edge.cameThroughEdge(event({}))).toBe(true);
    expect(await edge.assertCameThroughEdge(event({}))).toBe(false);
  });
});

/**
 * A rotation as docs/deploy.md tells it: put-secret-value makes a new AWSCURRENT (the old one becomes
 * AWSPREVIOUS), then a deploy makes CloudFront send the new value. Secrets Manager is faked with
 * aws-sdk-client-mock (the GetSecretValue shapes of @aws-sdk/client-secrets-manager): there is no local stand-in.
 */
describe('rotating the origin secret', () => {
  const secrets = mockClient(SecretsManagerClient);
  afterEach(() => secrets.reset());
  const versions = (current: string, previous?: string) => {
    secrets.reset();
    secrets.on(GetSecretValueCommand, { VersionStage: 'AWSCURRENT' }).resolves({ SecretString: current });
    if (previous)
      secrets.on(GetSecretValueCommand, { VersionStage: 'AWSPREVIOUS' }).resolves({ SecretString: previous });
    else
      secrets
        .on(GetSecretValueCommand, { VersionStage: 'AWSPREVIOUS' })
        .rejects(Object.assign(new Error('no previous'), { name: 'ResourceNotFoundException' }));
  };

  it('lets both the old and the new value through at every step, and refuses others', async () => {
    const edge = await load({ secretId: 'OriginVerify-abc' });
    const t0 = 1_000_000;
    versions('old-value');
    expect(await edge.cameThroughEdge(event({ 'x-origin-verify': 'old-value' }), t0)).toBe(true);

    // put-secret-value: CloudFront still sends the old value, a warm function still knows only it.
    versions('new-value', 'old-value');
    expect(await edge.cameThroughEdge(event({ 'x-origin-verify': 'old-value' }), t0 + 60_000)).toBe(true);

    // The deploy: CloudFront sends the new value to a function whose cache is minutes old (not 15).
    expect(await edge.cameThroughEdge(event({ 'x-origin-verify': 'new-value' }), t0 + 5 * 60_000)).toBe(true);
    // Edge locations not yet updated still send the old one.
    expect(await edge.cameThroughEdge(event({ 'x-origin-verify': 'old-value' }), t0 + 5 * 60_000 + 1)).toBe(true);
    expect(await edge.cameThroughEdge(event({ 'x-origin-verify': 'forged' }), t0 + 5 * 60_000 + 2)).toBe(false);
    expect(await edge.cameThroughEdge(event({}), t0 + 5 * 60_000 + 3)).toBe(false);
  });

  it('re-reads for unknown values at most once a minute, so direct callers cannot make it call Secrets Manager', async () => {
    const edge = await load({ secretId: 'OriginVerify-abc' });
    versions('value');
    const t0 = 2_000_000;
    await edge.cameThroughEdge(event({ 'x-origin-verify': 'value' }), t0);
    const calls = () => secrets.commandCalls(GetSecretValueCommand, { VersionStage: 'AWSCURRENT' }).length;
    expect(calls()).toBe(1);
    for (let i = 1; i <= 50; i++) await edge.cameThroughEdge(event({ 'x-origin-verify': `guess-${i}` }), t0 + i * 100);
    expect(calls()).toBe(1);
    await edge.cameThroughEdge(event({ 'x-origin-verify': 'guess' }), t0 + 61_000);
    expect(calls()).toBe(2);
    // And the 15-minute cache: a known value never re-reads before then.
    await edge.cameThroughEdge(event({ 'x-origin-verify': 'value' }), t0 + 10 * 60_000);
    expect(calls()).toBe(2);
    await edge.cameThroughEdge(event({ 'x-origin-verify': 'value' }), t0 + 61_000 + 15 * 60_000 + 1);
    expect(calls()).toBe(3);
  });
});

describe('the client address for limits', () => {
  it("uses CloudFront's viewer address behind the door, IPv4 and IPv6", async () => {
    const edge = await load({ value: 'v' });
    const through = { 'x-origin-verify': 'v' };
    expect(edge.clientAddress(event({ ...through, 'cloudfront-viewer-address': '203.0.113.7:51234' }), true)).toBe(
      '203.0.113.7',
    );
    expect(edge.clientAddress(event({ ...through, 'cloudfront-viewer-address': '2001:db8::1:443' }), true)).toBe(
      '2001:db8::1',
    );
  });

  it('prefers the address the edge function stamps', async () => {
    const edge = await load({ value: 'v' });
    const headers = {
      'x-origin-verify': 'v',
      'x-storyloom-viewer': '203.0.113.8',
      'cloudfront-viewer-address': '1.2.3.4:5',
    };
    expect(edge.clientAddress(event(headers), true)).toBe('203.0.113.8');
  });

  it('ignores a viewer address sent by a direct caller, and in local mode', async () => {
    const forged = { 'cloudfront-viewer-address': '198.51.100.1:1', 'x-storyloom-viewer': '198.51.100.2' };
    const edge = await load({ value: 'v' });
    // A direct caller never gets this far (403 first); without a door (local mode) nothing is trusted.
    expect(
      edge.clientAddress(event(forged, '127.0.0.2'), await edge.assertCameThroughEdge(event({})).catch(() => false)),
    ).toBe('127.0.0.2');
    const local = await load();
    expect(local.clientAddress(event(forged, '127.0.0.2'), await local.assertCameThroughEdge(event(forged)))).toBe(
      '127.0.0.2',
    );
  });
});
