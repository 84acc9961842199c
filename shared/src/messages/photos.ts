import { STORY_PHOTO_ALT_MAX, STORY_PHOTO_CAPTION_MAX, STORY_PHOTOS_MAX } from '../photo-limits.ts';
import { formatCount } from './numbers.ts';
import { photoViewText } from './reading.ts';

/** Photos in stories (issue 21, docs/media.md "Photos"): every text the server and the SPA show. */
export const photoText = {
  ...photoViewText,
  // Server answers
  tooMany: `A story can have at most ${formatCount(STORY_PHOTOS_MAX)} photos. Remove one to add another.`,
  photoId: 'Invalid photo id',
  notFound: 'Photo not found',
  captionMax: `Captions can be at most ${formatCount(STORY_PHOTO_CAPTION_MAX)} characters.`,
  altMax: `Alt text can be at most ${formatCount(STORY_PHOTO_ALT_MAX)} characters.`,
  uploadMissing: 'Please choose a photo to add.',
  photoSize: 'Photos must be smaller than 20MB',
  orderList: 'Send "photo_ids": every photo of the story once, in the new order.',
  added: 'Photo added. Its smaller versions are being made.',
  updated: 'Photo details saved.',
  removed: 'Photo removed.',
  reordered: 'Photo order saved.',
  // Screens
  addFailed: 'Failed to add the photo. Please try again.',
  saveFailed: 'Failed to save the photo details. Please try again.',
  removeFailed: 'Failed to remove the photo. Please try again.',
  orderFailed: 'Failed to change the photo order. Please try again.',
  loadFailed: 'Failed to load the photos.',
  chooseFile: 'Photo file',
  adding: 'Adding…',
  manageTitle: 'Your photos',
  none: 'No photos yet.',
  manageSection: 'Manage Photos',
  addPhotos: 'Add Photos',
  addHint: `JPEG, PNG, WebP or GIF, up to 20 MB and 8,000 × 8,000 pixels each; up to ${formatCount(STORY_PHOTOS_MAX)} per story.`,
  limitReached: `This story has ${formatCount(STORY_PHOTOS_MAX)} photos, the most it can have.`,
  caption: 'Caption',
  alt: 'Alt text (describes the photo for people who cannot see it)',
  save: 'Save',
  remove: 'Remove',
  moveUp: 'Move up',
  moveDown: 'Move down',
  uploading: (name: string, percent: number) => `Uploading ${name}: ${percent}%`,
  confirmRemove: 'Remove this photo from the story?',
  removing: 'Removing…',
  keepPhoto: 'Keep Photo',
  photoOf: (n: number, total: number) => `Photo ${n} of ${total}`,
} as const;
