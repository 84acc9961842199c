import { describe, expect, it } from 'vitest';
import { currentLinkOrigin, localLinkOrigin, runWithLinkOrigin, runWithRequestOrigin } from './request-origin.ts';

describe('localLinkOrigin', () => {
  const app = 'http://localhost:3000';

  it('allows the app on its other loopback names, on its own port', () => {
    expect(localLinkOrigin('http://127.0.0.1:3000', app)).toBe('http://127.0.0.1:3000');
    expect(localLinkOrigin('http://[::1]:3000', app)).toBe('http://[::1]:3000');
    expect(localLinkOrigin('http://LOCALHOST:3000', app)).toBe('http://localhost:3000');
    expect(localLinkOrigin('http://localhost:3000', 'http://127.0.0.1:3000/')).toBe('http://localhost:3000');
  });

  it('refuses other sites, ports, schemes and anything that is not a bare origin', () => {
    for (const candidate of [
      'https://evil.example',
      'http://evil.example:3000',
      'http://127.0.0.1.evil.example:3000',
      'http://app.localhost:3000',
      'http://127.0.0.2:3000',
      'http://127.0.0.1:3001',
      'http://127.0.0.1',
      'https://127.0.0.1:3000',
      'http://user:pw@127.0.0.1:3000',
      'http://127.0.0.1:3000/path',
      'null',
      '',
      undefined,
    ]) {
      expect(localLinkOrigin(candidate, app), String(candidate)).toBeUndefined();
    }
  });

  it('never applies when the app itself is not local (AWS: one configured CloudFront domain)', () => {
    expect(localLinkOrigin('http://127.0.0.1:443', 'https://d111.cloudfront.net')).toBeUndefined();
    expect(localLinkOrigin('https://d111.cloudfront.net', 'https://d111.cloudfront.net')).toBeUndefined();
  });
});

describe('currentLinkOrigin', () => {
  const app = 'http://localhost:3000';

  it('is the checked origin of the request or job around the call, and nothing outside one', () => {
    expect(currentLinkOrigin(app)).toBeUndefined();
    runWithRequestOrigin(
      'http://localhost:3000',
      () => {
        expect(currentLinkOrigin(app)).toBe('http://127.0.0.1:3000');
      },
      'http://127.0.0.1:3000',
    );
    runWithRequestOrigin(
      'http://localhost:3000',
      () => {
        expect(currentLinkOrigin(app)).toBeUndefined();
      },
      'https://evil.example',
    );
    runWithLinkOrigin('http://[::1]:3000', () => expect(currentLinkOrigin(app)).toBe('http://[::1]:3000'));
    runWithLinkOrigin(undefined, () => expect(currentLinkOrigin(app)).toBeUndefined());
  });
});
