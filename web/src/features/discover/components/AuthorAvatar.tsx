import { Avatar } from '#web/components/media/Avatar.tsx';

/** The author's picture on the author page: 64 px (spec section 9), or their initial when there is none. */
export function AuthorAvatar({ username, imageUrl }: { username: string; imageUrl: string | null }) {
  return <Avatar name={username} path={imageUrl} size={64} />;
}
