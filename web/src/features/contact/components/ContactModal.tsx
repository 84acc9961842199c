import { CONTACT_MESSAGE_MAX, TOAST_SHELL_MS } from '@storyloom/shared/constants';
import { fallback, success } from '@storyloom/shared/messages';
import { contactSchema } from '@storyloom/shared/schemas/contact';
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { BusyButton } from '#web/components/ui/BusyButton.tsx';
import { CharCount } from '#web/components/ui/CharCount.tsx';
import { EmailField } from '#web/components/ui/EmailField.tsx';
import { FormAlert } from '#web/components/ui/FormAlert.tsx';
import { Modal } from '#web/components/ui/Modal.tsx';
import { useToast } from '#web/components/ui/Toasts.tsx';
import { useForm } from '#web/hooks/use-form.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useSendContactMessage } from '../api/send-contact-message.ts';

const empty = { name: '', email: '', message: '' };

/**
 * The footer's Contact Us form (spec sections 1, 2, 5, 7, 8). Validates with the shared schema the
 * handler also uses; the draft survives closing the modal and is cleared once the message is sent.
 */
export function ContactModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const toast = useToast();
  const { user } = useAuth();
  const send = useSendContactMessage();
  const form = useForm({ schema: contactSchema, defaultValues: empty, fallback: fallback.contact });
  const { getValues, setValue } = form.form;
  const sending = form.busy;
  const nameInput = form.inputProps('name');
  const messageInput = form.inputProps('message');
  const message = useWatch({ control: form.form.control, name: 'message' }) ?? '';

  // A logged-in user should not have to type who they are.
  useEffect(() => {
    if (!open || !user) return;
    if (!getValues('name')) setValue('name', user.Username);
    if (!getValues('email')) setValue('email', user.Email);
  }, [open, user, getValues, setValue]);

  const onSubmit = form.submit(async (data) => {
    await send.mutateAsync(data);
    form.form.reset(empty);
    toast.success(success.messageSent, { durationMs: TOAST_SHELL_MS });
    onClose();
  });

  return (
    <Modal open={open} onClose={onClose} title="Contact Us" initialFocusId={nameInput.id}>
      <p className="modal-intro">Have a question or an idea? Send us a note and we will get back to you by email.</p>
      <form
        className="form"
        onSubmit={onSubmit}
        noValidate
        aria-describedby={form.error && !form.error.field ? form.errorId : undefined}
      >
        <div className="field">
          <label htmlFor={nameInput.id}>Your name</label>
          <input {...nameInput} type="text" autoComplete="name" required />
        </div>
        <EmailField label="Your email" input={form.inputProps('email')} />
        <div className="field">
          <label htmlFor={messageInput.id}>Message</label>
          <textarea
            {...messageInput}
            rows={6}
            dir="auto"
            required
            aria-describedby={[messageInput['aria-describedby'], `${messageInput.id}-count`].filter(Boolean).join(' ')}
          />
          <CharCount id={`${messageInput.id}-count`} value={message} max={CONTACT_MESSAGE_MAX} />
        </div>
        <FormAlert id={form.errorId} message={form.error?.message} alertRef={form.errorRef} />
        <div className="button-row">
          <BusyButton className="button button-primary" busy={sending} busyLabel="Sending…">
            Send Message
          </BusyButton>
          <button type="button" className="button button-secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
