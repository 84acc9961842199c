import { promptText } from '@storyloom/shared/messages/prompts';
import { type FormEvent, type RefObject, useId, useLayoutEffect, useRef, useState } from 'react';
import { AskButtons } from './AskButtons.tsx';
import { QuestionField } from './QuestionField.tsx';

/**
 * What the reader did in the dialog before the form's code arrived, handed to the form when it mounts
 * (docs/web.md, "Typing before the form has loaded"). Its text outlives the opening (`useAskDraft`).
 */
export interface AskDraft {
  text: string;
  /** The caret, so typing goes on where it stopped. */
  selection: [number, number];
  /** The shell's input had the focus when the form replaced it. */
  focused: boolean;
  /** Send was pressed (or Enter): the form sends once it has arrived. */
  submit: boolean;
}

export const emptyDraft = (): AskDraft => ({ text: '', selection: [0, 0], focused: false, submit: false });

/**
 * The question dialog's body while `AskForm` (react-hook-form and zod) loads: the same field, label, hint
 * and buttons, drawn at once, so what the reader types right after opening lands in a real input. Each
 * keystroke goes to `draft`; the form starts from it, keeps the caret and the focus, and sends if Send
 * was already pressed.
 */
export function AskFormShell({
  name,
  draft,
  fieldRef,
  onText,
  onClose,
}: {
  name: string;
  draft: RefObject<AskDraft>;
  /** The modal focuses this when it opens. */
  fieldRef: RefObject<HTMLInputElement | null>;
  /** Each change of the text (kept as the draft). */
  onText: (text: string) => void;
  onClose: () => void;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(draft.current.text);
  const [pending, setPending] = useState(draft.current.submit);

  // Runs before React removes the input when the form takes its place: the focus is still to be read.
  useLayoutEffect(() => {
    const input = inputRef.current;
    fieldRef.current = input;
    return () => {
      if (!input) return;
      draft.current.focused = document.activeElement === input;
      draft.current.selection = [input.selectionStart ?? input.value.length, input.selectionEnd ?? input.value.length];
    };
  }, [draft, fieldRef]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    draft.current.submit = true;
    setPending(true);
  };
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <QuestionField
        input={{
          id: `${id}-text`,
          name: 'text',
          ref: inputRef,
          defaultValue: draft.current.text,
          onChange: (event) => {
            onText(event.currentTarget.value);
            setText(event.currentTarget.value);
          },
        }}
        label={promptText.askLabel}
        hint={promptText.askHint(name)}
        text={text}
      />
      <AskButtons busy={pending} onClose={onClose} />
    </form>
  );
}
