import {
  SAMPLE_MAX_SECONDS,
  SAMPLE_MIN_SECONDS,
  SAMPLE_RECOMMENDED_MAX_SECONDS,
  SAMPLE_RECOMMENDED_MIN_SECONDS,
} from '../constants.ts';
import { formatCount } from './numbers.ts';

/** The spec's recommendation ("30 seconds to 2 minutes"), as every sample text says it. */
const RECOMMENDED = `${SAMPLE_RECOMMENDED_MIN_SECONDS} seconds to ${SAMPLE_RECOMMENDED_MAX_SECONDS / 60} minutes`;

/** Voice cloning and narration: the spec's texts word for word, then the ones it leaves open (docs/voice.md). */
export const voiceValidation = {
  voiceName: 'Please provide a name for your voice clone',
  voiceUpdateSample: 'Please select a new voice sample to update',
  narrationVoice: 'Please select a voice for the narration.',
} as const;

export const voiceFallback = {
  generateNarration: 'Failed to generate narration',
  removeNarration: 'Failed to remove narration',
  uploadVoice: 'Failed to upload voice sample',
  cloneVoice: 'Failed to clone voice',
  updateVoice: 'Failed to update voice clone',
} as const;

export const voiceSuccess = {
  voiceUploaded: 'Voice sample uploaded successfully!',
  voiceCloned: 'Voice cloned successfully! You can now generate narrations.',
  voiceUpdated: 'Voice clone updated successfully! Your new voice will be used for future narrations.',
  narrationRegenerating: 'Narration is being regenerated. This may take a few moments.',
  narrationRemoved: 'Narration removed successfully',
} as const;

/** How the local engine's voice is named wherever a voice made from a sample is shown: never "clone". */
export const LOCAL_VOICE_LABEL = 'Local voice — matches your pitch and pace';

/** A text to read aloud while recording: varied sounds, calm pace, about a minute. */
export const READ_ALOUD_TEXT =
  'When I was young, our kitchen was the warmest room in the house. My mother baked bread every Saturday, ' +
  'and the smell drifted all the way to the garden gate. We children sat at the long wooden table, ' +
  'shelling peas and telling each other stories about the people in old photographs. ' +
  'Some of those stories were true, and some we simply wished were true. ' +
  'I would like my grandchildren to hear them one day, in my own voice, exactly as I remember them.';

/** The consent asked before the first clone, in plain words (stored with its time). */
export const VOICE_CONSENT_TEXT =
  'This is my own voice, and I agree that Storyloom uses it to narrate my stories. I can delete it at any time.';

