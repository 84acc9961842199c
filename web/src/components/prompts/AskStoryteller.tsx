import { promptText } from '@storyloom/shared/messages';
import { askQuestionSchema } from '@storyloom/shared/schemas/prompts';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { BusyButton } from '#web/components/ui/BusyButton.tsx';
import { FormAlert } from '#web/components/ui/FormAlert.tsx';
import { Modal } from '#web/components/ui/Modal.tsx';
import { useToast } from '#web/components/ui/Toasts.tsx';
import { useForm } from '#web/hooks/use-form.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useAskQuestion, useCanAsk } from './api.ts';
import { QuestionField } from './QuestionField.tsx';

/**
 * "Ask {storyteller} a question" (docs/family-loop.md), on a story shared with the reader by name and on the
 * storyteller's author page. Shown only when the server says the signed-in reader may ask (a by-name share
 * from this storyteller); the server checks again on sending.
 */
export function AskStoryteller({ storytellerId, name }: { storytellerId: string; name: string }) {
  // Visitors without an account (the author page is public) are never asked about: nobody to ask as.
  const { isLoggedIn, user } = useAuth();
  const can = useCanAsk(storytellerId, isLoggedIn && user?.ID !== storytellerId);
  const [open, setOpen] = useState(false);
  if (!isLoggedIn || !can.data?.can_ask) return null;
  return (
    <section className="panel ask-storyteller" aria-labelledby="ask-storyteller-title">
      <h2 id="ask-storyteller-title">{promptText.askTitle(name)}</h2>
      <p className="panel-detail">{promptText.askHint(name)}</p>
      <button
        type="button"
        className="button button-primary button-large"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
      >
        {promptText.askTitle(name)}
      </button>
      {open && <AskForm storytellerId={storytellerId} name={name} onClose={() => setOpen(false)} />}
    </section>
  );
}

function AskForm({ storytellerId, name, onClose }: { storytellerId: string; name: string; onClose: () => void }) {
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
