/**
 * "Make a book" (issue #21): the form, the build's progress, the listen page, and the words printed
 * in the PDF itself. Kept apart from the zip's texts (messages/keepsake.ts) so the two features grow
 * without touching each other.
 */
export const bookText = {
  // The page and its form.
  pageTitle: 'Make a book',
  formTitle: 'What goes in',
  intro:
    'Print your stories as a book. Each story with a recording or a narration gets a QR code that plays it, through a link for this book that you can turn off at any time.',
  profileLink: 'Make a book of your stories',
  chooseStories: 'Stories in the book',
  storiesHint: 'All your stories are chosen; they are printed in date order (start date, else the day written).',
  selectAll: 'Choose all',
  selectNone: 'Choose none',
  pageSize: 'Page size',
  pageSizeLetter: 'US Letter (8.5 × 11 in)',
  pageSizeA5: 'A5 (148 × 210 mm)',
  title: 'Title',
  defaultTitle: (username: string) => `Stories by ${username}`,
  yourBooks: 'Your books',
  dedication: 'Dedication (optional)',
  make: 'Make the book',
  making: 'Making your book…',
  noStories: 'Write a story first: a book needs at least one.',
  // Validation and errors.
  titleRequired: 'Please give the book a title',
  dedicationTooLong: (max: number) => `The dedication can be at most ${max} characters`,
  storiesRequired: 'Please choose at least one story',
  storiesTooMany: (max: number) => `A book can hold at most ${max} stories`,
  storyNotYours: 'One of the chosen stories was not found. Reload the page and choose again.',
  pageSizeInvalid: 'Please choose US Letter or A5',
  bookNotFound: 'Book not found',
  loadFailed: 'Failed to load your books',
  startFailed: 'Failed to start the book. Please try again.',
  // Progress and result.
  status: {
    queued: 'Waiting to start…',
    running: (percent: number) => `Making your book… ${percent}%`,
    done: 'Your book is ready.',
    failed: 'Making the book failed.',
  },
  retry: 'Try again',
  download: 'Download the PDF',
  emailNote: 'We will also email you a link when it is ready.',
  // The book's listening link.
  linkLive: 'The QR codes in this book play its stories.',
  revoke: 'Turn off the listening link',
  revokeConfirm:
    'Turn off the listening link of this book? Its QR codes will stop playing. This cannot be undone; a new book gets a new link.',
  revoked: 'The listening link of this book is off: its QR codes no longer play.',
  revokeFailed: 'Failed to turn off the listening link',
  // The public listen page.
  listenTitle: 'Listen',
  listenBy: (author: string) => `A story by ${author}`,
  listenRevoked: 'This book’s listening link has been turned off by its owner, so its stories cannot be played here.',
  listenNotFound: 'This story cannot be played from this link. Check that the code was scanned from the book.',
  listenNoAudio: 'This story has no recording any more.',
  listenLoadFailed: 'Failed to load the story. Please try again later.',
  // Progress steps (the build record's `step`).
  steps: {
    collecting: 'Gathering your stories',
    stories: 'Setting the pages',
    finishing: 'Finishing the book',
  },
  // Email (the link and its validity are added by the keepsake mail).
  email: {
    subject: 'Your Storyloom book is ready',
    paragraphs: [
      'Your book is ready to download as a PDF, laid out for printing.',
      'Its QR codes play your recordings and narrations through a link made for this book; you can turn that link off on the Make a book page.',
    ],
    action: 'Download my book',
  },
  optionsInvalid: 'Please choose the stories, page size and title of your book again.',
  nothingToPrint: 'None of the chosen stories exist any more.',
} as const;

/** Words printed in the PDF. */
export const bookPrintText = {
  byline: (author: string) => `Stories by ${author}`,
  made: (date: string) => `Made with Storyloom on ${date}`,
  contents: 'Contents',
  listenCaption: 'Scan to hear this story',
  place: (place: string) => `Place: ${place}`,
  backTitle: 'About the QR codes in this book',
  backBody: (author: string) =>
    `Each QR code in this book opens a listening page on Storyloom that plays the story in ${author}’s voice (a recording, or a narration made from the text). The codes work through one link made for this book. Its owner can turn that link off at any time on Storyloom; after that, the codes no longer play. The printed words stay yours either way.`,
} as const;
