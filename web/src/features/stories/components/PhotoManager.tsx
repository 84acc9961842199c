import { checkPickedFile, IMAGE_ACCEPT } from '@storyloom/shared/media';
import {
  photoText,
  STORY_PHOTO_ALT_MAX,
  STORY_PHOTO_CAPTION_MAX,
  STORY_PHOTOS_MAX,
  type StoryPhotoDto,
} from '@storyloom/shared/photos';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { SecureImage } from '#web/components/media/SecureImage.tsx';
import { BusyButton } from '#web/components/ui/BusyButton.tsx';
import { ConfirmDialog } from '#web/components/ui/ConfirmDialog.tsx';
import { FormAlert, FormNotice } from '#web/components/ui/FormAlert.tsx';
import { useFocusAfterRemoval } from '#web/hooks/use-focus-after-removal.ts';
import { useFocusAfterRender } from '#web/hooks/use-focus-after-render.ts';
import { errorText } from '#web/lib/api-client.ts';
import { uploadMedia } from '#web/lib/upload.ts';
import { useAddPhoto, useRemovePhoto, useReorderPhotos, useStoryPhotos, useUpdatePhoto } from '../api/photos.ts';

/**
 * The owner's photo panel (docs/media.md, "Photos"): add a photo with its caption and alt text (the file
 * goes straight to S3, then the server checks it by content and header), then edit, order or remove
 * each. Processing shows until the worker has made the variants (the list is asked again meanwhile).
 */
