import type { ReadAlongDto } from '@storyloom/shared/interactive';
import { type ReactNode, useEffect, useRef } from 'react';

export interface ReadAlongTextProps {
  content: string;
  sentences: ReadAlongDto['sentences'];
  /** Seconds into the narration; null while nothing plays (no highlight). */
  currentTime: number | null;
  /** A click on a sentence: seek the narration there. */
  onSeek?: (seconds: number) => void;
  /** Sentence ids to mark as cited by an answer. */
  marked?: ReadonlySet<number>;
  className?: string;
}

/** The sentence being spoken at `time`: the last one whose narration has started. */
export function currentSentence(sentences: ReadAlongDto['sentences'], time: number | null): number | null {
  if (time === null) return null;
  let found: number | null = null;
  for (const s of sentences) if (s.time !== null && s.time <= time + 0.05) found = s.id;
  return found;
}

/**
 * The story's text as paragraphs (split on line breaks, like StoryParagraphs), each sentence a button: the
 * sentence being spoken is highlighted while the narration plays and follows it; a click seeks there.
 */
export function ReadAlongText({ content, sentences, currentTime, onSeek, marked, className }: ReadAlongTextProps) {
  const active = currentSentence(sentences, currentTime);
  const activeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // Keep the spoken sentence in view, without yanking the page when nothing plays.
    if (active !== null) activeRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [active]);

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
      const isActive = s.id === active;
      parts.push(
        <button
          key={s.id}
          ref={isActive ? activeRef : undefined}
          type="button"
          className={`read-along-sentence${isActive ? ' is-speaking' : ''}${marked?.has(s.id) ? ' is-cited' : ''}`}
          data-sentence={s.id}
          aria-current={isActive ? 'true' : undefined}
          disabled={time === null || !onSeek}
          onClick={() => time !== null && onSeek?.(time)}
        >
          {content.slice(start, end)}
        </button>,
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
  return <div className={`story-text read-along ${className ?? ''}`}>{paragraphs}</div>;
}
