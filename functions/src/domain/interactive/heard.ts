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
