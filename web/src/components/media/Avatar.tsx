import { useState } from 'react';
import { useSecureUrl } from '#web/lib/media-url.ts';
import { AvatarInitial, type AvatarSize, avatarStyle } from './AvatarInitial.tsx';

/**
 * A user's picture, round, at one of the spec's sizes (32 navbar, 48 cards and comments, 64 author
 * page, 96 profile), or the first letter of their name when there is none or it cannot be loaded.
 * `path` is the stored media key (`profile_image_url`), read through a secure URL. The name is always
 * printed beside it, so the picture is decorative for screen readers.
 */
export function Avatar({
  name,
  path,
  userId,
  size,
  letterAsText = true,
}: {
  name: string;
  path?: string | null;
  /** Instead of `path`: the user's current picture, when only their id is known (comments). */
  userId?: string;
  size: AvatarSize;
  /**
   * false draws the letter with CSS, so it adds nothing to the text of what holds it (the navbar's
   * Profile link reads "Profile", not "UProfile").
   */
  letterAsText?: boolean;
}) {
  const media = path || (userId ? `users/${userId}/avatar/current` : null);
  const { url, status } = useSecureUrl(media);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const style = avatarStyle(size);
  if (media && url && status !== 'error' && failedUrl !== url) {
    return (
      <img
        className="avatar"
        src={url}
        alt=""
        width={size}
        height={size}
        style={style}
        data-avatar-size={size}
        onError={() => setFailedUrl(url)}
      />
    );
  }
  return <AvatarInitial name={name} size={size} letterAsText={letterAsText} />;
}
