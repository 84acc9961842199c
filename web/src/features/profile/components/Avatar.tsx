import type { AVATAR_SIZES } from '@storyloom/shared/constants';

export type AvatarSize = (typeof AVATAR_SIZES)[number];

/**
 * The user's picture, or the first letter of their name in a circle (spec section 2). The name is
 * printed beside it on the profile, so the picture itself is decorative for screen readers.
 */
export function Avatar({ name, imageUrl, size }: { name: string; imageUrl?: string | null; size: AvatarSize }) {
  const style = { width: size, height: size, fontSize: size * 0.45 };
  if (imageUrl && /^https?:\/\//.test(imageUrl)) {
    return <img className="avatar" src={imageUrl} alt="" width={size} height={size} style={style} />;
  }
  return (
    <span className="avatar avatar-initial" style={style} aria-hidden="true">
      {Array.from(name.trim())[0]?.toUpperCase() ?? '?'}
    </span>
  );
}
