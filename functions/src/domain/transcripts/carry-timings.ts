import type { NarrationTimings, WordTiming } from '@storyloom/shared/narration';
import { words } from '../../adapters/voice/text.ts';

/** How far ahead in the old words a new word is looked for (an inserted or removed phrase). */
const LOOKAHEAD = 12;
/** Share of the new words that must be found among the old ones for the timings to be kept at all. */
const MIN_MATCHED = 0.6;

const normal = (word: string) => word.toLocaleLowerCase('en-US').replace(/[’']/g, "'").replace(/[.,-]/g, '');

/**
 * The word timings of an edited transcript (docs/stories.md, "Transcripts"): the storyteller fixes a name or a
 * misheard word, and the recording has not changed, so the words they kept keep their times. Each new word is
 * matched, in order, to the same word among the next LOOKAHEAD old ones; a word not found (a correction, an
 * addition) gets a time between its matched neighbours. Undefined when too little of the text is the old one
 * (rewritten rather than corrected): a highlight that jumps about is worse than none.
 */
export function carryTimings(old: NarrationTimings | undefined, text: string): NarrationTimings | undefined {
  if (!old || old.words.length === 0) return undefined;
  const fresh = words(text);
  if (fresh.length === 0) return undefined;
  const oldWords = old.words.map((w) => normal(w.text));
  const matched: Array<WordTiming | undefined> = new Array(fresh.length);
  let cursor = 0;
  let count = 0;
  for (const [i, word] of fresh.entries()) {
    const want = normal(word.text);
    for (let j = cursor; j < Math.min(oldWords.length, cursor + LOOKAHEAD); j++) {
      if (oldWords[j] === want) {
        matched[i] = {
          text: word.text,
          start: old.words[j]!.start,
          end: old.words[j]!.end,
          offset: word.offset,
          length: word.length,
        };
        cursor = j + 1;
        count++;
        break;
      }
    }
  }
  if (count / fresh.length < MIN_MATCHED) return undefined;
  // Unmatched runs share the time between the matched words around them.
  const timed: WordTiming[] = [];
  for (let i = 0; i < fresh.length; ) {
    if (matched[i]) {
      timed.push(matched[i]!);
      i++;
      continue;
    }
    let end = i;
    while (end < fresh.length && !matched[end]) end++;
    const from = i > 0 ? matched[i - 1]!.end : 0;
    const to = end < fresh.length ? matched[end]!.start : old.duration;
    const step = Math.max(0, to - from) / (end - i);
    for (let k = i; k < end; k++) {
      const start = from + (k - i) * step;
      timed.push({
        text: fresh[k]!.text,
        start,
        end: start + step,
        offset: fresh[k]!.offset,
        length: fresh[k]!.length,
      });
    }
    i = end;
  }
  return { duration: old.duration, words: timed };
}
