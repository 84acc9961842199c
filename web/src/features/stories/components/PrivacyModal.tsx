import { fallback, storyConfirmText, storyPrivacyText, storyShareText, success } from '@storyloom/shared/messages';
import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { BusyButton } from '#web/components/ui/BusyButton.tsx';
import { ConfirmDialog } from '#web/components/ui/ConfirmDialog.tsx';
import { FormAlert } from '#web/components/ui/FormAlert.tsx';
import { Modal } from '#web/components/ui/Modal.tsx';
import { useToast } from '#web/components/ui/Toasts.tsx';
import { paths } from '#web/config/paths.ts';
import { errorText } from '#web/lib/api-client.ts';
import { useCreateShareLink } from '../api/create-share-link.ts';
import { useRevokeShareLink } from '../api/revoke-share-link.ts';
import { useUpdatePrivacy } from '../api/update-privacy.ts';
import { ShareWithPeople } from './ShareWithPeople.tsx';

const privacyWord = (isPublic: boolean) => (isPublic ? storyPrivacyText.public : storyPrivacyText.private);

/**
 * The privacy and sharing modal (spec sections 2, 4, 5, 8): private or public, saved explicitly;
 * the share link (generate, copy, revoke); and sharing by username with a permission.
 *
 * A privacy choice is never dropped silently (issue 11): closing the modal (Done, ×, Escape) with a
 * choice that differs from the saved one asks first. Revoking the link and removing a share ask too.
 * Toasts show inside the dialog (Modal lends them its live region), one message per action.
 */
export function PrivacyModal({ open, onClose, story }: { open: boolean; onClose: () => void; story: StoryDto }) {
  const toast = useToast();
  const firstRef = useRef<HTMLInputElement>(null);
  const privacy = useUpdatePrivacy(story.ID);
  // Each opening starts afresh (the saved setting, no old messages): the sections remount. Counted
  // during render, not in an effect, so the new radio exists before the modal moves focus to it.
  const [openings, setOpenings] = useState(0);
  const [wasOpen, setWasOpen] = useState(open);
  /** The radio's choice; null while it matches the saved setting. */
  const [choice, setChoice] = useState<boolean | null>(null);
  const [asking, setAsking] = useState(false);
  const [openedAt, setOpenedAt] = useState(0);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setOpenings((n) => n + 1);
      setChoice(null);
      setOpenedAt(Date.now());
    }
  }
  // Only this opening's failure is shown.
  const privacyError =
    privacy.isError && privacy.submittedAt >= openedAt ? errorText(privacy.error, fallback.updatePrivacy) : null;
  const isPublic = choice ?? story.is_public;
  const unsaved = choice !== null && choice !== story.is_public;

  const save = (value: boolean, after?: () => void) =>
    // Spec section 4: allow_comments goes along with the privacy save; no control for it is shown.
    privacy.mutate(
      { is_public: value, is_private: !value, allow_comments: story.allow_comments },
      {
        onSuccess: (updated) => {
          setChoice(null);
          toast.success(success.privacyUpdated);
          if (updated.is_public === value) after?.();
        },
        onError: (error) => toast.error(errorText(error, fallback.updatePrivacy)),
      },
    );

  const requestClose = () => {
    if (unsaved) setAsking(true);
    else onClose();
  };

  return (
    <Modal open={open} onClose={requestClose} title={storyPrivacyText.modalTitle} initialFocusRef={firstRef}>
      <div className="privacy-modal" key={openings}>
        <PrivacyChoice
          story={story}
          isPublic={isPublic}
          unsaved={unsaved}
          onChoose={(value) => setChoice(value === story.is_public ? null : value)}
          onSave={() => save(isPublic)}
          saving={privacy.isPending}
          error={privacyError}
          firstRef={firstRef}
        />
        <ShareLink story={story} />
        <ShareWithPeople story={story} />
        <div className="button-row modal-footer">
          <button type="button" className="button button-secondary" onClick={requestClose}>
            {storyPrivacyText.done}
          </button>
        </div>
      </div>
      <Modal open={asking} onClose={() => setAsking(false)} title={storyPrivacyText.unsavedTitle}>
        <p>
          {storyPrivacyText.unsavedBody(
            <strong key="chosen">{privacyWord(isPublic)}</strong>,
            <strong key="saved">{privacyWord(story.is_public)}</strong>,
          )}
        </p>
        <div className="button-row">
          <BusyButton
            type="button"
            className="button button-primary"
            busy={privacy.isPending}
            busyLabel={storyPrivacyText.saving}
            onClick={() =>
              save(isPublic, () => {
                setAsking(false);
                onClose();
              })
            }
          >
            {storyPrivacyText.saveAs(privacyWord(isPublic))}
          </BusyButton>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              setAsking(false);
              setChoice(null);
              onClose();
            }}
          >
            {storyPrivacyText.keepAs(privacyWord(story.is_public))}
          </button>
        </div>
        <FormAlert message={privacyError} />
      </Modal>
    </Modal>
  );
}

