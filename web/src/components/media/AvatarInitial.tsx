import type { AVATAR_SIZES } from '@storyloom/shared/constants';

export type AvatarSize = (typeof AVATAR_SIZES)[number];

/**
 * The first letter of a name in a round avatar: what `Avatar` shows when there is no picture (or it
 * cannot be loaded), and the navbar's placeholder while `Avatar` itself loads. Its own file, without
 * server state, so the shell can show it without pulling the picture's query code into every page's
 * initial JavaScript (docs/web.md, "Initial JavaScript").
 */
export function AvatarInitial({
  name,
  size,
  letterAsText = true,
}: {
  name: string;
  size: AvatarSize;
  /**
   * false draws the letter with CSS, so it adds nothing to the text of what holds it (the navbar's
   * Profile link reads "Profile", not "UProfile").
   */
  letterAsText?: boolean;
}) {
  const style = avatarStyle(size);
  const letter = Array.from(name.trim())[0]?.toLocaleUpperCase('en-US') ?? '?';
  if (!letterAsText) {
    return (
      <span
        className="avatar avatar-mark"
        style={style}
        aria-hidden="true"
        data-avatar-size={size}
        data-initial={letter}
      />
    );
  }
  return (
    <span className="avatar avatar-initial" style={style} aria-hidden="true" data-avatar-size={size}>
      {letter}
    </span>
  );
}

export const avatarStyle = (size: AvatarSize) => ({ width: size, height: size, fontSize: size * 0.45 });
