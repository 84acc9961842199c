import { DELETE_CODE_LENGTH, DELETE_CODE_TTL_SECONDS } from '@storyloom/shared/constants';
import { fallback, success } from '@storyloom/shared/messages';
import { exportText } from '@storyloom/shared/messages/keepsake';
import { useId, useRef, useState } from 'react';
import { ExportSection } from '#web/components/keepsake/ExportSection.tsx';
import { BusyButton } from '#web/components/ui/BusyButton.tsx';
import { FormAlert, FormNotice } from '#web/components/ui/FormAlert.tsx';
import { Modal } from '#web/components/ui/Modal.tsx';
import { TextField } from '#web/components/ui/TextField.tsx';
import { useForm } from '#web/hooks/use-form.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { useConfirmAccountDeletion } from '../api/confirm-account-deletion.ts';
import { useRequestAccountDeletion } from '../api/request-account-deletion.ts';
import { deleteCodeFormSchema } from '../utils/validation.ts';

/**
 * Account deletion (spec sections 2, 4, 5, 8): explain and send a code, then confirm with the
 * emailed code. `onDeleted` runs once the server has deleted the account. Closing keeps the step,
 * so a code already sent can still be typed in after an accidental close.
 */
export function DeleteAccountModal({
  open,
  email,
  onClose,
  onDeleted,
}: {
  open: boolean;
  email: string;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const [step, setStep] = useState<'explain' | 'code'>('explain');
  const headingId = useId();
  const [sentNote, setSentNote] = useState<string | null>(null);
  const form = useForm({ schema: deleteCodeFormSchema, defaultValues: { code: '' }, fallback: fallback.deleteAccount });
  const requestCode = useRequestAccountDeletion();
  const confirmDeletion = useConfirmAccountDeletion();
  const busy = requestCode.isPending ? 'sending' : form.busy || confirmDeletion.isSuccess ? 'deleting' : null;
  const sendButtonRef = useRef<HTMLButtonElement>(null);
  const codeRef = useRef<HTMLInputElement | null>(null);
  const codeInput = form.inputProps('code');

  const sendCode = () => {
    if (busy) return;
    form.clearError();
    setSentNote(null);
    requestCode.mutate(undefined, {
      onSuccess: (answer) => {
        setSentNote(answer?.message || success.deletionCodeSent);
        form.form.reset({ code: '' });
        setStep('code');
        // The code field appears with this render; focus it once it exists.
        requestAnimationFrame(() => codeRef.current?.focus());
      },
      onError: (error) => form.fail(error instanceof ApiError ? error.message : fallback.startDeletion),
    });
  };

  const onConfirm = form.submit(async ({ code }) => {
    await confirmDeletion.mutateAsync({ token: code });
    onDeleted();
  });

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Delete Account"
      initialFocusRef={step === 'explain' ? sendButtonRef : codeRef}
    >
      {step === 'explain' ? (
        <>
          <p>Deleting your account is permanent and cannot be undone. It removes:</p>
          <ul className="delete-list">
            <li>your profile, login and email address</li>
            <li>all your stories, text and audio, with their narrations</li>
            <li>your recordings, voice samples and voice clone</li>
            <li>share links and the stories you shared with others</li>
          </ul>
          <section className="delete-keepsake" aria-labelledby={`${headingId}-keep`}>
            <h3 id={`${headingId}-keep`}>{exportText.beforeDelete}</h3>
            <ExportSection />
          </section>
          <p>
            To make sure it's you, we'll email a {DELETE_CODE_LENGTH}-digit code to <strong>{email}</strong>.
          </p>
          <FormAlert id={form.errorId} message={form.error?.message} alertRef={form.errorRef} />
          <div className="button-row">
            <BusyButton
              ref={sendButtonRef}
              type="button"
              className="button button-danger"
              onClick={sendCode}
              busy={busy === 'sending'}
              busyLabel="Sending…"
              disabled={busy !== null}
            >
              Send Deletion Code
            </BusyButton>
            <button type="button" className="button button-secondary" onClick={onClose}>
              Cancel
            </button>
          </div>
        </>
      ) : (
        <>
          <FormNotice message={sentNote} />
          <p>
            Enter the code from the email. It works for {DELETE_CODE_TTL_SECONDS / 60} minutes. Your account and all its
            stories will be deleted at once.
          </p>
          <form className="form" onSubmit={onConfirm} noValidate>
            <TextField
              label="Deletion code"
              input={{
                ...codeInput,
                ref: (element) => {
                  codeInput.ref(element);
                  codeRef.current = element;
                },
              }}
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              spellCheck={false}
              className="code-input"
              required
            />
            <FormAlert id={form.errorId} message={form.error?.message} alertRef={form.errorRef} />
            <div className="button-row">
              <BusyButton
                className="button button-danger"
                busy={busy === 'deleting'}
                busyLabel="Deleting…"
                disabled={busy !== null}
              >
                Delete My Account
              </BusyButton>
              <button type="button" className="button button-secondary" onClick={onClose}>
                Cancel
              </button>
            </div>
          </form>
          <p className="modal-footnote">
            No email?{' '}
            <button type="button" className="link-button" onClick={sendCode} disabled={busy !== null}>
              Send a new code
            </button>
          </p>
        </>
      )}
    </Modal>
  );
}
