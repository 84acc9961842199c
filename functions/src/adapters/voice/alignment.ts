import type { WordTiming } from '@storyloom/shared/narration';
import { type TextSpan, words } from './text.ts';

/** ElevenLabs' character alignment of one request's text. */
export interface Alignment {
  characters: string[];
  starts: number[];
  ends: number[];
}

/** Share of the text's characters the alignment must match, in order, to be used at all. */
const MIN_MATCHED = 0.8;
/** How far past the audio's end an alignment time may run before it is not believed. */
const END_SLACK_SECONDS = 0.5;

/**
 * Whether an alignment can be trusted for this chunk: times present and in order, inside the audio, and
 * most of the chunk's characters found in it. Otherwise the words are spread evenly (`evenSpread`): a
 * read-along that drifts a little beats one that jumps.
 */
export function alignmentUsable(chunk: TextSpan, alignment: Alignment | undefined, chunkSeconds: number): boolean {
  if (!alignment || alignment.characters.length === 0) return false;
  const { characters, starts, ends } = alignment;
  if (starts.length !== characters.length || ends.length !== characters.length) return false;
  let previous = 0;
  for (let i = 0; i < starts.length; i++) {
    const s = starts[i]!;
    const e = ends[i]!;
    if (!Number.isFinite(s) || !Number.isFinite(e) || s < previous - 1e-6 || e < s) return false;
    if (e > chunkSeconds + END_SLACK_SECONDS) return false;
    previous = s;
  }
  return matchCharacters(chunk.text, alignment).matched / Math.max(1, chunk.text.length) >= MIN_MATCHED;
}

function matchCharacters(text: string, alignment: Alignment) {
  const charStart: Array<number | undefined> = new Array(text.length);
  const charEnd: Array<number | undefined> = new Array(text.length);
  let a = 0;
  let matched = 0;
  for (let i = 0; i < text.length && a < alignment.characters.length; i++) {
    // Look a few characters ahead for the same character; skip text characters the alignment lacks.
    for (let k = a; k < Math.min(alignment.characters.length, a + 8); k++) {
      if (alignment.characters[k] === text[i]) {
        charStart[i] = alignment.starts[k];
        charEnd[i] = alignment.ends[k];
        a = k + 1;
        matched++;
        break;
      }
    }
  }
  return { charStart, charEnd, matched };
}

/** Words spread over the chunk's audio in proportion to their length (the fallback). */
export function evenSpread(chunk: TextSpan, chunkSeconds: number, startAt: number): WordTiming[] {
  const spans = words(chunk.text, chunk.offset);
  const total = spans.reduce((n, w) => n + w.length + 1, 0);
  let at = 0;
  return spans.map((w) => {
    const start = (at / total) * chunkSeconds;
    at += w.length + 1;
    const end = ((at - 1) / total) * chunkSeconds;
    return { text: w.text, start: startAt + start, end: startAt + end, offset: w.offset, length: w.length };
  });
}

/**
 * Word timings from the character alignment of one chunk (times from `startAt`). The alignment's
 * characters are the chunk's own text; where they drift (normalisation), characters are matched in order
 * and words without a match are placed between their neighbours. An alignment that fails the sanity
 * check gives the even spread instead.
 */
export function alignWords(
  chunk: TextSpan,
  alignment: Alignment | undefined,
  chunkSeconds: number,
  startAt: number,
): WordTiming[] {
  if (!alignmentUsable(chunk, alignment, chunkSeconds)) return evenSpread(chunk, chunkSeconds, startAt);
  const { charStart, charEnd } = matchCharacters(chunk.text, alignment!);
  const spans = words(chunk.text, chunk.offset);
  const found = spans.map((w) => {
    const from = w.offset - chunk.offset;
    let start: number | undefined;
    let end: number | undefined;
    for (let i = from; i < from + w.length; i++) {
      start ??= charStart[i];
      end = charEnd[i] ?? end;
    }
    return { start, end };
  });
  for (let i = 0; i < found.length; i++) {
    if (found[i]!.start !== undefined) continue;
    let j = i;
    while (j < found.length && found[j]!.start === undefined) j++;
    const before = i > 0 ? (found[i - 1]!.end ?? found[i - 1]!.start!) : 0;
    const after = j < found.length ? found[j]!.start! : chunkSeconds;
    for (let k = i; k < j; k++) {
      found[k] = {
        start: before + ((after - before) * (k - i)) / (j - i),
        end: before + ((after - before) * (k - i + 1)) / (j - i),
      };
    }
    i = j - 1;
  }
  let previous = 0;
  return spans.map((w, i) => {
    const start = Math.min(chunkSeconds, Math.max(previous, found[i]!.start!));
    const end = Math.min(chunkSeconds, Math.max(start, found[i]!.end ?? start));
    previous = start;
    return { text: w.text, start: startAt + start, end: startAt + end, offset: w.offset, length: w.length };
  });
}
