import type { CoverPhotoDto, StoryPhotoDto } from '@storyloom/shared/photos';
import type { StoryRecord } from '../../data/stories.ts';
import type { StoryPhoto } from '../../data/story-photos.ts';

/**
 * A photo as the API returns it. Keys are media paths for the secure-url routes; the original (as
 * uploaded, it may carry EXIF and GPS) goes to the story's owner only, and secure-url refuses it to
 * anyone else too (domain/media/secure-url.ts).
 */
export function toPhotoDto(photo: StoryPhoto, order: number, isOwner: boolean): StoryPhotoDto {
  const ready = photo.status === 'ready';
  return {
    id: photo.id,
    caption: photo.caption,
    alt: photo.alt,
    order,
    status: photo.status,
    width: photo.width,
    height: photo.height,
    display_url: ready ? (photo.displayKey ?? null) : null,
    thumbnail_url: ready ? (photo.thumbnailKey ?? null) : null,
    original_url: isOwner ? photo.originalKey : null,
  };
}

/** The photos of a single-story view, in order. */
export function toPhotoDtos(photos: readonly StoryPhoto[], isOwner: boolean): StoryPhotoDto[] {
  return photos.map((photo, i) => toPhotoDto(photo, i, isOwner));
}

/** The card's cover: the first ready photo's thumbnail (kept on the story item), or null. */
export function toCoverDto(story: StoryRecord): CoverPhotoDto | null {
  return story.coverPhoto ? { thumbnail_url: story.coverPhoto.key, alt: story.coverPhoto.alt } : null;
}
