import { SHARE_PERMISSIONS, type SharePermission } from '@storyloom/shared/constants';
import { fallback, success } from '@storyloom/shared/messages';
import { firstIssue } from '@storyloom/shared/schemas/fields';
import { type ShareDto, type StoryDto, shareSchema } from '@storyloom/shared/schemas/stories';
import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import { FormAlert } from '#web/components/ui/FormAlert.tsx';
import { Modal } from '#web/components/ui/Modal.tsx';
import { useToast } from '#web/components/ui/Toasts.tsx';
import { paths } from '#web/config/paths.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { createShareLink } from '../api/create-share-link.ts';
import { removeShare } from '../api/remove-share.ts';
import { revokeShareLink } from '../api/revoke-share-link.ts';
import { shareStory } from '../api/share-story.ts';
import { updatePrivacy } from '../api/update-privacy.ts';

type StoryUpdate = (update: (story: StoryDto) => StoryDto) => void;

const permissionLabel: Record<SharePermission, string> = { read: 'Read', comment: 'Comment' };
const permissionHint: Record<SharePermission, string> = {
  read: 'can read',
  comment: 'can read and comment',
};

const messageOf = (error: unknown, text: string) => (error instanceof ApiError ? error.message : text);

/**
 * The privacy and sharing modal (spec sections 2, 4, 5, 8): private or public, saved explicitly;
 * the share link (generate, copy, revoke); and sharing by username with a permission.
 *
 * The shell's toasts sit under the modal's backdrop and outside its accessibility tree (a modal
 * dialog makes the page behind it inert), so each section also reports its last outcome inside the
 * dialog, in a live region of its own.
 */
export function PrivacyModal({
  open,
  onClose,
  story,
  onStoryChange,
}: {
  open: boolean;
  onClose: () => void;
  story: StoryDto;
  onStoryChange: StoryUpdate;
}) {
  const firstRef = useRef<HTMLInputElement>(null);
  // Each opening starts afresh (the saved setting, no old messages): the sections remount. Counted
  // during render, not in an effect, so the new radio exists before the modal moves focus to it.
  const [openings, setOpenings] = useState(0);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpenings((n) => n + 1);
  }
  return (
    <Modal open={open} onClose={onClose} title="Privacy & Sharing" initialFocusRef={firstRef}>
      <div className="privacy-modal" key={openings}>
        <PrivacyChoice story={story} onStoryChange={onStoryChange} firstRef={firstRef} />
        <ShareLink story={story} onStoryChange={onStoryChange} />
        <ShareWithPeople story={story} onStoryChange={onStoryChange} />
        <div className="button-row modal-footer">
          <button type="button" className="button button-secondary" onClick={onClose}>
            Done
          </button>
        </div>
      </div>
    </Modal>
  );
}

function Status({ text, id }: { text: string; id?: string }) {
  return (
    <p className="modal-status" role="status" id={id}>
      {text}
    </p>
  );
}

