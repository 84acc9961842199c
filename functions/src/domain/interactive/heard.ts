import type { NarrationTimings } from '@storyloom/shared/narration';
import type { StorySentence } from '../../adapters/answerer/port.ts';

/** Within this many seconds of the end, the listener has heard the whole story. */
const END_SLACK_SECONDS = 0.75;

/**
 * How many sentences the listener has heard at `seconds` into the narration (docs/interactive.md,
 * "What asked_at means"): a sentence counts once the narration has started its last word. Without timings
 * (an audio story, or a narration of an older text) the position is spread evenly over the text.
 */
export function heardCountAt(
  sentences: readonly StorySentence[],
  timings: NarrationTimings | undefined,
  seconds: number,
  textLength: number,
): number {
  if (sentences.length === 0) return 0;
  if (!timings || timings.words.length === 0 || timings.duration <= 0) return sentences.length;
  if (seconds >= timings.duration - END_SLACK_SECONDS) return sentences.length;
  const words = timings.words;
  let heard = 0;
  let w = 0;
  for (const sentence of sentences) {
    // The last word inside this sentence.
    let last: (typeof words)[number] | undefined;
    while (w < words.length && words[w]!.offset < sentence.end) {
      if (words[w]!.offset >= sentence.start) last = words[w];
      w++;
    }
    if (!last) {
      // No timed word here (the narration is of another text version): fall back to proportion.
      if ((sentence.end / Math.max(1, textLength)) * timings.duration <= seconds) heard++;
      else break;
      continue;
    }
    if (last.start <= seconds) heard++;
    else break;
  }
  return heard;
}

/** Seconds into the narration where each sentence starts (null without a timed word in it), by sentence id. */
export function sentenceStartTimes(
  sentences: readonly StorySentence[],
  timings: NarrationTimings | undefined,
): Map<number, number | null> {
  const times = new Map<number, number | null>();
  const words = timings?.words ?? [];
  let w = 0;
  for (const sentence of sentences) {
    while (w < words.length && words[w]!.offset < sentence.start) w++;
    const first = words[w];
    times.set(sentence.id, first && first.offset < sentence.end ? first.start : null);
  }
  return times;
}

/**
 * What the question route keeps of a narration's word timings for one story text: per sentence, when its
 * first and its last word start (null without a timed word). A few numbers per sentence instead of the
 * whole timings file (about 630 KB for 8,000 words), read once per container (timings.ts).
 */
export interface SentenceTimes {
  duration: number;
  first: Array<number | null>;
  last: Array<number | null>;
}

export function sentenceTimes(sentences: readonly StorySentence[], timings: NarrationTimings): SentenceTimes {
  const first: Array<number | null> = [];
  const last: Array<number | null> = [];
  const words = timings.words;
  let w = 0;
  for (const sentence of sentences) {
    while (w < words.length && words[w]!.offset < sentence.start) w++;
    let firstStart: number | null = null;
    let lastStart: number | null = null;
    while (w < words.length && words[w]!.offset < sentence.end) {
      firstStart ??= words[w]!.start;
      lastStart = words[w]!.start;
      w++;
    }
    first.push(firstStart);
    last.push(lastStart);
  }
  return { duration: timings.duration, first, last };
}

/** `heardCountAt` on the compact times: the same rules (see above). */
export function heardCountFromTimes(
  sentences: readonly StorySentence[],
  times: SentenceTimes | undefined,
  seconds: number,
  textLength: number,
): number {
  if (sentences.length === 0) return 0;
  if (!times || times.duration <= 0 || times.last.every((t) => t === null)) return sentences.length;
  if (seconds >= times.duration - END_SLACK_SECONDS) return sentences.length;
  let heard = 0;
  for (const [i, sentence] of sentences.entries()) {
    const last = times.last[i];
    if (last === null || last === undefined) {
      if ((sentence.end / Math.max(1, textLength)) * times.duration <= seconds) heard++;
      else break;
      continue;
    }
    if (last <= seconds) heard++;
    else break;
  }
  return heard;
}
