import { promptText } from '@storyloom/shared/messages/prompts';
import { askQuestionSchema } from '@storyloom/shared/schemas/prompts';
import { useWatch } from 'react-hook-form';
import { BusyButton } from '#web/components/ui/BusyButton.tsx';
import { FormAlert } from '#web/components/ui/FormAlert.tsx';
import { Modal } from '#web/components/ui/Modal.tsx';
import { useToast } from '#web/components/ui/Toasts.tsx';
import { useForm } from '#web/hooks/use-form.ts';
import { useAskQuestion } from './api.ts';
import { QuestionField } from './QuestionField.tsx';

/** "Ask {storyteller} a question"'s dialog (AskStoryteller.tsx loads it when opened). */
export function AskForm({
  storytellerId,
  name,
  onClose,
}: {
  storytellerId: string;
  name: string;
  onClose: () => void;
}) {
  const ask = useAskQuestion(storytellerId);
  const toast = useToast();
  const form = useForm({ schema: askQuestionSchema, defaultValues: { text: '' }, fallback: promptText.askFailed });
  const text = useWatch({ control: form.form.control, name: 'text' }) ?? '';
  const input = form.inputProps('text');
  const onSubmit = form.submit(async (data) => {
    const answer = await ask.mutateAsync(data);
    toast.success(answer.message);
    onClose();
  });
  return (
    <Modal open onClose={onClose} title={promptText.askTitle(name)} initialFocusId={input.id}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <QuestionField input={input} label={promptText.askLabel} hint={promptText.askHint(name)} text={text} />
        <FormAlert id={form.errorId} message={form.error?.message} alertRef={form.errorRef} />
        <div className="button-row">
          <BusyButton className="button button-primary button-large" busy={form.busy} busyLabel="Sending…">
            {promptText.askSend}
          </BusyButton>
          <button type="button" className="button button-secondary button-large" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
