import { PROMPT_QUESTION_MAX } from '@storyloom/shared/prompts/limits';
import type { InputHTMLAttributes, Ref } from 'react';
import { CharCount } from '#web/components/ui/CharCount.tsx';

/**
 * One question's text box with its hint and character count: the question someone sends a storyteller,
 * and a question a storyteller writes for their own list.
 */
export function QuestionField({
  input,
  label,
  hint,
  text,
}: {
  /** The form's props for the field (`useForm().inputProps('text')`): id, name, error wiring. */
  input: InputHTMLAttributes<HTMLInputElement> & { id: string; ref?: Ref<HTMLInputElement> };
  label: string;
  hint: string;
  text: string;
}) {
  return (
    <div className="field">
      <label htmlFor={input.id}>{label}</label>
      <p className="field-hint" id={`${input.id}-hint`}>
        {hint}
      </p>
      <input
        {...input}
        type="text"
        dir="auto"
        aria-describedby={[`${input.id}-hint`, `${input.id}-count`, input['aria-describedby']]
          .filter(Boolean)
          .join(' ')}
      />
      <CharCount id={`${input.id}-count`} value={text} max={PROMPT_QUESTION_MAX} />
    </div>
  );
}
