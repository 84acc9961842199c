/**
 * Limits of photos in stories (docs/media.md, "Photos"), without zod so message files can import them.
 */
export const STORY_PHOTOS_MAX = 12;
/** A photo file: phones' JPEGs are 2–8 MB; 20 MB leaves room while keeping the confirm's one read small. */
export const STORY_PHOTO_MAX_BYTES = 20 * 1024 * 1024;
export const STORY_PHOTO_CAPTION_MAX = 300;
export const STORY_PHOTO_ALT_MAX = 250;
/** Long edge of the variants the worker makes (px); smaller photos are not enlarged. */
export const PHOTO_DISPLAY_EDGE = 1600;
export const PHOTO_THUMBNAIL_EDGE = 400;
