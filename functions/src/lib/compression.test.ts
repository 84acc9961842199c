import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compress, isCompressible, negotiateEncoding } from './compression.ts';

describe('local-mode compression', () => {
  it('prefers brotli, falls back to gzip, honours q=0', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip, br;q=0')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('gzip');
    expect(negotiateEncoding('identity')).toBeUndefined();
    expect(negotiateEncoding(undefined)).toBeUndefined();
  });

  it('compresses text of 1 KB and more only', () => {
    expect(isCompressible('application/json; charset=utf-8', 2048)).toBe(true);
    expect(isCompressible('text/javascript; charset=utf-8', 2048)).toBe(true);
    expect(isCompressible('application/json', 200)).toBe(false);
    expect(isCompressible('image/png', 50_000)).toBe(false);
  });

  it('round-trips both encodings', () => {
    const body = Buffer.from(JSON.stringify({ stories: Array(50).fill({ title: 'The lake house' }) }));
    const br = compress(body, 'br', 'fast');
    const gz = compress(body, 'gzip', 'max');
    expect(brotliDecompressSync(br)).toEqual(body);
    expect(gunzipSync(gz)).toEqual(body);
    expect(br.length).toBeLessThan(body.length / 5);
  });
});
