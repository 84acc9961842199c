import { describe, expect, it } from 'vitest';
import { wavHeaderFile } from '../../../../../test/support/hostile-media.ts';
import {
  OPUS_BOMB_PACKET,
  OPUS_SILENCE_PACKET,
  oggOpusOf,
  oggVorbisFile,
  webmOpusOf,
  withLastGranule,
} from '../../../../../test/support/media-containers.ts';
import { mp3File, wavFile } from '../../../../../test/support/media-files.ts';
import { decodeAudio } from './decode.ts';
import { opusPacketSeconds } from './opus-toc.ts';
import { analyseSpeech } from './pitch.ts';
import { probeAudio, withSlack } from './probe.ts';
import { analyseSampleAudio } from './sample-audio.ts';
import { AudioLimitError } from './wav.ts';

const opusBomb = () => Array.from({ length: 12_000 }, () => OPUS_BOMB_PACKET);

describe('issue 18, the reported cases', () => {
  it('speech analysis at 0 Hz returns at once instead of looping', () => {
    // Before: a 0-sample frame never advanced, and the levels list grew until the process died.
    expect(analyseSpeech(new Float32Array(1000), 0)).toMatchObject({ duration: 0, medianHz: undefined });
  });

  it('a 44-byte WAV declaring 0 Hz and a truncated 130-byte MP3 are refused from their headers', async () => {
    expect(await probeAudio(wavHeaderFile({ sampleRate: 0, channels: 1, dataBytes: 0 }), 300)).toMatchObject({
      ok: false,
      problem: 'unreadable',
    });
    expect(await probeAudio(mp3File(4).subarray(0, 130), 300)).toMatchObject({ ok: false, problem: 'unreadable' });
  });

  it('a 37 KB Ogg Opus file holding 24 minutes is measured as 24 minutes without decoding', async () => {
    const bomb = oggOpusOf(opusBomb(), 3);
    expect(bomb.length).toBeLessThan(40_000);
    expect(await probeAudio(bomb, 3 * 3600)).toMatchObject({ ok: false, problem: 'inconsistent' });
    const honest = await probeAudio(oggOpusOf(opusBomb(), 24 * 60), 3 * 3600);
    expect(honest.ok && honest.audio.seconds).toBeCloseTo(24 * 60, 0);
  });
});

describe('probeAudio', () => {
  it('counts Opus packets by their TOC byte', () => {
    expect(opusPacketSeconds(OPUS_SILENCE_PACKET)).toBe(0.02);
    expect(opusPacketSeconds(OPUS_BOMB_PACKET)).toBeCloseTo(0.12);
    // Code 3 with 7 frames of 20 ms is 140 ms: over the RFC's 120 ms, so not a valid packet.
    expect(opusPacketSeconds(Uint8Array.from([(31 << 3) | 3, 7]))).toBe(0);
  });

  it('reports the format and both lengths of a good file', async () => {
    const result = await probeAudio(webmOpusOf(Array(250).fill(OPUS_SILENCE_PACKET), { durationMs: 5000 }), 300);
    expect(result).toMatchObject({ ok: true, audio: { container: 'webm', sampleRate: 48_000, channels: 1 } });
    if (result.ok) {
      expect(result.audio.declaredSeconds).toBeCloseTo(5, 1);
      expect(result.audio.countedSeconds).toBeCloseTo(5, 1);
    }
    const wav = await probeAudio(wavFile(3), 300);
    expect(wav).toMatchObject({ ok: true, audio: { container: 'wav', sampleRate: 16_000, seconds: 3 } });
  });

  it('refuses what is longer than the caller allows', async () => {
    expect(await probeAudio(wavFile(3), 2)).toMatchObject({ ok: false, problem: 'too-long' });
  });
});

describe('decoding streams under a cap and a time budget', () => {
  it('stops an Opus bomb at the cap instead of producing 24 minutes', async () => {
    const before = process.memoryUsage().rss;
    await expect(decodeAudio(oggOpusOf(opusBomb(), 3), { maxSeconds: withSlack(3) })).rejects.toThrow(AudioLimitError);
    // 24 minutes of 48 kHz float would be 276 MB; the cap stops it near 5 s (1 MB) plus one piece.
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
  });

  it('stops an Ogg Vorbis file whose header says 0.1 s of its 20', async () => {
    const liar = withLastGranule(await oggVorbisFile(20), 1_600n);
    await expect(decodeAudio(liar, { maxSeconds: withSlack(0.1) })).rejects.toThrow(AudioLimitError);
    const analysis = await analyseSampleAudio(liar, { maxSeconds: withSlack(0.1) });
    expect(analysis).toMatchObject({ ok: false, problem: 'over-cap' });
  });

  it('stops when its time budget is spent', async () => {
    await expect(decodeAudio(mp3File(4), { budgetMs: 0 })).rejects.toThrow(/budget/);
  });

  it('decodes a good file in full under a cap just over its length', async () => {
    const pcm = await decodeAudio(mp3File(6), { maxSeconds: withSlack(6) });
    expect(pcm.samples.length / pcm.sampleRate).toBeCloseTo(6, 0);
    await expect(decodeAudio(wavFile(6), { maxSeconds: 5 })).rejects.toThrow(AudioLimitError);
  });
});
