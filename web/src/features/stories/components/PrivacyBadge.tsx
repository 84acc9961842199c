/** 'Private' or 'Public' (spec section 2, story detail): words, not just a colour. */
export function PrivacyBadge({ isPublic }: { isPublic: boolean }) {
  return (
    <span className={isPublic ? 'badge badge-public' : 'badge badge-private'}>{isPublic ? 'Public' : 'Private'}</span>
  );
}
