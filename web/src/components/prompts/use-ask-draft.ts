import { useCallback, useRef, useState } from 'react';
import { useTextDraft } from '#web/hooks/use-draft.ts';
import { type AskDraft, emptyDraft } from './AskFormShell.tsx';

/**
 * The question a reader is writing to a storyteller, kept until it is sent: across closing the dialog (its
 * close, Escape, Back) and across leaving the page, like a half-written comment (`useDraft`, key
 * `<user>.ask.<storyteller>`, cleared at logout). It is back in the box on opening again, without asking.
 */
export function useAskDraft(storytellerId: string) {
  const stored = useTextDraft(`ask.${storytellerId}`);
  const [initial] = useState(() => ({ ...emptyDraft(), text: stored.offered?.values.text ?? '' }));
  const draft = useRef<AskDraft>(initial);
  const { write } = stored;
  return {
    draft,
    /** A new opening: the text stays; the caret goes to its end and nothing is waiting to be sent. */
    opened: () => {
      const { text } = draft.current;
      draft.current = { text, selection: [text.length, text.length], focused: false, submit: false };
    },
    /** Each change of the text, from the shell or the form. */
    typed: useCallback(
      (text: string) => {
        draft.current.text = text;
        write(text.trim() ? { text } : null);
      },
      [write],
    ),
    sent: () => {
      draft.current = emptyDraft();
      write(null);
    },
  };
}
