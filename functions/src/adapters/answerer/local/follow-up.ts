import { analyzeShort, type Term } from '../text.ts';
import { type Fact, PLACE_HEAD } from './entities.ts';
import { TITLE_WORDS } from './names.ts';
import type { NormalizedQuestion } from './question.ts';
import { retrieve, type StoryIndex } from './retrieve.ts';

/**
 * Follow-ups (docs/interactive.md, "Follow-ups"): after an answer, a listener asks what only makes sense
 * after it — "what year was that", "was he nice", "why", "and grandpa?". The player sends the sentences the
 * previous answer cited (`follows`); a question that points back is asked about what they tell: their words
 * are carried into the question's, so the sentences that speak of the same thing rank first.
 */

/** Words that point back at what was just said. "that" only where it stands for a thing, not "said that…". */
const POINTS_BACK =
  /\b(?:then|there|it|this|those|these|he|she|him|her|hers|they|them|their|his)\b|(?:\b(?:was|is|were|did|do|does|about|after|before|like|for|of|with|from|at|in|by|to)\s+that\b)|\bthat\s*\??$|^(?:and|but|so)\b|\b(?:how come|who else|what else|what happened (?:next|after|later|then)|after that|what about)\b/;

/** Questions too short to stand alone ("why?", "how long?", "really?"). */
const BARE = /^(?:why|how|when|where|who|how long|how much|how many|how old|really|what for|for how long)\s*\??$/;

/** Whether the question points back at the previous answer rather than asking something new. */
export function pointsBack(questionText: string): boolean {
  const text = questionText.toLowerCase().replace(/[“”"]/g, '').trim();
  return POINTS_BACK.test(text) || BARE.test(text);
}

/** The words of the previous answer's sentences that a follow-up carries: what those sentences speak of. */
export function carriedTerms(index: StoryIndex, follows: readonly number[], own: readonly Term[]): Term[] {
  const seen = new Set(own.map((t) => t.term));
  const out: Term[] = [];
  for (const id of follows) {
    const at = index.ids.indexOf(id);
    if (at < 0) continue;
    for (const t of analyzeShort(index.texts[at]!).terms) {
      // Not its numbers: a follow-up asks what the sentence did not say ("what year was that"), and a number
      // carried in would read as one the question already holds.
      if (seen.has(t.term) || !/^(?:NOUN|PROPN|VERB|ADJ)$/.test(t.pos) || /\d/.test(t.term)) continue;
      seen.add(t.term);
      out.push(t);
    }
  }
  return out;
}

/**
 * How many sentences after the previous answer's last one speak of its topic too. Not the one before it: "what
 * year was that" after Ruth's wedding took 1948 from the sentence before (dev, round 12).
 */
const TOPIC_AFTER = 2;

/**
 * The index with the previous answer's sentences and the few after them speaking of what those speak of: "how long did
 * it take" after "what ship did you come on" is answered by "The voyage took seventeen days", the sentence
 * after, which names neither the ship nor the crossing. As a sentence opening with a pronoun carries the nouns
 * of the one before (`referents.ts`), the sentences after the followed ones carry its words.
 */
export function withTopic(index: StoryIndex, follows: readonly number[], carried: readonly Term[]): StoryIndex {
  const at = follows.map((id) => index.ids.indexOf(id)).filter((i) => i > 0);
  if (!at.length || !carried.length) return index;
  const from = Math.min(...at);
  const to = Math.min(index.texts.length - 1, Math.max(...at) + TOPIC_AFTER);
  const words = carried.map((t) => t.term);
  return {
    ...index,
    terms: index.terms.map((terms, i) =>
      i >= from && i <= to ? [...terms, ...words.filter((w) => !terms.includes(w))] : terms,
    ),
  };
}

/** Last words of what is not a person's name: places (`PLACE_HEAD`) and the buildings families name. */
const NOT_A_PERSON =
  /\b(?:Church|Chapel|School|College|Hall|Hospital|Company|Co|Works|Mill|Mine|Hotel|Store|Shop|Club)\.?$/;

/**
 * "what was her name", "what's his first name" after an answer about someone: the name must be a person's.
 * The sentences after the followed one speak of it only loosely, so a town or a church they name ("Miles
 * City", "United Church") is not her name; nor is a title and a surname her first name ("Miss Budgell").
 */
export function namesThePerson(questionText: string, facts: readonly Fact[]): boolean {
  if (!/\b(?:her|his|their|him)\b[\w\s]*\bnames?\b|\b(?:she|he|they)\b[\w\s]*\bcalled\b/.test(questionText))
    return true;
  const first = /\bfirst names?\b/.test(questionText);
  return facts.some((f) => {
    const words = f.text.split(/\s+/);
    if (PLACE_HEAD.test(words.at(-1)!) || NOT_A_PERSON.test(f.text)) return false;
    return !first || !TITLE_WORDS.has(words[0]!.toLowerCase().replace(/\.$/, '')) || words.length > 2;
  });
}

/** Kinds of answer that belong to an event the question names ("who did he sell it to"). */
const TELLS_EVENT = new Set<NormalizedQuestion['want']>(['who', 'where', 'when', 'year', 'name']);

/**
 * Why the sentence chosen for a follow-up does not answer it, if it does not. The carried words make every
 * sentence near the last answer speak of its topic, so they say nothing of what the follow-up asks itself:
 * "who did he sell it to" after Walt's birth is not answered by "my sister June" in the sentence about the lake
 * trips, which never tells a sale. The question's own words the story uses must be in the sentence (or a related
 * word: the retrieve stage's match), and a name asked of "her" or "him" must be a person's.
 */
export function followUpUnfit(
  index: StoryIndex,
  question: NormalizedQuestion,
  own: readonly Term[],
  chosen: { index: number; bridge?: number; facts: readonly Fact[] },
): string | undefined {
  // As the decide stage asks of "who/where/when did X" alone: X's words, here its nouns and verbs.
  const told = TELLS_EVENT.has(question.want)
    ? own.filter((t) => index.df.has(t.term) && /^(?:NOUN|PROPN|VERB)$/.test(t.pos))
    : [];
  if (told.length) {
    const matching = new Set(retrieve(index, told).map((c) => c.index));
    if (!matching.has(chosen.index) && (chosen.bridge === undefined || !matching.has(chosen.bridge)))
      return `the sentence does not say [${told.map((t) => t.term).join(', ')}]`;
  }
  if (question.want === 'name' && !namesThePerson(question.text, chosen.facts)) return 'no name of a person';
  return undefined;
}
