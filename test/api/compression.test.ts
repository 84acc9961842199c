import { describe, expect, inject, it } from 'vitest';
import { createStory } from '../support/stories.ts';
import { registerAndLogin } from '../support/users.ts';

// fetch decompresses by itself; these read the raw headers and sizes it reports.
const base = () => inject('baseUrl');

describe('compression in local mode (as CloudFront in AWS)', () => {
  it('compresses JSON API responses for clients that accept it, and not for those that do not', async () => {
    const user = await registerAndLogin();
    await createStory(user, { content: 'We drove north in the old car. '.repeat(60) });
    const url = `${base()}/backend/api/stories`;
    const headers = { authorization: `Bearer ${user.token}` };
    const br = await fetch(url, { headers: { ...headers, 'accept-encoding': 'br' } });
    const plain = await fetch(url, { headers: { ...headers, 'accept-encoding': 'identity' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toContain('accept-encoding');
    expect(br.headers.get('x-request-id')).toBeTruthy();
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await br.json()).toEqual(await plain.json());
  });

  it('serves the SPA bundle gzip or brotli', async () => {
    const html = await (await fetch(`${base()}/`)).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const gz = await fetch(`${base()}${script}`, { headers: { 'accept-encoding': 'gzip' } });
    const br = await fetch(`${base()}${script}`, { headers: { 'accept-encoding': 'br' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(Number(br.headers.get('content-length'))).toBeLessThan(Number(gz.headers.get('content-length')));
    expect(await br.text()).toEqual(await gz.text());
  });
});
