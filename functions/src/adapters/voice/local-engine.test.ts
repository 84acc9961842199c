import { MPEGDecoder } from 'mpg123-decoder';
import { describe, expect, it } from 'vitest';
import { medianPitch } from './audio/pitch.ts';
import { encodeWav } from './audio/wav.ts';
import { LocalVoiceEngine } from './local-engine.ts';
import { parseLocalVoiceId } from './local-voices.ts';
import { voiceLikeSignal } from './test-signals.ts';
import { words } from './text.ts';

const STORY =
  'In 1952 my grandmother, Rosa, crossed the ocean with two suitcases and a sewing machine. ' +
  'She didn’t speak a word of English! Still, within a year she had opened a little shop on Elm Street… ' +
  'People came from miles away for her dresses; some of them still hang in our closets today.';

/** The narration's own median pitch, measured on the decoded MP3 (what a listener hears). */
async function mp3MedianPitch(mp3: Uint8Array): Promise<number | undefined> {
  const decoder = new MPEGDecoder();
  await decoder.ready;
  try {
    const { channelData, samplesDecoded, sampleRate } = decoder.decode(mp3);
    return medianPitch(channelData[0]!.subarray(0, samplesDecoded), sampleRate);
  } finally {
    decoder.free();
  }
}

describe('local voice engine', () => {
  const engine = new LocalVoiceEngine();

  for (const [label, hz] of [
    ['low', 105],
    ['high', 225],
  ] as const) {
    it(`narrates within 5% of a ${label} voice's median pitch`, async () => {
      const rate = 22_050;
      const sample = voiceLikeSignal({ medianHz: hz, seconds: 12, sampleRate: rate });
      const sampleMedian = medianPitch(sample, rate)!;
      expect(Math.abs(sampleMedian - hz) / hz).toBeLessThan(0.03);

      const { voiceId } = await engine.clone({
        name: label,
        sample: encodeWav(sample, rate),
        contentType: 'audio/wav',
        fileName: 'sample.wav',
      });
      expect(parseLocalVoiceId(voiceId)?.family).toBe(label === 'low' ? 'm' : 'f');
      const narration = await engine.synthesize(voiceId, STORY);
      const outMedian = await mp3MedianPitch(narration.mp3);
      expect(outMedian).toBeDefined();
      expect(Math.abs(outMedian! - sampleMedian) / sampleMedian).toBeLessThan(0.05);
    });
  }

  it('times every word of the text, in order, with offsets into the text', async () => {
    const narration = await engine.synthesize('local:m:110:165', STORY);
    const expected = words(STORY);
    expect(narration.words.map((w) => [w.text, w.offset, w.length])).toEqual(
      expected.map((w) => [w.text, w.offset, w.length]),
    );
    for (const w of narration.words) expect(STORY.slice(w.offset, w.offset + w.length)).toBe(w.text);
    for (let i = 0; i < narration.words.length; i++) {
      const w = narration.words[i]!;
      expect(w.end).toBeGreaterThanOrEqual(w.start);
      if (i > 0) expect(w.start).toBeGreaterThanOrEqual(narration.words[i - 1]!.start);
    }
    expect(narration.words.at(-1)!.end).toBeLessThanOrEqual(narration.duration + 0.01);
    expect(narration.duration).toBeGreaterThan(10);
  });

  it('refuses a sample without a voice', async () => {
    await expect(
      engine.clone({
        name: 'x',
        sample: encodeWav(new Float32Array(22_050 * 5), 22_050),
        contentType: 'audio/wav',
        fileName: 's.wav',
      }),
    ).rejects.toThrow(/No voice/);
  });
});
