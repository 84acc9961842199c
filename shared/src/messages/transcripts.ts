import { TRANSCRIPT_MAX_CHARS } from '../constants.ts';
import { formatCount } from './numbers.ts';
import { transcriptViewText } from './reading.ts';

/** Transcripts of audio stories (docs/stories.md, "Transcripts"): every text the feature shows or returns. */
export const transcriptText = {
  ...transcriptViewText,
  /** The label of a transcript the speech-to-text service made and nobody has edited since. */
  machineMade: 'Machine-made transcript',
  typed: 'Typed by the storyteller',
  edited: 'Machine-made, edited by the storyteller',
  required: 'Please type or paste the transcript.',
  tooLong: `A transcript can be up to ${formatCount(TRANSCRIPT_MAX_CHARS)} characters.`,
  notAudio: 'Only recorded stories have a transcript.',
  conflict: 'The transcript was changed in another tab or device. Reload the story and save again.',
  version: 'version must be the transcript version you loaded',
  saved: 'Transcript saved.',
  saveFailed: 'Failed to save the transcript',
  none: 'There is no transcript of this recording yet.',
  noneOwner:
    'There is no transcript yet. Type or paste what the recording says, so the story can be searched, read and asked about.',
  queued: 'Transcribing the recording… the transcript appears here when it is ready.',
  failed: 'The recording could not be transcribed automatically. You can type or paste the transcript instead.',
  quota: 'You have used today’s automatic transcriptions. Type or paste the transcript, or try again tomorrow.',
  providerQuota:
    'The speech-to-text service is out of credit, so this recording was not transcribed. You can type the transcript instead.',
  tooLarge: 'This recording is too large for automatic transcription. You can type the transcript instead.',
  add: 'Add a Transcript',
  edit: 'Edit Transcript',
  save: 'Save Transcript',
  saving: 'Saving…',
  cancel: 'Cancel',
  fieldLabel: 'What the recording says',
  /** Under Listen Interactively on an audio story: where the answers come from. */
  answersFromTranscript: 'Answers come from the transcript of the recording and are shown as text only.',
  answersInStorytellersVoice:
    "Answers come from the transcript of the recording and are spoken in the storyteller's voice (AI).",
} as const;
