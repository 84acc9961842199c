/**
 * The narration contract shared by the voice worker (which writes it), the interactive answerer (which turns
 * a playback time into the text heard so far) and the SPA (read-along). Times are seconds from the start of
 * the narration audio; `offset`/`length` index the story's `content` string (UTF-16 code units), so a
 * word can be found in, and highlighted within, the text the reader sees.
 */
export interface WordTiming {
  /** The word as spoken (the text slice `content.slice(offset, offset + length)`). */
  text: string;
  start: number;
  end: number;
  offset: number;
  length: number;
}

/** queued -> generating -> ready | failed. `stale`: ready, but the story text changed since. */
export type NarrationStatus = 'queued' | 'generating' | 'ready' | 'failed';

export interface NarrationTimings {
  /** Seconds of audio. */
  duration: number;
  words: WordTiming[];
}