export function PhotoManager({ storyId, initial }: { storyId: string; initial: readonly StoryPhotoDto[] | undefined }) {
  const photos = useStoryPhotos(storyId, initial);
  const list = photos.data ?? [];
  const [notice, setNotice] = useState<string | null>(null);
  // A removed item takes its button (and the keyboard's focus) with it: the heading takes the focus.
  const { targetRef: listTitleRef, removing } = useFocusAfterRemoval(list.length);
  return (
    <section className="panel photo-panel" aria-labelledby="panel-photos">
      <h2 id="panel-photos">{photoText.manageSection}</h2>
      <FormNotice message={notice} />
      {list.length < STORY_PHOTOS_MAX ? (
        <AddPhotoForm storyId={storyId} onAdded={setNotice} />
      ) : (
        <p className="panel-detail">{photoText.limitReached}</p>
      )}
      <h3 className="photo-panel-subtitle" ref={listTitleRef} tabIndex={-1}>
        {photoText.manageTitle}
      </h3>
      {photos.isError && <FormAlert message={errorText(photos.error, photoText.loadFailed)} />}
      {list.length === 0 ? (
        <p className="panel-detail">{photoText.none}</p>
      ) : (
        <ol className="photo-manage-list">
          {list.map((photo, i) => (
            <PhotoRow
              key={photo.id}
              storyId={storyId}
              photo={photo}
              index={i}
              order={list.map((p) => p.id)}
              onDone={setNotice}
              onRemoved={() => {
                removing();
              }}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

function AddPhotoForm({ storyId, onAdded }: { storyId: string; onAdded: (message: string | null) => void }) {
  const id = useId();
  const add = useAddPhoto(storyId);
  const fileRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [caption, setCaption] = useState('');
  const [alt, setAlt] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Each failure (even the same message again) moves focus to the alert once it has rendered.
  const focusAlert = useFocusAfterRender(alertRef);
  const busy = progress !== null || add.isPending;

  const fail = (message: string) => {
    setError(message);
    setProgress(null);
    focusAlert();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    onAdded(null);
    if (!file) return fail(photoText.uploadMissing);
    const problem = checkPickedFile('story-photo', file);
    if (problem) return fail(problem);
    try {
      setProgress(0);
      const key = await uploadMedia('story-photo', file, { onProgress: setProgress, fallback: photoText.addFailed });
      const answer = await add.mutateAsync({ upload_key: key, caption, alt });
      setProgress(null);
      setFile(null);
      setCaption('');
      setAlt('');
      if (fileRef.current) fileRef.current.value = '';
      onAdded(answer.message ?? photoText.added);
    } catch (err) {
      fail(errorText(err, photoText.addFailed));
    }
  };

  return (
    <form className="photo-add" onSubmit={onSubmit} noValidate aria-describedby={`${id}-hint`}>
      <p id={`${id}-hint`} className="field-hint">
        {photoText.addHint}
      </p>
      {/* Nothing changes while a photo goes up: its form is cleared when it is in. */}
      <fieldset className="photo-add-fields" disabled={busy}>
        <div className="field">
          <label htmlFor={`${id}-file`}>{photoText.chooseFile}</label>
          <input
            ref={fileRef}
            id={`${id}-file`}
            type="file"
            accept={IMAGE_ACCEPT}
            onChange={(e) => {
              setError(null);
              setFile(e.target.files?.[0] ?? null);
            }}
          />
        </div>
        <PhotoTextFields id={id} caption={caption} alt={alt} onCaption={setCaption} onAlt={setAlt} />
      </fieldset>
      <FormAlert message={error} alertRef={alertRef} />
      {progress !== null && file && (
        <p role="status" className="photo-progress">
          <progress max={1} value={progress} aria-hidden="true" />{' '}
          {photoText.uploading(file.name, Math.round(progress * 100))}
        </p>
      )}
      <BusyButton busy={busy} busyLabel={photoText.adding} className="button button-primary button-block">
        {photoText.addPhotos}
      </BusyButton>
    </form>
  );
}

function PhotoRow({
  storyId,
  photo,
  index,
  order,
  onDone,
  onRemoved,
}: {
  storyId: string;
  photo: StoryPhotoDto;
  index: number;
  order: string[];
  onDone: (message: string) => void;
  onRemoved: () => void;
}) {
  const id = useId();
  const update = useUpdatePhoto(storyId);
  const remove = useRemovePhoto(storyId);
  const reorder = useReorderPhotos(storyId);
  const [caption, setCaption] = useState(photo.caption);
  const [alt, setAlt] = useState(photo.alt);
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState(false);
  const label = photoText.photoOf(index + 1, order.length);

  const run = async (action: () => Promise<{ message?: string }>, fallback: string): Promise<boolean> => {
    setError(null);
    try {
      const answer = await action();
      if (answer.message) onDone(answer.message);
      return true;
    } catch (err) {
      setError(errorText(err, fallback));
      return false;
    }
  };
  // Keyboard users stay with the photo they moved: its row is keyed by id, so these are the same buttons
  // in the new place; at an end, where the pressed one is off, the other arrow takes the focus.
  const upRef = useRef<HTMLButtonElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);
  const moving = useRef<{ from: number; by: -1 | 1 } | null>(null);
  useEffect(() => {
    if (!moving.current || moving.current.from === index) return;
    const { by } = moving.current;
    moving.current = null;
    const [pressed, other] = by < 0 ? [upRef.current, downRef.current] : [downRef.current, upRef.current];
    (pressed && !pressed.disabled ? pressed : other)?.focus();
  }, [index]);
  const move = (by: -1 | 1) => {
    // Not disabled while saving: a focused button that turns disabled drops the focus to the page.
    if (reorder.isPending) return;
    const next = [...order];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    moving.current = { from: index, by };
    void run(() => reorder.mutateAsync(next), photoText.orderFailed).then((moved) => {
      if (!moved) moving.current = null;
    });
  };

  return (
    <li className="photo-manage-item" aria-label={label}>
      <div className="photo-manage-thumb">
        {photo.status === 'ready' && photo.thumbnail_url ? (
          <SecureImage
            path={photo.thumbnail_url}
            alt={photo.alt || photoText.defaultAlt(index + 1)}
            unavailable={photoText.unavailable}
          />
        ) : (
          <p className={photo.status === 'failed' ? 'photo-unavailable' : 'photo-processing'} role="status">
            {photo.status === 'failed' ? photoText.failed : photoText.processing}
          </p>
        )}
      </div>
      <form
        className="photo-manage-fields"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void run(() => update.mutateAsync({ photoId: photo.id, caption, alt }), photoText.saveFailed);
        }}
      >
        <PhotoTextFields id={id} caption={caption} alt={alt} onCaption={setCaption} onAlt={setAlt} />
        <FormAlert message={error} />
        <div className="button-row photo-manage-actions">
          <BusyButton busy={update.isPending} className="button button-secondary">
            {photoText.save}
          </BusyButton>
          <button
            ref={upRef}
            type="button"
            className="button button-secondary"
            disabled={index === 0}
            aria-disabled={reorder.isPending || undefined}
            onClick={() => move(-1)}
          >
            {photoText.moveUp}
            <span className="visually-hidden">: {label}</span>
          </button>
          <button
            ref={downRef}
            type="button"
            className="button button-secondary"
            disabled={index === order.length - 1}
            aria-disabled={reorder.isPending || undefined}
            onClick={() => move(1)}
          >
            {photoText.moveDown}
            <span className="visually-hidden">: {label}</span>
          </button>
          <button
            type="button"
            className="button button-danger"
            onClick={() => setConfirm(true)}
            aria-haspopup="dialog"
          >
            {photoText.remove}
            <span className="visually-hidden">: {label}</span>
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={confirm}
        title={photoText.confirmRemove}
        confirmLabel={photoText.remove}
        busyLabel={photoText.removing}
        cancelLabel={photoText.keepPhoto}
        busy={remove.isPending}
        danger
        onConfirm={() =>
          void run(() => remove.mutateAsync(photo.id), photoText.removeFailed)
            .then((done) => {
              if (done) onRemoved();
            })
            .finally(() => setConfirm(false))
        }
        onCancel={() => setConfirm(false)}
      >
        <p>{photo.caption || label}</p>
      </ConfirmDialog>
    </li>
  );
}

/** A photo's caption and alt text, the same two fields when adding a photo and when editing one. */
function PhotoTextFields(props: {
  id: string;
  caption: string;
  alt: string;
  onCaption: (value: string) => void;
  onAlt: (value: string) => void;
}) {
  return (
    <>
      <div className="field">
        <label htmlFor={`${props.id}-caption`}>{photoText.caption}</label>
        <input
          id={`${props.id}-caption`}
          value={props.caption}
          maxLength={STORY_PHOTO_CAPTION_MAX}
          onChange={(e) => props.onCaption(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${props.id}-alt`}>{photoText.alt}</label>
        <input
          id={`${props.id}-alt`}
          value={props.alt}
          maxLength={STORY_PHOTO_ALT_MAX}
          onChange={(e) => props.onAlt(e.target.value)}
        />
      </div>
    </>
  );
}
