import { Mp3Encoder } from '@breezystack/lamejs';
import { describe, expect, it } from 'vitest';
import { voiceLikeSignal } from '../test-signals.ts';
import { decodeAudio, sniffAudio } from './decode.ts';
import { concatMp3, mp3Duration } from './mp3-frames.ts';
import { medianPitch } from './pitch.ts';
import { decodeWav, encodeWav } from './wav.ts';

function mp3Of(samples: Float32Array, rate: number): Uint8Array {
  const pcm = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) pcm[i] = Math.round(samples[i]! * 32767);
  const encoder = new Mp3Encoder(1, rate, 64);
  return Buffer.concat([Buffer.from(encoder.encodeBuffer(pcm)), Buffer.from(encoder.flush())]);
}

describe('sample decoding', () => {
  const rate = 22_050;
  const signal = voiceLikeSignal({ medianHz: 140, seconds: 4, sampleRate: rate });

  it('reads WAV written by hand, 16-bit mono', async () => {
    const wav = encodeWav(signal, rate);
    expect(sniffAudio(wav)).toBe('wav');
    const pcm = await decodeAudio(wav);
    expect(pcm.sampleRate).toBe(rate);
    expect(pcm.samples.length).toBe(signal.length);
    expect(Math.abs(pcm.samples[1000]! - signal[1000]!)).toBeLessThan(1e-3);
  });

  it('reads MP3 with mpg123 (WASM) and keeps the pitch', async () => {
    const mp3 = mp3Of(signal, rate);
    expect(sniffAudio(mp3)).toBe('mp3');
    const pcm = await decodeAudio(mp3);
    expect(pcm.samples.length / pcm.sampleRate).toBeCloseTo(4, 0);
    expect(medianPitch(pcm.samples, pcm.sampleRate)! / medianPitch(signal, rate)!).toBeCloseTo(1, 1);
    expect(mp3Duration(mp3)).toBeCloseTo(4, 0);
    expect(mp3Duration(concatMp3([mp3, mp3]))).toBeCloseTo(8, 0);
  });

  it('refuses what it cannot read, and M4A with the reason', async () => {
    await expect(decodeAudio(new TextEncoder().encode('hello, this is not audio'))).rejects.toThrow(/not an audio/);
    const m4a = new Uint8Array(32);
    m4a.set(new TextEncoder().encode('ftypM4A '), 4);
    await expect(decodeAudio(m4a)).rejects.toThrow(/converted to WAV/);
  });

  it('reads a WAV whose data size was left open by a streaming writer', () => {
    const wav = encodeWav(signal.subarray(0, 1000), rate);
    new DataView(wav.buffer).setUint32(40, 0xffffffff, true);
    expect(decodeWav(wav).samples.length).toBe(1000);
  });
});
