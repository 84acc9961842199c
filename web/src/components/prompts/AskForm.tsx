import { promptText } from '@storyloom/shared/messages/prompts';
import { askQuestionSchema } from '@storyloom/shared/schemas/prompts';
import { type RefObject, useEffect, useLayoutEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { FormAlert } from '#web/components/ui/FormAlert.tsx';
import { useToast } from '#web/components/ui/Toasts.tsx';
import { useForm } from '#web/hooks/use-form.ts';
import { AskButtons } from './AskButtons.tsx';
import type { AskDraft } from './AskFormShell.tsx';
import { useAskQuestion } from './api.ts';
import { QuestionField } from './QuestionField.tsx';

export interface AskFormProps {
  storytellerId: string;
  name: string;
  draft: RefObject<AskDraft>;
  /** The modal focuses this when it opens (the form is there at once when its code was loaded before). */
  fieldRef: RefObject<HTMLInputElement | null>;
  /** Each change of the text (kept as the draft until sent). */
  onText: (text: string) => void;
  /** Sent: the draft goes and the dialog closes. */
  onSent: () => void;
  onClose: () => void;
}

/**
 * "Ask {storyteller} a question"'s form, inside the dialog AskStoryteller.tsx draws at once (it loads this
 * when opened). It starts from what was typed into `AskFormShell` meanwhile (`draft`).
 */
export function AskForm({ storytellerId, name, draft, fieldRef, onText, onSent, onClose }: AskFormProps) {
  const ask = useAskQuestion(storytellerId);
  const toast = useToast();
  const form = useForm({
    schema: askQuestionSchema,
    defaultValues: { text: draft.current.text },
    fallback: promptText.askFailed,
  });
  const text = useWatch({ control: form.form.control, name: 'text' }) ?? '';
  const input = form.inputProps('text');
  useEffect(() => onText(text), [text, onText]);
  const onSubmit = form.submit(async (data) => {
    const answer = await ask.mutateAsync(data);
    toast.success(answer.message);
    onSent();
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form takes the shell's place.
  useLayoutEffect(() => {
    const field = document.getElementById(input.id);
    if (!(field instanceof HTMLInputElement)) return;
    fieldRef.current = field;
    if (draft.current.focused) {
      field.focus();
      field.setSelectionRange(...draft.current.selection);
    }
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once: Send was pressed before the form arrived.
  useEffect(() => {
    if (draft.current.submit) void onSubmit();
  }, []);

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <QuestionField input={input} label={promptText.askLabel} hint={promptText.askHint(name)} text={text} />
      <FormAlert id={form.errorId} message={form.error?.message} alertRef={form.errorRef} />
      <AskButtons busy={form.busy} onClose={onClose} />
    </form>
  );
}
