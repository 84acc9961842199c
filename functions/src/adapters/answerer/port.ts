import { declineText } from '@storyloom/shared/messages';

/**
 * The Answerer port (docs/interactive.md): answer a listener's question from the story text heard so
 * far, in the narrator's first person, citing the sentences the answer stands on.
 */

/** A sentence of the story, numbered from 1 in story order; offsets index the story's `content`. */
export interface StorySentence {
  id: number;
  text: string;
  start: number;
  end: number;
}

/** Title, place and dates: the answerer may use them besides the heard text (cited as sentence 0). */
export interface StoryDetails {
  title: string;
  location?: string;
  startDate?: string;
  endDate?: string;
}

export interface AnswerRequest {
  story: StoryDetails;
  /** Every sentence of the story. Only the first `heardCount` may be used for an answer. */
  sentences: readonly StorySentence[];
  /** How many sentences the listener has heard (all of them once the narration reached its end). */
  heardCount: number;
  question: string;
  /**
   * Heard sentence ids the listener's previous answer cited: a follow-up ("what year was that", "was he
   * nice") is about what they tell. Empty or absent: the question stands alone.
   */
  follows?: readonly number[];
  /** Names the story may use for its narrator in the third person ("Grandma Rose"); rewritten to "I". */
  narratorNames?: readonly string[];
}

export type DeclineKind = 'not-in-story' | 'not-yet-heard';

export interface Answer {
  /** First person, the narrator's voice. */
  answer: string;
  /** Ids of heard sentences (0 = the story details); empty when declined. */
  citedSentenceIds: number[];
  declined: false | DeclineKind;
  /** Which engine produced it (logs, bench); `local-fallback` when the provider failed. */
  engine: 'local' | 'openai' | 'local-fallback';
}

export interface Answerer {
  readonly name: string;
  answer(request: AnswerRequest): Promise<Answer>;
}

/** Sentence 0: what the story's details say, so questions about when and where can be answered and cited. */
export const DETAILS_SENTENCE_ID = 0;

/** The texts of a decline, said in the narrator's voice (shared/src/messages/interactive.ts). */
export { declineText };

/**
 * The guard every answer passes before it reaches a listener: a non-declined answer must cite at least
 * one sentence, and only heard ones (or the details). Anything else becomes "my story doesn't say".
 */
export function grounded(answer: Answer, heardCount: number): Answer {
  if (answer.declined) return { ...answer, citedSentenceIds: [] };
  const unique = [...new Set(answer.citedSentenceIds)];
  const ids = unique.filter((id) => Number.isInteger(id) && id >= DETAILS_SENTENCE_ID && id <= heardCount);
  if (ids.length === 0 || ids.length !== unique.length || !answer.answer.trim()) {
    return {
      answer: declineText['not-in-story'],
      citedSentenceIds: [],
      declined: 'not-in-story',
      engine: answer.engine,
    };
  }
  return { ...answer, citedSentenceIds: ids.sort((a, b) => a - b) };
}

/** The details as one sentence ("This story, 'X', is set in Y, from June 1, 1961 to August 31, 1961."). */
export function detailsSentence(story: StoryDetails): string {
  const parts = [`This story is called "${story.title}"`];
  if (story.location) parts.push(`it took place in ${story.location}`);
  const from = story.startDate ? formatDate(story.startDate) : undefined;
  const to = story.endDate ? formatDate(story.endDate) : undefined;
  if (from && to && from !== to) parts.push(`from ${from} to ${to}`);
  else if (from || to) parts.push(`in ${from ?? to}`);
  return `${parts.join(', ')}.`;
}

function formatDate(iso: string): string {
  const date = new Date(`${iso.slice(0, 10)}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}
