import {
  DIRECT_UPLOAD_MAX_BYTES,
  IMAGE_MAX_SIDE_PIXELS,
  SECURE_URLS_MAX_PATHS,
  STORY_AUDIO_MAX_SECONDS,
} from '../constants.ts';
import { formatCount } from './numbers.ts';
import { mediaNotFound } from './reading.ts';

/** Uploads, recordings and the secure player: the spec's texts word for word, then the ones it leaves open. */
export const mediaValidation = {
  imageType: 'Please select a valid image file (JPEG, PNG, GIF, or WebP)',
  imageSize: 'File size must be less than 5MB',
  audioType: 'Please select a valid audio file (MP3, WAV, M4A, OGG, WebM)',
  audioSize: 'File size must be less than 10MB',
  audioMissing: 'Please select an audio file or make a recording',
} as const;

export const mediaFallback = {
  uploadImage: 'Failed to upload profile image',
  microphone: 'Could not access microphone. Please check permissions.',
  audioConversion: 'Failed to process audio recording. Please try again.',
} as const;

export const mediaSuccess = {
  imageUpdated: 'Profile image updated successfully!',
} as const;

export const mediaText = {
  storyAudioSize: 'File size must be less than 25MB',
  storyAudioMissing: 'Please record or choose an audio file for your story',
  recordingNeedsSecurePage:
    'Recording needs a secure page: open the app at https:// or http://localhost on this device. You can upload an audio file instead.',
  recordingKeptStory: 'Your recording is kept. It is saved with your story when you press Save Audio Story.',
  recordingKeptSample: 'Your recording is kept. Press Upload Voice Sample to use it.',
  /** On Save / Upload pressed while the take is still being stopped and converted: it is used once ready. */
  recordingFinishing: 'Finishing your recording…',
  recordingTooShort: 'That recording was shorter than a second, so it was not kept. Press Start Recording and speak.',
  recordingDraftTitle: 'Restore your recording?',
  recordingDraftBody: (length: string, savedAt: string) =>
    `You have a recording of ${length} on this page that was not saved, from ${savedAt}.`,
  recordingDraftRestore: 'Restore Recording',
  recordingDraftDiscard: 'Discard Recording',
  leaveRecording: 'Your recording and anything typed on this page will be lost.',
  tooBigForDirect: `Files over ${DIRECT_UPLOAD_MAX_BYTES / 1024 / 1024} MB cannot be sent in one request: use POST /api/media/uploads`,
  uploadNotFound: 'The upload was not found. Please upload the file again.',
  uploadKey: 'Invalid upload key',
  uploadKind: 'Invalid upload kind',
  emptyFile: 'The file is empty',
  truncatedWav: 'The WAV file is incomplete. Please record or export it again.',
  noFile: 'Please choose a file',
  audioDamaged:
    'This audio file is damaged or incomplete: its header does not describe audio that can be played. Please record or export it again.',
  audioInconsistent: 'This audio file holds more sound than its header says. Please export it again.',
  storyAudioTooLong: `Audio stories can be at most ${STORY_AUDIO_MAX_SECONDS / 3600} hours long.`,
  imageDamaged: 'This picture is damaged or incomplete. Please choose another file.',
  imageTooLarge: `Pictures can be at most ${formatCount(IMAGE_MAX_SIDE_PIXELS)} × ${formatCount(IMAGE_MAX_SIDE_PIXELS)} pixels. Please choose a smaller one.`,
  audioStoryCreated: 'Audio story created successfully!',
  mediaNotFound,
  secureUrlsPaths: `Send "paths": a list of 1 to ${formatCount(SECURE_URLS_MAX_PATHS)} media paths.`,
} as const;
