import type { NarrationTimings } from '@storyloom/shared/narration';
import { describe, expect, it } from 'vitest';
import { splitSentences } from '../../adapters/answerer/sentences.ts';
import { heardCountAt, heardCountFromTimes, sentenceStartTimes, sentenceTimes } from './heard.ts';

const TEXT = 'I met him in 1952. He stepped on my feet. We married in June.';
const sentences = splitSentences(TEXT);

/** Synthetic timings: one word every 0.5 s, as the voice engine's would be. */
function timingsOf(text: string): NarrationTimings {
  const words = [...text.matchAll(/[\w']+/g)].map((m, i) => ({
    text: m[0],
    offset: m.index,
    length: m[0].length,
    start: i * 0.5,
    end: i * 0.5 + 0.4,
  }));
  return { duration: words.length * 0.5 + 0.5, words };
}
const timings = timingsOf(TEXT);

describe('heard text', () => {
  it('counts a sentence once its last word has started', () => {
    // Words: I met him in 1952 (0..2.0) | He stepped on my feet (2.5..4.5) | We married in June (5..6.5)
    expect(heardCountAt(sentences, timings, 0, TEXT.length)).toBe(0);
    expect(heardCountAt(sentences, timings, 1.9, TEXT.length)).toBe(0);
    expect(heardCountAt(sentences, timings, 2, TEXT.length)).toBe(1);
    expect(heardCountAt(sentences, timings, 4.6, TEXT.length)).toBe(2);
  });

  it('is the whole text at the end, and without timings', () => {
    expect(heardCountAt(sentences, timings, timings.duration, TEXT.length)).toBe(3);
    expect(heardCountAt(sentences, undefined, 0, TEXT.length)).toBe(3);
  });

  it('gives each sentence the time of its first word, for seeking', () => {
    expect([...sentenceStartTimes(sentences, timings).values()]).toEqual([0, 2.5, 5]);
    expect([...sentenceStartTimes(sentences, undefined).values()]).toEqual([null, null, null]);
  });
});

describe('compact sentence times', () => {
  it('give the same heard count as the whole timings, at every moment', () => {
    const times = sentenceTimes(sentences, timings);
    expect(times.first).toEqual([0, 2.5, 5]);
    for (let t = 0; t <= timings.duration; t += 0.25)
      expect(heardCountFromTimes(sentences, times, t, TEXT.length)).toBe(
        heardCountAt(sentences, timings, t, TEXT.length),
      );
    expect(heardCountFromTimes(sentences, undefined, 0, TEXT.length)).toBe(3);
  });
});
