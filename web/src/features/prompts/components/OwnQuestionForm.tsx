import { promptText } from '@storyloom/shared/messages';
import { ownQuestionSchema } from '@storyloom/shared/schemas/prompts';
import { type FormEvent, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { QuestionField } from '#web/components/prompts/QuestionField.tsx';
import { BusyButton } from '#web/components/ui/BusyButton.tsx';
import { FormAlert, FormNotice } from '#web/components/ui/FormAlert.tsx';
import { useForm } from '#web/hooks/use-form.ts';
import { useAddOwnQuestion } from '../api/prompt-library.ts';

/** "Write your own question": one line, checked by the same schema as the server. */
export function OwnQuestionForm() {
  const form = useForm({ schema: ownQuestionSchema, defaultValues: { text: '' }, fallback: promptText.loadFailed });
  const add = useAddOwnQuestion();
  const [added, setAdded] = useState<string | null>(null);
  const text = useWatch({ control: form.form.control, name: 'text' }) ?? '';
  const input = form.inputProps('text');

  const submit = form.submit(async (data) => {
    const answer = await add.mutateAsync(data);
    form.form.reset({ text: '' });
    setAdded(answer.message);
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setAdded(null);
    void submit(event);
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-labelledby="own-question-title">
      <h3 id="own-question-title">{promptText.writeOwn}</h3>
      <QuestionField input={input} label={promptText.writeOwnLabel} hint={promptText.writeOwnHint} text={text} />
      <FormAlert id={form.errorId} message={form.error?.message} alertRef={form.errorRef} />
      <div className="button-row">
        <BusyButton className="button button-primary button-large" busy={form.busy} busyLabel="Adding…">
          {promptText.addOwn}
        </BusyButton>
      </div>
      <FormNotice message={added} />
    </form>
  );
}
