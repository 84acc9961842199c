import { describe, expect, it } from 'vitest';
import { encodeWav, formatClock, rmsLevel } from './wav.ts';

describe('encodeWav', () => {
  it('writes a 16-bit mono PCM header and clamps samples', () => {
    const wav = encodeWav(Float32Array.from([0, 1, -1, 2, -0.5]), 16_000);
    const view = new DataView(wav.buffer);
    const text = (o: number) => String.fromCharCode(...wav.subarray(o, o + 4));
    expect([text(0), text(8), text(12), text(36)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data']);
    expect(view.getUint32(4, true)).toBe(wav.length - 8);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(16_000);
    expect(view.getUint16(34, true)).toBe(16);
    expect(view.getUint32(40, true)).toBe(10);
    expect([0, 1, 2, 3, 4].map((i) => view.getInt16(44 + i * 2, true))).toEqual([0, 32767, -32768, 32767, -16384]);
  });

  it('keeps two minutes well under 10 MB at the recorder rate', () => {
    expect(encodeWav(new Float32Array(120 * 16_000), 16_000).length).toBeLessThan(4 * 1024 * 1024);
  });
});

describe('recorder helpers', () => {
  it('measures levels and formats clocks', () => {
    expect(rmsLevel(Float32Array.from([0.5, -0.5]))).toBeCloseTo(0.5);
    expect(rmsLevel(new Float32Array())).toBe(0);
    expect(formatClock(65, true)).toBe('01:05');
    expect(formatClock(65)).toBe('1:05');
    expect(formatClock(Number.NaN)).toBe('0:00');
  });
});