function PrivacyChoice({
  story,
  isPublic,
  unsaved,
  onChoose,
  onSave,
  saving,
  error,
  firstRef,
}: {
  story: StoryDto;
  isPublic: boolean;
  unsaved: boolean;
  onChoose: (isPublic: boolean) => void;
  onSave: () => void;
  saving: boolean;
  error: string | null;
  firstRef: RefObject<HTMLInputElement | null>;
}) {
  const id = useId();
  return (
    <section className="modal-section" aria-labelledby={`${id}-title`}>
      <fieldset className="fieldset radio-group" aria-describedby={`${id}-now`}>
        <legend id={`${id}-title`}>{storyPrivacyText.question}</legend>
        <label className="radio-option">
          <input
            ref={firstRef}
            type="radio"
            name={`${id}-privacy`}
            value="private"
            checked={!isPublic}
            onChange={() => onChoose(false)}
          />
          <span>
            <strong>{storyPrivacyText.private}</strong>
            <span className="radio-hint">{storyPrivacyText.privateHint}</span>
          </span>
        </label>
        <label className="radio-option">
          <input
            type="radio"
            name={`${id}-privacy`}
            value="public"
            checked={isPublic}
            onChange={() => onChoose(true)}
          />
          <span>
            <strong>{storyPrivacyText.public}</strong>
            <span className="radio-hint">{storyPrivacyText.publicHint}</span>
          </span>
        </label>
      </fieldset>
      <p id={`${id}-now`} className={unsaved ? 'privacy-now privacy-unsaved' : 'privacy-now'}>
        {storyPrivacyText.now(<strong key="now">{privacyWord(story.is_public)}</strong>)}
        {unsaved ? storyPrivacyText.notSaved(privacyWord(isPublic)) : ''}
      </p>
      <div className="button-row">
        <BusyButton
          type="button"
          className="button button-primary"
          onClick={onSave}
          busy={saving}
          busyLabel={storyPrivacyText.saving}
        >
          {storyPrivacyText.save}
        </BusyButton>
      </div>
      <FormAlert message={error} />
    </section>
  );
}

function ShareLink({ story }: { story: StoryDto }) {
  const toast = useToast();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const generate = useCreateShareLink(story.ID);
  const revoke = useRevokeShareLink(story.ID);
  const [confirming, setConfirming] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const token = story.share_token;
  const serverUrl = generate.data;
  // The server's URL when we have it for this token; otherwise the same address built here.
  const url = token
    ? serverUrl?.share_token === token
      ? serverUrl.share_url
      : new URL(paths.sharedStory.getHref(token), window.location.origin).href
    : null;
  const failed = generate.error ?? revoke.error;
  const error = failed ? errorText(failed, generate.isError ? fallback.generateLink : fallback.revokeLink) : null;

  // Generate and Revoke each remove the button that was pressed: the focus follows to what replaced it
  // (the new link, selected; or Generate again), or a keyboard user is dropped at the top of the page.
  const generateRef = useRef<HTMLButtonElement>(null);
  const focusNext = useRef(false);
  useEffect(() => {
    if (!focusNext.current) return;
    focusNext.current = false;
    (url ? inputRef.current : generateRef.current)?.focus();
  }, [url]);

  const onGenerate = () => {
    revoke.reset();
    generate.mutate(undefined, {
      onSuccess: () => {
        focusNext.current = true;
        toast.success(success.linkGenerated);
      },
      onError: (err) => toast.error(errorText(err, fallback.generateLink)),
    });
  };

  const onRevoke = () => {
    // The question closes first, so the outcome shows in the privacy dialog.
    setConfirming(false);
    generate.reset();
    revoke.mutate(undefined, {
      onSuccess: () => {
        focusNext.current = true;
        toast.success(success.linkRevoked);
      },
      onError: (err) => toast.error(errorText(err, fallback.revokeLink)),
    });
  };

  // The clipboard API needs a secure context and permission; headless browsers and older tablets may
  // refuse it. Then the link is selected so the reader can copy it with the keyboard or a long press.
  const copy = async () => {
    if (!url) return;
    setNote(null);
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      toast.success(success.shareLinkCopied);
      return;
    } catch {
      // fall through to selecting the text
    }
    const input = inputRef.current;
    input?.focus();
    input?.select();
    let copied = false;
    try {
      copied = document.execCommand('copy');
    } catch {
      copied = false;
    }
    if (copied) toast.success(success.shareLinkCopied);
    else setNote(storyShareText.copyByHand);
  };

  return (
    <section className="modal-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{storyShareText.linkTitle}</h3>
      <p className="modal-intro">{storyShareText.linkIntro}</p>
      {url ? (
        <>
          <div className="field">
            <label htmlFor={`${id}-url`}>{storyShareText.linkLabel}</label>
            <input
              ref={inputRef}
              id={`${id}-url`}
              type="text"
              readOnly
              value={url}
              className="share-url"
              onFocus={(event) => event.currentTarget.select()}
            />
          </div>
          <div className="button-row">
            <button type="button" className="button button-primary" onClick={copy}>
              {storyShareText.copy}
            </button>
            <BusyButton
              type="button"
              className="button button-secondary"
              onClick={() => setConfirming(true)}
              busy={revoke.isPending}
              busyLabel={storyConfirmText.revokeLink.busy}
              aria-haspopup="dialog"
            >
              {storyConfirmText.revokeLink.open}
            </BusyButton>
          </div>
        </>
      ) : (
        <div className="button-row">
          <BusyButton
            ref={generateRef}
            type="button"
            className="button button-primary"
            onClick={onGenerate}
            busy={generate.isPending}
            busyLabel={storyShareText.generating}
          >
            {storyShareText.generate}
          </BusyButton>
        </div>
      )}
      {note && <p className="field-hint">{note}</p>}
      <FormAlert message={error} />
      <ConfirmDialog
        open={confirming}
        title={storyConfirmText.revokeLink.title}
        confirmLabel={storyConfirmText.revokeLink.confirm}
        cancelLabel={storyConfirmText.revokeLink.keep}
        danger
        onConfirm={onRevoke}
        onCancel={() => setConfirming(false)}
      >
        <p>
          {storyConfirmText.revokeLink.body(
            <strong key="title" dir="auto">
              {story.title}
            </strong>,
          )}
        </p>
      </ConfirmDialog>
    </section>
  );
}
