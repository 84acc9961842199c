import { TOAST_SHELL_MS } from '@storyloom/shared/constants';
import { fallback, success } from '@storyloom/shared/messages';
import { contactSchema } from '@storyloom/shared/schemas/contact';
import { firstIssue } from '@storyloom/shared/schemas/fields';
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Modal } from '#web/components/ui/Modal.tsx';
import { useToast } from '#web/components/ui/Toasts.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { sendContactMessage } from '../api/send-contact-message.ts';

type Field = 'name' | 'email' | 'message';
type Values = Record<Field, string>;

const empty: Values = { name: '', email: '', message: '' };

function isField(value: unknown): value is Field {
  return value === 'name' || value === 'email' || value === 'message';
}

/**
 * The footer's Contact Us form (spec sections 1, 2, 5, 7, 8). Validates with the shared schema the
 * handler also uses; the draft survives closing the modal and is cleared once the message is sent.
 */
export function ContactModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const toast = useToast();
  const { user } = useAuth();
  const [values, setValues] = useState<Values>(empty);
  const [error, setError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<Field | null>(null);
  const [sending, setSending] = useState(false);
  const fieldRefs = {
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    message: useRef<HTMLTextAreaElement>(null),
  };
  const id = useId();
  const errorId = `${id}-error`;

  // A logged-in user should not have to type who they are.
  useEffect(() => {
    if (!open || !user) return;
    setValues((v) => ({ name: v.name || user.Username, email: v.email || user.Email, message: v.message }));
  }, [open, user]);

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const { name, value } = event.target;
    if (!isField(name)) return;
    setValues((v) => ({ ...v, [name]: value }));
    if (error) {
      setError(null);
      setInvalid(null);
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const parsed = contactSchema.safeParse(values);
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path[0];
      setError(firstIssue(parsed.error));
      setInvalid(isField(field) ? field : null);
      if (isField(field)) fieldRefs[field].current?.focus();
      return;
    }
    setSending(true);
    setError(null);
    setInvalid(null);
    try {
      await sendContactMessage(parsed.data);
      setValues(empty);
      toast.success(success.messageSent, { durationMs: TOAST_SHELL_MS });
      onClose();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : fallback.contact);
    } finally {
      setSending(false);
    }
  };

  const describedBy = (field: Field) => (invalid === field || (error && !invalid) ? errorId : undefined);

  return (
    <Modal open={open} onClose={onClose} title="Contact Us" initialFocusRef={fieldRefs.name}>
      <p className="modal-intro">Have a question or an idea? Send us a note and we will get back to you by email.</p>
      <form className="form" onSubmit={onSubmit} noValidate aria-describedby={error ? errorId : undefined}>
        <div className="field">
          <label htmlFor={`${id}-name`}>Your name</label>
          <input
            ref={fieldRefs.name}
            id={`${id}-name`}
            name="name"
            type="text"
            autoComplete="name"
            required
            value={values.name}
            onChange={onChange}
            aria-invalid={invalid === 'name' || undefined}
            aria-describedby={describedBy('name')}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-email`}>Your email</label>
          <input
            ref={fieldRefs.email}
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            required
            value={values.email}
            onChange={onChange}
            aria-invalid={invalid === 'email' || undefined}
            aria-describedby={describedBy('email')}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-message`}>Message</label>
          <textarea
            ref={fieldRefs.message}
            id={`${id}-message`}
            name="message"
            rows={6}
            required
            value={values.message}
            onChange={onChange}
            aria-invalid={invalid === 'message' || undefined}
            aria-describedby={describedBy('message')}
          />
        </div>
        {error && (
          <p id={errorId} className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="button-row">
          <button type="submit" className="button button-primary" disabled={sending} aria-busy={sending || undefined}>
            {sending ? 'Sending…' : 'Send Message'}
          </button>
          <button type="button" className="button button-secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
