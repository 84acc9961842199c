/**
 * Prompts and questions from the family (docs/family-loop.md): the dashboard card, "Browse all", the answer
 * screens' prompt, "Ask {storyteller} a question" and "Questions from your family". The spec has no texts
 * for these; they follow its style (short, plain, the validation messages in its `… must be at most …` form).
 */
import { OWN_QUESTIONS_MAX, PROMPT_QUESTION_MAX } from '../prompts/limits.ts';
import { formatCount } from './numbers.ts';

export const promptText = {
  // The dashboard card
  cardTitle: 'A question to answer',
  cardIntro: 'Answer it in writing or in your own voice. There is no wrong way to begin.',
  familyKind: (name: string) => `${name} asked you`,
  listenerKind: 'Someone listening to your story asked',
  ownKind: 'Your own question',
  answerByWriting: 'Answer by writing',
  answerByRecording: 'Answer by recording',
  another: 'Another question',
  browseAll: 'Browse all questions',
  allDone: 'You have answered every question in your list. Write a question of your own in "Browse all".',
  loadFailed: 'Failed to load questions. Please try again.',

  // Browse all
  browseTitle: 'All questions',
  themesNav: 'Themes',
  browseIntro: 'Pick any question to answer. Hide the ones that are not for you; you can show them again.',
  stageTitle: { early: 'Growing up', grown: 'Grown-up life', whole: 'A whole life' } as Record<string, string>,
  ownTitle: 'Your own questions',
  ownEmpty: 'You have not written any questions of your own yet.',
  writeOwn: 'Write your own question',
  writeOwnLabel: 'Your question',
  writeOwnHint: `A question you would like to answer one day, in ${formatCount(PROMPT_QUESTION_MAX)} characters or fewer.`,
  addOwn: 'Add to my questions',
  ownAdded: 'Your question was added.',
  hide: 'Hide',
  unhide: 'Show again',
  hiddenLabel: 'Hidden',
  answeredLabel: 'Answered',
  answer: 'Answer',
  backToDashboard: 'Back to my stories',
  hideFailed: 'Failed to change the question. Please try again.',

  // The answer screens
  answeringLabel: 'You are answering:',
  answeredSaved: 'The question is marked as answered.',
  /** The question was answered before (an old email's button, Back): saving again makes a second answer. */
  alreadyAnswered: 'You answered this question already. What you save here becomes a new answer.',
  readYourAnswer: 'Read your answer',

  // Questions from your family
  familyTitle: 'Questions from your family',
  familyEmpty: 'When your family asks you something, it appears here.',
  /** Hides a family question from the list and the card, for good. */
  dismissFamily: 'Dismiss',
  askedBy: (name: string, when: string) => `Asked by ${name} on ${when}`,
  askedByListener: (title: string) => `Asked while listening to “${title}”`,
  shareWith: (name: string) => `Share this story with ${name}`,
  sharedWith: (name: string) =>
    `Shared with ${name}. They will find it in "Shared with you", and we email them now that you answered (unless they turned family email off).`,
  shareFailed: 'Failed to share the story. You can share it from the story page.',
  notNow: 'Not now',
  openStory: 'Open the story',

  // Ask {storyteller} a question
  askTitle: (name: string) => `Ask ${name} a question`,
  askLabel: 'Your question',
  askHint: (name: string) =>
    `${name} will see it in "Questions from your family", with your name. ${formatCount(PROMPT_QUESTION_MAX)} characters at most.`,
  askSend: 'Send question',
  askSending: 'Sending…',
  askCancel: 'Cancel',
  askSent: (name: string) => `Your question was sent to ${name}.`,
  askFailed: 'Failed to send your question. Please try again.',

  // Validation and refusals (API `{ error }`)
  questionRequired: 'Please write a question',
  questionTooLong: `Questions must be at most ${formatCount(PROMPT_QUESTION_MAX)} characters`,
  /** The same words as Listen Interactively's (interactiveText.questionNoWords): emoji alone ask nothing. */
  questionNoWords: 'Please ask your question in words (letters or numbers)',
  promptId: 'Invalid question id',
  /** {id} of /api/family-questions/{id} that cannot be a user id (said plainly, not as the pattern it failed). */
  storytellerId: 'Invalid storyteller id',
  promptNotFound: 'Question not found',
  storyRequired: 'Please choose the story that answers the question',
  hiddenRequired: 'hidden must be true or false',
  excludeInvalid: 'Invalid list of questions to skip',
  ownLimit: `You can keep at most ${formatCount(OWN_QUESTIONS_MAX)} questions of your own. Hide or answer some first.`,
  ownQuota: 'You have added a lot of questions in the last hour. Please wait a little before adding more.',
  askNotAllowed: 'You can ask questions only of someone who has shared a story with you by name.',
  askerQuota: 'You have sent a lot of questions today. Please wait until tomorrow to send more.',
  storytellerQuota: 'This storyteller has received a lot of questions today. Please try again tomorrow.',
  askYourself: 'Write your own questions in "Browse all" on your dashboard.',
  marked: 'Question marked as answered',
  hiddenSaved: 'Question hidden',
  unhiddenSaved: 'Question shown again',
} as const;
