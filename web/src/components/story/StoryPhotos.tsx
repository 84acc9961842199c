// The texts alone, not the photo schemas: the shared view's first load carries no zod (first-load.test.ts).
import { photoViewText as photoText } from '@storyloom/shared/messages/reading';
import type { StoryPhotoDto } from '@storyloom/shared/photos';
import { SecureImage } from '#web/components/media/SecureImage.tsx';

/**
 * A story's photos in order (docs/media.md, "Photos"), on the story page, the shared view and the
 * admin's Read modal: the display variant with its alt text (or "Photo n") and its caption. A photo
 * whose variants are still being made says so; one that failed is shown to its owner only.
 */
export function StoryPhotos({
  photos,
  shareToken,
  owner = false,
  headingLevel = 2,
}: {
  photos: readonly StoryPhotoDto[] | undefined;
  shareToken?: string | null;
  owner?: boolean;
  headingLevel?: 2 | 3;
}) {
  const shown = (photos ?? []).filter((p) => p.status !== 'failed' || owner);
  if (shown.length === 0) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="story-photos" aria-labelledby="story-photos-title">
      <Heading id="story-photos-title" className="visually-hidden">
        {photoText.section}
      </Heading>
      <ul className="story-photo-list">
        {shown.map((photo, i) => (
          <li key={photo.id}>
            <figure className="story-photo">
              <PhotoBody photo={photo} n={i + 1} shareToken={shareToken} />
              {photo.caption && (
                <figcaption dir="auto" className="story-photo-caption">
                  {photo.caption}
                </figcaption>
              )}
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}

function PhotoBody({ photo, n, shareToken }: { photo: StoryPhotoDto; n: number; shareToken?: string | null }) {
  if (photo.status === 'processing')
    return (
      <p className="photo-processing" role="status">
        {photoText.processing}
      </p>
    );
  if (photo.status === 'failed' || !photo.display_url)
    return <p className="photo-unavailable">{photo.status === 'failed' ? photoText.failed : photoText.unavailable}</p>;
  return (
    <SecureImage
      path={photo.display_url}
      alt={photo.alt || photoText.defaultAlt(n)}
      shareToken={shareToken}
      width={photo.width}
      height={photo.height}
      className="story-photo-image"
      unavailable={photoText.unavailable}
    />
  );
}

/** A card's cover: the first photo's thumbnail, with its alt text (or "First photo of <title>"). */
export function CoverPhoto({
  cover,
  title,
}: {
  cover: { thumbnail_url: string; alt: string } | null | undefined;
  title: string;
}) {
  if (!cover) return null;
  return (
    <SecureImage
      path={cover.thumbnail_url}
      alt={cover.alt || photoText.coverAlt(title)}
      className="story-card-cover"
      unavailable=""
    />
  );
}
