import type { NarrationTimings } from '@storyloom/shared/narration';
import { describe, expect, it } from 'vitest';
import { transcriptFromRecognition } from '../../adapters/voice/speech-to-text.ts';
import { carryTimings } from './carry-timings.ts';

/** A machine transcript as Scribe returns it: words one second apart. */
function machine(text: string): NarrationTimings {
  const tokens = text.match(/\S+|\s+/g) ?? [];
  let t = 0;
  const words = tokens.map((token) => {
    if (!/\S/.test(token)) return { text: token, start: t, end: t, type: 'spacing' };
    t += 1;
    return { text: token, start: t - 1, end: t - 0.1, type: 'word' };
  });
  const recognition = { text, words };
  return transcriptFromRecognition(recognition).timings!;
}

describe('transcriptFromRecognition', () => {
  it('finds each spoken word in the text, skipping spacing and audio events', () => {
    const result = transcriptFromRecognition({
      text: ' We kept bees. ',
      durationSeconds: 4,
      words: [
        { text: 'We', start: 0, end: 0.4, type: 'word' },
        { text: ' ', start: 0.4, end: 0.5, type: 'spacing' },
        { text: '(laughs)', start: 0.5, end: 1, type: 'audio_event' },
        { text: 'kept', start: 1, end: 1.5, type: 'word' },
        { text: ' ', start: 1.5, end: 1.6, type: 'spacing' },
        { text: 'bees.', start: 1.6, end: 2.2, type: 'word' },
      ],
    });
    expect(result.text).toBe('We kept bees.');
    expect(result.timings?.duration).toBe(4);
    expect(result.timings?.words.map((w) => [w.text, w.offset, w.start])).toEqual([
      ['We', 0, 0],
      ['kept', 3, 1],
      ['bees.', 8, 1.6],
    ]);
  });

  it('gives no timings when no word carries times', () => {
    expect(transcriptFromRecognition({ text: 'Hello there', words: [] })).toEqual({ text: 'Hello there' });
  });
});

describe('carryTimings', () => {
  const old = machine('We kept bees behind the old mil in nineteen fifty two');

  it('keeps the times of the words the storyteller kept and fits a corrected word between them', () => {
    const text = 'We kept bees behind the old mill in 1952.';
    const carried = carryTimings(old, text)!;
    const at = (word: string) => carried.words.find((w) => w.text === word)!;
    expect(at('bees').start).toBe(2);
    expect(at('old').start).toBe(5);
    // "mill" replaced "mil": between "old" (ends 5.9) and "in" (starts 7).
    expect(at('mill').start).toBeGreaterThanOrEqual(5.9);
    expect(at('mill').end).toBeLessThanOrEqual(7);
    expect(at('in').start).toBe(7);
    expect(text.slice(at('mill').offset, at('mill').offset + 4)).toBe('mill');
    for (let i = 1; i < carried.words.length; i++) {
      expect(carried.words[i]!.start).toBeGreaterThanOrEqual(carried.words[i - 1]!.start);
    }
  });

  it('drops the timings of a text rewritten rather than corrected', () => {
    expect(carryTimings(old, 'My grandmother grew roses along the fence by the road.')).toBeUndefined();
  });

  it('has nothing to carry without old timings', () => {
    expect(carryTimings(undefined, 'We kept bees.')).toBeUndefined();
  });
});
