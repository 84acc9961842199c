import { checkPickedFile, IMAGE_ACCEPT } from '@storyloom/shared/media';
import { fallback, success, validation } from '@storyloom/shared/messages';
import { useId, useRef, useState } from 'react';
import { Avatar } from '#web/components/media/Avatar.tsx';
import { errorText } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { scaleImage } from '#web/lib/scale-image.ts';
import type { User } from '#web/types/api.ts';
import { useUploadProfileImage } from '../api/upload-profile-image.ts';

/**
 * The profile's avatar with its upload (spec sections 2, 5, 8): JPEG, PNG, GIF or WebP under 5 MB,
 * checked here (type, size, and that it decodes), scaled down in the browser, checked again by the
 * server by content. The new picture replaces the old one everywhere once the profile reloads.
 */
export function ProfileImageUpload({ user }: { user: User }) {
  const { refreshUser } = useAuth();
  const upload = useUploadProfileImage();
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [scaling, setScaling] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const busy = scaling || upload.isPending;

  const onPick = async (file: File | undefined) => {
    if (!file) return;
    setMessage(null);
    const problem = checkPickedFile('profile-image', file);
    if (problem) return fail(problem);
    let scaled: Blob;
    setScaling(true);
    try {
      scaled = await scaleImage(file);
    } catch {
      return fail(validation.imageType);
    } finally {
      setScaling(false);
    }
    upload.mutate(scaled, {
      onSuccess: async () => {
        await refreshUser();
        setMessage({ kind: 'success', text: success.imageUpdated });
      },
      onError: (error) => fail(errorText(error, fallback.uploadImage)),
      onSettled: () => {
        if (inputRef.current) inputRef.current.value = '';
      },
    });
  };

  const fail = (text: string) => {
    setMessage({ kind: 'error', text });
    if (inputRef.current) inputRef.current.value = '';
  };

  return (
    <div className="avatar-upload">
      <Avatar name={user.Username} path={user.profile_image_url} size={96} />
      <button
        type="button"
        className="button button-secondary"
        onClick={() => inputRef.current?.click()}
        disabled={busy}
        aria-describedby={`${id}-picture-hint`}
      >
        {busy ? 'Uploading…' : user.profile_image_url ? 'Change Picture' : 'Upload Picture'}
      </button>
      <input
        ref={inputRef}
        id={`${id}-picture`}
        className="visually-hidden"
        type="file"
        accept={IMAGE_ACCEPT}
        disabled={busy}
        tabIndex={-1}
        aria-label="Profile picture file"
        onChange={(e) => void onPick(e.target.files?.[0])}
      />
      <p className="field-hint" id={`${id}-picture-hint`}>
        JPEG, PNG, GIF or WebP, under 5 MB.
      </p>
      {message && (
        <p
          className={message.kind === 'error' ? 'form-error' : 'form-success'}
          role={message.kind === 'error' ? 'alert' : 'status'}
        >
          {message.text}
        </p>
      )}
    </div>
  );
}
