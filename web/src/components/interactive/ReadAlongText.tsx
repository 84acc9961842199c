import type { ReadAlongDto } from '@storyloom/shared/interactive';
import { interactiveText } from '@storyloom/shared/messages/interactive';
import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { keepInView } from './keep-in-view.ts';

export interface ReadAlongTextProps {
  content: string;
  sentences: ReadAlongDto['sentences'];
  /** Seconds into the narration; null while nothing plays (no highlight). */
  currentTime: number | null;
  /** A click (or Enter) on a sentence: seek the narration there. */
  onSeek?: (seconds: number) => void;
  /** Sentence ids to mark as cited by an answer. */
  marked?: ReadonlySet<number>;
  className?: string;
  /** What is drawn over the text's lower part (the player's pinned question box): the sentence is kept above it. */
  cover?: RefObject<HTMLElement | null>;
  /** What may be drawn over its upper part (the player's compact controls): the sentence is kept below it. */
  coverTop?: RefObject<HTMLElement | null>;
}

/** The sentence being spoken at `time`: the last one whose narration has started. */
export function currentSentence(sentences: ReadAlongDto['sentences'], time: number | null): number | null {
  if (time === null) return null;
  let found: number | null = null;
  for (const s of sentences) if (s.time !== null && s.time <= time + 0.05) found = s.id;
  return found;
}

/** Keys that move between sentences, and where each goes in the list of seekable ones. */
const MOVES: Record<string, (index: number, last: number) => number> = {
  ArrowDown: (i, last) => Math.min(i + 1, last),
  ArrowRight: (i, last) => Math.min(i + 1, last),
  ArrowUp: (i) => Math.max(i - 1, 0),
  ArrowLeft: (i) => Math.max(i - 1, 0),
  Home: () => 0,
  End: (_, last) => last,
};

/**
 * The story's text as paragraphs (split on line breaks, like StoryParagraphs), each sentence a span inside
 * its paragraph, so lines wrap as in any text. Without sentences (not arrived yet, or a narration without
 * timings) it is the plain paragraphs, and the same nodes become the read-along when they arrive. The sentence being spoken is highlighted and kept in view by
 * scrolling its scroll container (or the page) vertically, never sideways. A click on a sentence seeks there.
 *
 * Keyboard: the whole text is ONE tab stop (a roving tabindex, docs/web.md "Accessibility"): the arrow keys,
 * Home and End move between sentences, Enter or Space plays from the focused one.
 */
export function ReadAlongText({
  content,
  sentences,
  currentTime,
  onSeek,
  marked,
  className,
  cover,
  coverTop,
}: ReadAlongTextProps) {
  const active = currentSentence(sentences, currentTime);
  const spans = useRef(new Map<number, HTMLSpanElement>());
  const hintId = useId();
  const [chosen, setChosen] = useState<number | null>(null);
  const seekable = onSeek ? sentences.filter((s) => s.time !== null) : [];
  // The tab stop: the sentence the keyboard last chose, else the one being spoken, else the first.
  const stop =
    seekable.find((s) => s.id === chosen)?.id ?? seekable.find((s) => s.id === active)?.id ?? seekable[0]?.id ?? null;

  useEffect(() => {
    // Keep the spoken sentence in view, without yanking the page when nothing plays.
    const span = active === null ? undefined : spans.current.get(active);
    if (span) keepInView(span, { cover: cover?.current, coverTop: coverTop?.current });
  }, [active, cover, coverTop]);

  const onKeyDown = (event: KeyboardEvent<HTMLSpanElement>) => {
    const id = Number((event.target as HTMLElement).dataset.sentence);
    const index = seekable.findIndex((s) => s.id === id);
    if (index < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
    const move = MOVES[event.key];
    if (move) {
      event.preventDefault();
      const next = seekable[move(index, seekable.length - 1)]!;
      setChosen(next.id);
      spans.current.get(next.id)?.focus();
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      setChosen(id);
      onSeek?.(seekable[index]!.time!);
    }
  };

  const paragraphs: ReactNode[] = [];
  for (const match of content.matchAll(/[^\r\n]+/g)) {
    const from = match.index;
    const to = from + match[0].length;
    if (!match[0].trim()) continue;
    const parts: ReactNode[] = [];
    let at = from;
    for (const s of sentences) {
      if (s.end <= from || s.start >= to) continue;
      const start = Math.max(s.start, from);
      const end = Math.min(s.end, to);
      if (start > at) parts.push(content.slice(at, start));
      const time = s.time;
      // A sentence running over a line break is one button: its first part.
      const first = start === s.start;
      const canSeek = onSeek !== undefined && time !== null && first;
      const isActive = s.id === active;
      const classes = `read-along-sentence${isActive ? ' is-speaking' : ''}${marked?.has(s.id) ? ' is-cited' : ''}`;
      const text = content.slice(start, end);
      const key = `${s.id}-${start}`;
      parts.push(
        canSeek ? (
          // biome-ignore lint/a11y/useSemanticElements: a <button> is one unbreakable box: a sentence must wrap with its paragraph.
          <span
            key={key}
            ref={(el) => {
              if (el) spans.current.set(s.id, el);
            }}
            className={classes}
            data-sentence={s.id}
            aria-current={isActive ? 'true' : undefined}
            role="button"
            tabIndex={s.id === stop ? 0 : -1}
            onKeyDown={onKeyDown}
            onClick={() => {
              setChosen(s.id);
              onSeek(time);
            }}
          >
            {text}
          </span>
        ) : (
          <span
            key={key}
            ref={(el) => {
              if (el && first) spans.current.set(s.id, el);
            }}
            className={classes}
            data-sentence={s.id}
            aria-current={isActive ? 'true' : undefined}
          >
            {text}
          </span>
        ),
      );
      at = end;
    }
    if (at < to) parts.push(content.slice(at, to));
    paragraphs.push(
      <p key={from} dir="auto">
        {parts}
      </p>,
    );
  }
  // One element structure whether or not sentences can be sought yet (the sentences and the session arrive after
  // the text): the paragraphs stay the same nodes instead of being made again, for the browser and for
  // Lighthouse's largest paint, which counts a paragraph made again as a new, later one.
  const seeking = seekable.length > 0;
  // A group (a text, not a form: a fieldset would bring a legend and form semantics) once it can be sought.
  const group = seeking
    ? { role: 'group', 'aria-label': interactiveText.readAlongLabel, 'aria-describedby': hintId }
    : undefined;
  return (
    <div className={`story-text read-along ${className ?? ''}`} {...group}>
      {seeking && (
        <p id={hintId} className="visually-hidden">
          {interactiveText.readAlongHint}
        </p>
      )}
      {paragraphs}
    </div>
  );
}
