import { useState } from 'react';

/** The author's picture, or their initial when there is none or it fails to load (spec section 2). */
export function AuthorAvatar({
  username,
  imageUrl,
  size = 96,
}: {
  username: string;
  imageUrl: string | null;
  size?: number;
}) {
  const [failed, setFailed] = useState(false);
  const initial = Array.from(username.trim())[0]?.toLocaleUpperCase('en-US') ?? '?';
  if (imageUrl && !failed) {
    return <img className="avatar" src={imageUrl} alt="" width={size} height={size} onError={() => setFailed(true)} />;
  }
  return (
    <span className="avatar avatar-initial" style={{ width: size, height: size }} aria-hidden="true">
      {initial}
    </span>
  );
}