function PrivacyChoice({
  story,
  onStoryChange,
  firstRef,
}: {
  story: StoryDto;
  onStoryChange: StoryUpdate;
  firstRef: RefObject<HTMLInputElement | null>;
}) {
  const toast = useToast();
  const id = useId();
  const [isPublic, setIsPublic] = useState(story.is_public);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    setSaving(true);
    setError(null);
    setStatus('');
    try {
      // Spec section 4: allow_comments goes along with the privacy save; no control for it is shown.
      const updated = await updatePrivacy(story.ID, {
        is_public: isPublic,
        is_private: !isPublic,
        allow_comments: story.allow_comments,
      });
      onStoryChange(() => updated);
      toast.success(success.privacyUpdated);
      setStatus(success.privacyUpdated);
    } catch (err) {
      const message = messageOf(err, fallback.updatePrivacy);
      toast.error(message);
      setError(message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="modal-section" aria-labelledby={`${id}-title`}>
      <fieldset className="fieldset radio-group">
        <legend id={`${id}-title`}>Who can read this story?</legend>
        <label className="radio-option">
          <input
            ref={firstRef}
            type="radio"
            name={`${id}-privacy`}
            value="private"
            checked={!isPublic}
            onChange={() => setIsPublic(false)}
          />
          <span>
            <strong>Private</strong>
            <span className="radio-hint">Only you, and the people you share it with below.</span>
          </span>
        </label>
        <label className="radio-option">
          <input
            type="radio"
            name={`${id}-privacy`}
            value="public"
            checked={isPublic}
            onChange={() => setIsPublic(true)}
          />
          <span>
            <strong>Public</strong>
            <span className="radio-hint">Anyone can find and read it on the Stories page.</span>
          </span>
        </label>
      </fieldset>
      <div className="button-row">
        <button type="button" className="button button-primary" onClick={save} disabled={saving} aria-busy={saving}>
          {saving ? 'Saving…' : 'Save Privacy Settings'}
        </button>
      </div>
      <FormAlert message={error} />
      <Status text={status} />
    </section>
  );
}

function ShareLink({ story, onStoryChange }: { story: StoryDto; onStoryChange: StoryUpdate }) {
  const toast = useToast();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [serverUrl, setServerUrl] = useState<{ token: string; url: string } | null>(null);
  const [busy, setBusy] = useState<'generate' | 'revoke' | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const token = story.share_token;
  // The server's URL when we have it for this token; otherwise the same address built here.
  const url = token
    ? serverUrl?.token === token
      ? serverUrl.url
      : new URL(paths.sharedStory.getHref(token), window.location.origin).href
    : null;

  const report = (text: string) => {
    setError(null);
    setStatus(text);
  };
  const fail = (text: string) => {
    toast.error(text);
    setStatus('');
    setError(text);
  };

  const generate = async () => {
    setBusy('generate');
    try {
      const link = await createShareLink(story.ID);
      setServerUrl({ token: link.share_token, url: link.share_url });
      onStoryChange((s) => ({ ...s, share_token: link.share_token }));
      toast.success(success.linkGenerated);
      report(success.linkGenerated);
    } catch (err) {
      fail(messageOf(err, fallback.generateLink));
    } finally {
      setBusy(null);
    }
  };

  const revoke = async () => {
    setBusy('revoke');
    try {
      await revokeShareLink(story.ID);
      onStoryChange((s) => ({ ...s, share_token: null }));
      toast.success(success.linkRevoked);
      report(success.linkRevoked);
    } catch (err) {
      fail(messageOf(err, fallback.revokeLink));
    } finally {
      setBusy(null);
    }
  };

  // The clipboard API needs a secure context and permission; headless browsers and older tablets may
  // refuse it. Then the link is selected so the reader can copy it with the keyboard or a long press.
  const copy = async () => {
    if (!url) return;
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      toast.success(success.shareLinkCopied);
      report(success.shareLinkCopied);
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
    if (copied) {
      toast.success(success.shareLinkCopied);
      report(success.shareLinkCopied);
    } else {
      report('The link is selected. Press Ctrl+C (or Command+C on a Mac) to copy it.');
    }
  };

  return (
    <section className="modal-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Share Link</h3>
      <p className="modal-intro">
        Anyone with the link can read this story, even without an account. Revoke it to stop the link working.
      </p>
      {url ? (
        <>
          <div className="field">
            <label htmlFor={`${id}-url`}>Link to this story</label>
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
              Copy
            </button>
            <button
              type="button"
              className="button button-secondary"
              onClick={revoke}
              disabled={busy !== null}
              aria-busy={busy === 'revoke'}
            >
              {busy === 'revoke' ? 'Revoking…' : 'Revoke Link'}
            </button>
          </div>
        </>
      ) : (
        <div className="button-row">
          <button
            type="button"
            className="button button-primary"
            onClick={generate}
            disabled={busy !== null}
            aria-busy={busy === 'generate'}
          >
            {busy === 'generate' ? 'Generating…' : 'Generate Share Link'}
          </button>
        </div>
      )}
      <FormAlert message={error} />
      <Status text={status} />
    </section>
  );
}

function ShareWithPeople({ story, onStoryChange }: { story: StoryDto; onStoryChange: StoryUpdate }) {
  const toast = useToast();
  const id = useId();
  const usernameRef = useRef<HTMLInputElement>(null);
  const [username, setUsername] = useState('');
  const [permission, setPermission] = useState<SharePermission>('read');
  const [sharing, setSharing] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sharing) return;
    const parsed = shareSchema.safeParse({ username, permission });
    if (!parsed.success) {
      setStatus('');
      setError(firstIssue(parsed.error));
      usernameRef.current?.focus();
      return;
    }
    setSharing(true);
    setError(null);
    setStatus('');
    try {
      const { share } = await shareStory(story.ID, parsed.data);
      onStoryChange((s) => ({ ...s, shared_with: upsert(s.shared_with, share) }));
      const text = success.storyShared(share.SharedWith.username);
      toast.success(text);
      setStatus(text);
      setUsername('');
    } catch (err) {
      const text = messageOf(err, fallback.shareStory);
      toast.error(text);
      setError(text);
    } finally {
      setSharing(false);
    }
  };

  const remove = async (share: ShareDto) => {
    setRemoving(share.id);
    setError(null);
    try {
      await removeShare(share.id);
      onStoryChange((s) => ({ ...s, shared_with: s.shared_with.filter((x) => x.id !== share.id) }));
      toast.success(success.shareRemoved);
      setStatus(success.shareRemoved);
    } catch (err) {
      const text = messageOf(err, fallback.removeShare);
      toast.error(text);
      setStatus('');
      setError(text);
    } finally {
      setRemoving(null);
    }
  };

  return (
    <section className="modal-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Share with Family</h3>
      <p className="modal-intro">Share with someone who has a Storyloom account, by their username.</p>
      <form className="form share-form" onSubmit={onSubmit} noValidate>
        <div className="share-row">
          <div className="field">
            <label htmlFor={`${id}-username`}>Username</label>
            <input
              ref={usernameRef}
              id={`${id}-username`}
              name="username"
              type="text"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              value={username}
              onChange={(event) => {
                setUsername(event.target.value);
                if (error) setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-permission`}>Permission</label>
            <select
              id={`${id}-permission`}
              name="permission"
              value={permission}
              onChange={(event) => setPermission(event.target.value === 'comment' ? 'comment' : 'read')}
            >
              {SHARE_PERMISSIONS.map((p) => (
                <option key={p} value={p}>
                  {permissionLabel[p]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <p className="field-hint">Read: they can read the story. Comment: they can read it and leave comments.</p>
        <FormAlert id={`${id}-error`} message={error} />
        <div className="button-row">
          <button type="submit" className="button button-primary" disabled={sharing} aria-busy={sharing}>
            {sharing ? 'Sharing…' : 'Share Story'}
          </button>
        </div>
      </form>
      <Status text={status} />

      <h4 className="share-list-title">Shared with</h4>
      {story.shared_with.length === 0 ? (
        <p className="comments-empty">Nobody yet.</p>
      ) : (
        <ul className="share-list">
          {story.shared_with.map((share) => (
            <li key={share.id} className="share-item">
              <span className="share-who">
                <strong>{share.SharedWith.username}</strong>
                <span className="badge badge-permission">{permissionLabel[share.permission]}</span>
                <span className="visually-hidden">({permissionHint[share.permission]})</span>
              </span>
              <button
                type="button"
                className="button button-secondary button-small"
                onClick={() => remove(share)}
                disabled={removing === share.id}
                aria-label={`Remove ${share.SharedWith.username}`}
              >
                {removing === share.id ? 'Removing…' : 'Remove'}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Sharing again with someone changes their permission: replace their entry rather than adding a second. */
function upsert(shares: readonly ShareDto[], share: ShareDto): ShareDto[] {
  return shares.some((s) => s.id === share.id)
    ? shares.map((s) => (s.id === share.id ? share : s))
    : [...shares, share];
}
