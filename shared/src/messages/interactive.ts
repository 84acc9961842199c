import { ASKED_QUESTIONS_KEPT, QUESTION_MAX_CHARS, QUESTIONS_PER_SESSION } from '../constants.ts';
import type { DeclineKind } from '../interactive.ts';

/** Interactive listening: the spec's texts word for word, then the ones it leaves open (docs/interactive.md). */
export const interactiveFallback = {
  startInteractive: 'Failed to start interactive session',
  getAnswer: 'Failed to get answer',
} as const;

export const interactiveText = {
  startFailed: 'Failed to start interactive session',
  answerFailed: 'Failed to get answer',
  questionRequired: 'Please type a question',
  questionTooLong: `Questions must be at most ${QUESTION_MAX_CHARS} characters`,
  questionNoWords: 'Please ask your question in words (letters or numbers)',
  questionDirection: 'Please type your question without text-direction control characters',
  followsInvalid: 'follows must be a list of up to 4 sentence ids from the previous answer',
  sessionEnded: 'This listening session has ended. Close the player and open it again to go on.',
  noAudio: 'This story has no narration to listen to yet.',
  sessionCap: `You have asked ${QUESTIONS_PER_SESSION} questions in this session, the most one session allows. Close the player and open it again to ask more.`,
  clientCap: 'You have asked a lot of questions in the last hour. Please wait a little before asking more.',
  startCap: 'Too many listening sessions were started from here in the last hour. Please wait a little and try again.',
  clearConfirm: 'Clear all conversation history?',
  clearConfirmBody: 'The questions and answers of this session will be removed from the player.',
  spokenNote: "Answers are spoken in the narrator's voice.",
  textNote: 'Answers are shown as text only.',
  sharedNote: 'Questions the story could not answer are shared with the storyteller.',
  fromStory: 'From the story:',
  familyAsked: 'Your family asked:',
  /** The read-along text: one tab stop, sentences reached with the arrow keys (docs/web.md). */
  readAlongLabel: 'Story text',
  readAlongHint: 'Use the arrow keys to move between sentences, and Enter to play the story from one.',
  /** Said while a question waits for its answer (the entry that holds the focus). */
  asking: 'Asking…',
  /**
   * The player's question box: the answer comes from the story, in its narrator's voice. "Ask {name} a
   * question" beside the story is the one that reaches the storyteller (a walk as the family found the two
   * labels read alike).
   */
  askLabel: 'Ask the story a question',
  askPlaceholder: 'Where did you meet grandpa?',
  /** The conversation list of the player. */
  conversation: 'Conversation',
  conversationEmpty: 'Questions you ask and their answers appear here.',
  youAsked: 'You asked: ',
  answerIs: 'Answer: ',
  clear: 'Clear',
  replay: 'Replay answer',
  playFrom: (sentence: string) => `Play the story from: ${sentence}`,
  /** The bar stuck to the player's top in a long conversation (names unlike the full player's 'Play Story'). */
  compactControls: 'Player controls',
  compactPlay: 'Play the story',
  compactPause: 'Pause the story',
  compactClose: 'Close the player',
  familyAskedNote: `Questions your story could not answer. A question asked again is shown once; the ${ASKED_QUESTIONS_KEPT} most recent are kept.`,
  /** The API's answers to ending a session and dismissing an asked question. */
  sessionEndedAck: 'Session ended',
  questionDismissed: 'Question dismissed',
} as const;

/** The texts of a decline, said in the narrator's voice. */
export const declineText: Record<DeclineKind, string> = {
  'not-in-story': "My story doesn't say. That's a good question; I'll pass it on so I can add it one day.",
  'not-yet-heard': "I haven't got to that part yet. Keep listening!",
};
