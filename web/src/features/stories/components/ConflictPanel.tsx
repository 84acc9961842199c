import { storyConflictText } from '@storyloom/shared/messages/stories';
import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { useEffect, useId, useRef } from 'react';
import { StoryParagraphs } from '#web/components/story/StoryParagraphs.tsx';
import { BusyButton } from '#web/components/ui/BusyButton.tsx';
import type { StoryFormValues } from '../utils/story-form.ts';

/**
 * A save based on an older version (another tab or device saved in between, issue 11): both texts
 * side by side, so the user keeps what they wrote. "Save My Version" replaces the stored one with
 * theirs; "Use the Saved Version" loads the stored one into the form (their text stays shown here
 * until they choose, and in the draft).
 */
export function ConflictPanel({
  message,
  mine,
  current,
  onKeepMine,
  onUseSaved,
  busy,
}: {
  message: string;
  mine: StoryFormValues;
  current: StoryDto;
  onKeepMine: () => void;
  onUseSaved: () => void;
  busy: boolean;
}) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <section ref={ref} tabIndex={-1} className="conflict card" aria-labelledby="conflict-title">
      <h2 id="conflict-title">{storyConflictText.title}</h2>
      <p className="form-error" role="alert">
        {message}
      </p>
      <div className="conflict-versions">
        <Version heading={storyConflictText.mine} title={mine.title} content={mine.content} />
        <Version heading={storyConflictText.saved} title={current.title} content={current.content} />
      </div>
      <div className="button-row">
        <BusyButton
          type="button"
          className="button button-primary"
          onClick={onKeepMine}
          busy={busy}
          busyLabel={storyConflictText.saving}
        >
          {storyConflictText.keepMine}
        </BusyButton>
        <button type="button" className="button button-secondary" onClick={onUseSaved} disabled={busy}>
          {storyConflictText.useSaved}
        </button>
      </div>
    </section>
  );
}

/** One of the two versions: its title and text, as the reader would see them. */
function Version({ heading, title, content }: { heading: string; title: string; content: string }) {
  const id = useId();
  return (
    <section className="conflict-version" aria-labelledby={id}>
      <h3 id={id}>{heading}</h3>
      <p className="conflict-title" dir="auto">
        {title}
      </p>
      <StoryParagraphs text={content} />
    </section>
  );
}