export const voiceText = {
  consentRequired:
    'Please confirm that this is your own voice and that you agree to its use for narrating your stories.',
  sampleSilent:
    'We could not hear a voice in this recording. Please record again in a quiet room, close to the microphone.',
  /** Above the recorder: the recommendation (spec section 8) and the least that works, told apart. */
  sampleIntro: `Read the text below aloud, calmly, somewhere quiet. ${RECOMMENDED} is best; the shortest sample that works is ${SAMPLE_MIN_SECONDS} seconds.`,
  /** Under SAMPLE_MIN_SECONDS: refused (and said before the upload). */
  sampleTooShort: `This recording is too short. Please record at least ${SAMPLE_MIN_SECONDS} seconds of speech; ${RECOMMENDED} is best.`,
  sampleUnreadable: 'We could not read this audio file. Please record again or choose another file.',
  sampleM4a:
    'M4A files are converted by the app before upload. Please choose the file in the app, or upload MP3, WAV, OGG or WebM.',
  sampleTooLong: `This recording is longer than ${SAMPLE_MAX_SECONDS / 60} minutes. Please use a sample of ${RECOMMENDED}.`,
  /** Taken, but outside the recommendation (5–30 seconds, or 2–5 minutes). */
  sampleLengthWarning: `This sample can be used. For the best result, use a sample of ${RECOMMENDED}.`,
  noSample: 'Please upload a voice sample first.',
  cloneBusy: 'Your voice is being prepared. Please wait a moment.',
  cloneQueued: 'Your voice is being prepared. This may take a few moments.',
  cloneFailed: 'We could not prepare your voice. Please try again.',
  unknownVoice: 'That voice is not available. Please choose another voice.',
  notTextStory: 'Narration is available for text stories only.',
  narrationQueued: 'Narration is being generated. This may take a few moments.',
  narrationFailed: 'The narration could not be generated.',
  narrationStale: 'The story text has changed since this narration was made.',
  noNarration: 'This story has no narration.',
  voiceDeleted: 'Your voice has been deleted.',
  aiVoice: 'AI voice',
  /** What a story's readers learn of its narration voice: never the voice's id (docs/voice.md, "Your voice is yours"). */
  narratedInStorytellersVoice: "Narrated in the storyteller's voice (AI)",
  narratedByPremade: (name: string) => `Narrated by ${name}, an AI voice`,
  narratedByAiVoice: 'Narrated by an AI voice',
  /** A narration in the owner's voice while the voice is made again at the provider (docs/voice.md, "Slots as a cache"). */
  preparingVoice: 'Preparing your voice…',
  /** The provider states that have their own message (and an operator alarm). */
  voiceLimitReached: 'All voice places at our voice service are in use right now. Please try again in a little while.',
  quotaExceeded: 'Our voice service has used up its allowance for now. Please try again later.',
  requiresVerification:
    'Our voice service asks for this voice to be verified before it can be used. Please record a new sample of your own voice, or choose another voice.',
} as const;

/** What every voice's preview says. */
export const PREVIEW_TEXT = 'Hello! This is how your stories will sound when they are read aloud.';

/** "in 23 minutes", "in 5 hours": when a narration quota opens again. */
function inTime(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 90) return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `in ${hours} hour${hours === 1 ? '' : 's'}`;
}

/** The narration quota's 429s (docs/voice.md, "Quota"): what was used up and when it resets. */
export const narrationQuotaText = {
  jobs: (limit: number, resetSeconds: number) =>
    `You have started ${limit} narrations in the last hour. You can start another ${inTime(resetSeconds)}.`,
  characters: (limit: number, resetSeconds: number) =>
    `Narrating this story would go over today's limit of ${formatCount(limit)} characters. ` +
    `The limit resets ${inTime(resetSeconds)}.`,
} as const;

/** Deleting one's voice on the profile page: the button and the browser's question before it. */
export const voiceDeleteText = {
  open: 'Delete My Voice',
  busy: 'Deleting…',
  confirm: 'Delete your voice, its sample and every narration made with it?',
} as const;

/** The narration panel beside a text story (the owner's AI narration). */
export const narrationPanelText = {
  title: 'AI Features',
  intro: 'Have this story read aloud by an AI voice — your own, or another one.',
  narratedWith: (voiceName: string) => `Narrated with ${voiceName}.`,
  anAiVoice: 'an AI voice',
  /** Follows `voiceText.narrationStale`. */
  staleHint: ' Regenerate it to match the new text.',
  queued: 'Narration queued…',
  generating: (percent: number) => `Generating narration… ${percent}%`,
  progressLabel: 'Narration progress',
  retry: 'Retry',
  retrying: 'Retrying…',
  voice: 'Voice',
  loadingVoices: 'Loading voices…',
  selectVoice: 'Select a voice',
  voicesFailed: 'Voices could not be loaded. Please try again later.',
  noPreview: 'No preview for this voice yet',
  preview: 'Preview Voice',
  previewLabel: 'Voice preview',
  starting: 'Starting…',
  generate: 'Generate Narration',
  regenerate: 'Regenerate with Another Voice',
  removing: 'Removing…',
  remove: 'Remove Narration',
  aiNote: 'Narrations are read by an AI voice, and are labelled as such for your readers.',
} as const;
