import type { KeepsakeKind } from '../keepsake.ts';

/**
 * Keepsake texts (docs/keepsake.md): the shared build texts, then one group per kind (`exportText` for
 * the zip of everything; the book adds its own group beside it).
 */
export const keepsakeText = {
  /** 429 when the day's builds of a kind are used up. */
  dailyLimit: (kind: KeepsakeKind, limit: number) =>
    kind === 'export'
      ? `You can make ${limit} downloads a day. Please try again tomorrow.`
      : `You can make ${limit} books a day. Please try again tomorrow.`,
  /** 409 when a build of the kind is already under way. */
  alreadyRunning: 'One is already being made. Please wait until it is ready.',
  buildNotFound: 'We could not find that download.',
  expired: 'This download link has expired. Please make a new one.',
  notReady: 'This download is not ready yet.',
  unknownKind: 'There is nothing of that kind to make.',
  /** Shown (and stored) when a build failed for good. */
  failed: 'Something went wrong while we were making it. Please try again.',
  /** A build whose worker stopped answering (counted as failed when read). */
  stalled: 'It stopped before it was finished. Please try again.',
  retry: 'Try again',
  queued: 'Waiting to start…',
  progress: (done: number, total: number) => (total > 0 ? `${done} of ${total}` : ''),
  expiresAt: (when: string) => `The download link works until ${when}.`,
  mailExpiresAt: (when: string) => `The link works for 24 hours, until ${when}.`,
  mailLoginNote: 'You need to be logged in to your Storyloom account to download it.',
} as const;

/** "Download all my stories" (the zip of everything). */
export const exportText = {
  heading: 'Download all my stories',
  intro:
    'One zip file with every story you wrote or recorded: the texts, the original recordings, narrations, photos, transcripts and comments, and a page that opens in any browser without Storyloom.',
  start: 'Download all my stories',
  starting: 'Starting…',
  making: 'Making your download…',
  ready: 'Your download is ready.',
  download: 'Download the zip',
  again: 'Make a new download',
  failedStart: 'We could not start your download. Please try again.',
  /** 400 when POST /api/keepsake/export carries options (it takes none). */
  noOptions: 'This download takes no options.',
  downloadFailed: 'We could not fetch your download. Please try again.',
  emailNote: 'We will also email you a link when it is ready.',
  /** The delete-account screen offers the same download first. */
  beforeDelete: 'Before you go: download all your stories to keep them.',
  /** The page the emailed link opens. */
  downloadPageTitle: 'Your download',
  downloadStarting: 'Your download is starting…',
  downloadManual: 'If it does not start, use this link:',
  steps: {
    collecting: 'Gathering your stories',
    stories: 'Adding stories',
    media: 'Adding recordings and photos',
    finishing: 'Finishing the zip',
  },
  email: {
    subject: 'Your Storyloom stories are ready to download',
    paragraphs: [
      'The zip with all your stories is ready: the texts, recordings, narrations, photos, transcripts and comments.',
      'Open index.html from the zip in any browser to read and listen to them, even without Storyloom.',
    ],
    action: 'Download my stories',
  },
  /** story.md, under the title: the story answers a question a family member sent (the prompts feature). */
  answersQuestion: (asker: string, question: string, recorded: boolean) =>
    `${recorded ? 'Recorded' : 'Written'} in answer to ${asker}'s question: “${question}”`,
  /** The offline index.html. */
  offline: {
    title: (username: string) => `Stories of ${username}`,
    madeOn: (date: string) => `Downloaded from Storyloom on ${date}.`,
    contents: 'Stories',
    recording: 'Recording',
    narration: 'Narration',
    transcript: 'Transcript',
    photos: 'Photos',
    comments: 'Comments',
    when: 'When',
    where: 'Where',
    privacy: 'Who can read it',
    none: 'There are no stories yet.',
  },
} as const;
