import { deleteAccountText, fallback, success } from '@storyloom/shared/messages';
import { exportText } from '@storyloom/shared/messages/keepsake';
import { useId, useRef, useState } from 'react';
import { ExportSection } from '#web/components/keepsake/ExportSection.tsx';
import { BusyButton } from '#web/components/ui/BusyButton.tsx';
import { FormAlert, FormNotice } from '#web/components/ui/FormAlert.tsx';
import { Modal } from '#web/components/ui/Modal.tsx';
import { TextField } from '#web/components/ui/TextField.tsx';
import { useFocusAfterRender } from '#web/hooks/use-focus-after-render.ts';
import { useForm } from '#web/hooks/use-form.ts';
import { ApiError, errorText } from '#web/lib/api-client.ts';
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
  // Each send (also "resend") moves focus to the code field once it is rendered.
  const focusCode = useFocusAfterRender(codeRef);
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
        focusCode();
      },
      onError: (error) => form.fail(errorText(error, fallback.startDeletion)),
    });
  };

  // A refused code (400) is about the code field: it takes the focus, selected, so a keyboard user types
  // the code again over the wrong one and presses Enter. Other failures stay the form's message.
  const onConfirm = form.submit(
    async ({ code }) => {
      await confirmDeletion.mutateAsync({ token: code });
      onDeleted();
    },
    {
      onError: (error) => {
        if (!(error instanceof ApiError) || error.status !== 400) return false;
        form.fail(errorText(error, fallback.deleteAccount), 'code');
        // Enter was pressed in the field, so it may keep the focus (no focus event): select it here.
        codeRef.current?.select();
        return true;
      },
    },
  );

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={deleteAccountText.title}
      initialFocusRef={step === 'explain' ? sendButtonRef : codeRef}
    >
      {step === 'explain' ? (
        <>
          <p>{deleteAccountText.intro}</p>
          <ul className="delete-list">
            {deleteAccountText.removes.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <section className="delete-keepsake" aria-labelledby={`${headingId}-keep`}>
            <h3 id={`${headingId}-keep`}>{exportText.beforeDelete}</h3>
            <ExportSection />
          </section>
          <p>{deleteAccountText.codeWillBeSent(<strong key="email">{email}</strong>)}</p>
          <FormAlert id={form.errorId} message={form.error?.message} alertRef={form.errorRef} />
          <div className="button-row">
            <BusyButton
              ref={sendButtonRef}
              type="button"
              className="button button-danger"
              onClick={sendCode}
              busy={busy === 'sending'}
              busyLabel={deleteAccountText.sending}
              disabled={busy !== null}
            >
              {deleteAccountText.sendCode}
            </BusyButton>
            <button type="button" className="button button-secondary" onClick={onClose}>
              {deleteAccountText.cancel}
            </button>
          </div>
        </>
      ) : (
        <>
          <FormNotice message={sentNote} />
          <p>{deleteAccountText.enterCode}</p>
          <form className="form" onSubmit={onConfirm} noValidate>
            <TextField
              label={deleteAccountText.codeLabel}
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
              onFocus={(event) => event.currentTarget.select()}
              required
            />
            <FormAlert id={form.errorId} message={form.error?.message} alertRef={form.errorRef} />
            <div className="button-row">
              <BusyButton
                className="button button-danger"
                busy={busy === 'deleting'}
                busyLabel={deleteAccountText.deleting}
                disabled={busy !== null}
              >
                {deleteAccountText.confirm}
              </BusyButton>
              <button type="button" className="button button-secondary" onClick={onClose}>
                {deleteAccountText.cancel}
              </button>
            </div>
          </form>
          <p className="modal-footnote">
            {deleteAccountText.noEmail}{' '}
            <button type="button" className="link-button" onClick={sendCode} disabled={busy !== null}>
              {deleteAccountText.resend}
            </button>
          </p>
        </>
      )}
    </Modal>
  );
}
