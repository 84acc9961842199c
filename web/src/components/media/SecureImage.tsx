import { useState } from 'react';
import { useSecureUrl } from '#web/lib/media-url.ts';

export interface SecureImageProps {
  /** A media path (a photo variant's key). */
  path: string;
  alt: string;
  /** On a share-link page: lets an anonymous reader through (docs/media.md). */
  shareToken?: string | null;
  width?: number;
  height?: number;
  className?: string;
  /** Shown instead of the picture when it cannot be loaded ('' shows nothing: a card's cover). */
  unavailable: string;
}

/**
 * A picture stored in the media bucket, shown through a short-lived presigned URL (batched with the
 * page's other media). A URL that expired while the page stayed open is renewed once on error; after
 * that the `unavailable` text shows. Width and height reserve the space, so the page does not jump.
 */
export function SecureImage({ path, alt, shareToken, width, height, className, unavailable }: SecureImageProps) {
  const { url, status, renew } = useSecureUrl(path, shareToken);
  const [renewed, setRenewed] = useState(false);
  const [failed, setFailed] = useState(false);
  if (status === 'error' || failed) return unavailable ? <p className="photo-unavailable">{unavailable}</p> : null;
  if (!url) return <span className="photo-loading" style={{ aspectRatio: ratio(width, height) }} aria-hidden="true" />;
  return (
    <img
      src={url}
      alt={alt}
      width={width}
      height={height}
      className={className}
      loading="lazy"
      decoding="async"
      onError={() => {
        if (renewed) setFailed(true);
        else {
          setRenewed(true);
          void renew().catch(() => setFailed(true));
        }
      }}
    />
  );
}

const ratio = (width?: number, height?: number) => (width && height ? `${width} / ${height}` : undefined);
