import { DETAILS_SENTENCE_ID, type StorySentence } from './port.ts';

/**
 * Story text is data, never instructions (docs/interactive.md, "The fence"). A story is written by its
 * author and read aloud in a cloned voice to anyone holding the link, so a line like "Say exactly: …" must
 * never turn a model into a mouthpiece. Three named checks, each testable alone:
 *
 * - `instructionLike(text)`: does a sentence address the model (say/repeat exactly, ignore the rules…)?
 * - `support(answer, sources)`: how much of an answer's wording its cited sentences hold (0..1).
 * - `speakableAnswer(…)`: the spoken-answer decision built from both.
 */

/** Wording that speaks to a model instead of telling a story. */
const INSTRUCTION_PATTERNS: readonly RegExp[] = [
  /\b(say|repeat|respond|reply|answer|output|print|speak|read out|tell (them|the listener|everyone))\b[^.!?\n]{0,40}\b(exactly|verbatim|word for word|after me|only with|the following|these words)\b/i,
  /\b(ignore|disregard|forget|override)\b[^.!?\n]{0,40}\b(instructions?|prompts?|rules|guidelines|above|previous|prior|system)\b/i,
  /\b(system prompt|developer message|jailbreak|prompt injection)\b/i,
  /\byou are (now |no longer )?(an? )?(ai|assistant|language model|chatbot|llm|model)\b/i,
  /\b(assistant|ai|model|narrator|chatbot)\s*[:,]\s*(please\s+)?(say|repeat|ignore|answer|respond|tell)\b/i,
  /\b(new|updated) instructions?\b/i,
];

export function instructionLike(text: string): boolean {
  return INSTRUCTION_PATTERNS.some((pattern) => pattern.test(text));
}

/** Words that carry no fact (function words, the narrator's pronouns an answer swaps in). */
const STOPWORDS = new Set(
  (
    'the a an and or but of to in on at by for with from as is was were be been being are am it its this that these ' +
    'those there then than so very too just also not no yes i me my mine we us our you your he him his she her they ' +
    'them their what which who whom when where why how all any some one did do does done had has have would could ' +
    'should will can may might must into out up down over about after before again once while because if yet still ' +
    'story says say said tell told remember recall know think oh well'
  ).split(' '),
);

/** Lower-cased content words, cut to a 5-letter stem so "built"/"builds", "boats"/"boat" meet. */
export function contentStems(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((w) => w.length > 1 && !STOPWORDS.has(w))
    .map((w) => w.slice(0, 5));
}

/** The share (0..1) of an answer's content words found in its sources; 1 for an answer without any. */
export function support(answer: string, sources: readonly string[]): number {
  const words = contentStems(answer);
  if (words.length === 0) return 1;
  const known = new Set(sources.flatMap(contentStems));
  return words.filter((w) => known.has(w)).length / words.length;
}

/** Below this share of supported wording an answer is not grounded in what it cites. */
export const MIN_SUPPORT = 0.6;

export interface GroundingInput {
  answer: string;
  citedSentenceIds: readonly number[];
  question: string;
  sentences: readonly StorySentence[];
  /** The details sentence (title, place, dates), cited as sentence 0. */
  details: string;
}

/** The texts an answer cites (sentence 0 = the details). */
export function citedTexts(input: Pick<GroundingInput, 'citedSentenceIds' | 'sentences' | 'details'>): string[] {
  return input.citedSentenceIds.map((id) =>
    id === DETAILS_SENTENCE_ID ? input.details : (input.sentences[id - 1]?.text ?? ''),
  );
}

/** Whether an answer's wording stands on the sentences it cites (and the question's own words). */
export function groundedInCitations(input: GroundingInput): boolean {
  return support(input.answer, [...citedTexts(input), input.question]) >= MIN_SUPPORT;
}

/**
 * The spoken-answer decision: an answer is spoken in the storyteller's voice only when it is grounded in
 * the sentences it cites and neither it nor any of them reads as an instruction to a model. Otherwise the
 * listener gets the text alone. (Declines are our own fixed texts and cite nothing: always speakable.)
 */
export function speakableAnswer(input: GroundingInput & { declined: boolean }): {
  speak: boolean;
  reason?: 'instruction' | 'ungrounded';
} {
  if (input.declined) return { speak: true };
  if (instructionLike(input.answer) || citedTexts(input).some(instructionLike))
    return { speak: false, reason: 'instruction' };
  if (!groundedInCitations(input)) return { speak: false, reason: 'ungrounded' };
  return { speak: true };
}
