import { analyzeShort, type Term } from '../text.ts';
import type { Fact } from './entities.ts';
import { findNumbers } from './numbers.ts';
import type { NormalizedQuestion } from './question.ts';
import { KINSHIP_GROUPS } from './question-words.ts';
import { holdsTerm, type StoryIndex } from './retrieve.ts';

/**
 * What a sentence's facts are said of, and what the narrator says she cannot tell: the decide stage's
 * evidence tests (a count of another thing, a price of another thing, a reason said outright, a question
 * about now, "I don't know why").
 */

/**
 * The narrator says she does not know or will not tell ("I don't know why", "we never knew what they said",
 * "but that's a different story"): the story does not tell it, whatever words it shares with the question.
 */
const UNTOLD =
  /\b(?:i|we)\s+(?:just\s+|still\s+|honestly\s+)?(?:don'?t|do not|didn'?t|did not|never|can'?t|cannot|couldn'?t)\s+(?:\w+\s+)?(?:know|knew|remember|recall|find out|found out|learn(?:ed)?|understood|understand)\b|\b(?:nobody|no one) (?:knows|knew|ever (?:knew|found out|said))\b|\b(?:that'?s|that is) (?:another|a different|a whole other|a long) story\b/i;

/** Whether `text` says the narrator does not know what is asked ("I don't know why" only for a why-question). */
export function saysUntold(text: string, want: NormalizedQuestion['want']): boolean {
  const m = UNTOLD.exec(text);
  if (!m) return false;
  const what = /^\s*(\w+)/.exec(text.slice(m.index + m[0].length))?.[1]?.toLowerCase();
  if (what === 'why') return want === 'reason';
  if (what === 'what' || what === 'how' || what === 'who' || what === 'where' || what === 'when')
    return want !== 'reason';
  return true;
}

/** Words of a sentence after the answer that can only be the narrator's aside ("But that's a different story"). */
export const ASIDE_WORDS = 10;

/**
 * A reason said outright: "because (of)", "so that", "since" (not "since 1931"), "that's why", "the
 * reason", "on account of", "due to" — the clause from the marker on.
 */
const STRONG_REASON =
  /\b(because|cause|'cause|so that|since (?![\d']|nineteen|eighteen|then|when|before|after)|that'?s why|the reason|on account of|due to)\b/i;

export function reasonIn(sentence: string): Fact | undefined {
  const m = STRONG_REASON.exec(sentence);
  if (!m) return undefined;
  return { kind: 'reason', text: sentence.slice(m.index).trim(), start: m.index, end: sentence.length };
}

/** Words after a number that do not say what it counts ("twenty, maybe", "thirty of us", "six in all"). */
const NOT_COUNTED = new Set(
  'and or but with as in on at from to by for of like then when where that which all more less or so maybe about times a an the each every'.split(
    ' ',
  ),
);
const stemsOf = new Map<string, string[]>();

/**
 * "how many cows did Gene have" is not answered by "Gene had three sons": a count said of a thing the
 * question does not name (nor a related word).
 */
export function countOfOther(sentence: string, fact: Fact, terms: readonly Term[]): boolean {
  if (fact.kind !== 'count') return false;
  const next = /^[\s-]+([a-z][a-z'-]*)/.exec(sentence.slice(fact.end, fact.end + 30))?.[1];
  if (!next || NOT_COUNTED.has(next)) return false;
  let stems = stemsOf.get(next);
  if (!stems) {
    stems = analyzeShort(next)
      .terms.filter((t) => t.pos === 'NOUN')
      .map((t) => t.term);
    if (stemsOf.size > 5_000) stemsOf.clear();
    stemsOf.set(next, stems);
  }
  return stems.length > 0 && !terms.some((t) => holdsTerm(stems, t.term));
}

/**
 * "how much did the car cost" is not answered by "three hundred dollars for the truck": a price said of a
 * thing the question does not name (nor a related word); "for it" may be anything.
 */
export function priceOfOther(sentence: string, fact: Fact, terms: readonly Term[]): boolean {
  if (fact.kind !== 'money') return false;
  const m =
    /^\s*(?:a \w+\s+)?(?:for|on)\s+(?:the|a|an|my|his|her|our|their|that|this)\s+(?:[a-z-]+\s+)?([a-z][a-z-]*)/.exec(
      sentence.slice(fact.end, fact.end + 50),
    );
  if (!m) return false;
  const stems = analyzeShort(m[0])
    .terms.filter((t) => t.pos === 'NOUN')
    .map((t) => t.term);
  return stems.length > 0 && !terms.some((t) => holdsTerm(stems, t.term));
}

/** Nouns that name the kind of answer wanted ("what hours", "what day", "how many times"), not its topic. */
export const ANSWER_NOUNS = new Set(
  'hour day week month year time date age price cost amount number place night morning season decad'.split(' '),
);

/** A question about how things are now ("where is it now", "who has the stall today", "where do you keep…"). */
export function asksPresent(text: string): boolean {
  return (
    /\b(now|today|these days|anymore|nowadays)\b/.test(text) || /^(where|who|what)\s+(is|are|do|does)\b/.test(text)
  );
}

/** A sentence that says how things are now: a present-tense verb or "still", "now". */
export const PRESENT =
  /\b(is|are|am|isn't|aren't|it's|that's|there's|he's|she's|they're|we're|i'm|have|has|keep|keeps|still|now|today|live|lives|own|owns|run|runs)\b/i;

/** The question without a clause saying which time it means ("… when you were seasick", "… after the war"). */
export function mainQuestion(text: string): string {
  const m =
    /\s(?:when|while|whenever|before|after|until|till|once)\s+(?:you|he|she|they|we|i|it|the|your|his|her|their|my)\b/.exec(
      text,
    );
  return m ? text.slice(0, m.index) : text;
}

/**
 * "how old was your brother" is not answered by "My brother left when I was nine": an age said of the
 * narrator ("I was", "I turned") answers only a question about her, and one said of him/her/a name only a
 * question about someone else.
 */
export function ageOfOther(sentence: string, fact: Fact, questionText: string): boolean {
  if (fact.kind !== 'age') return false;
  const holder =
    /\b(I|we|he|she|they|[A-Z][\w'-]+)\s+(?:was|were|turned|had turned|'d turned|got to be)\s+(?:about\s+|only\s+|just\s+|barely\s+)?$/.exec(
      sentence.slice(Math.max(0, fact.start - 40), fact.start),
    )?.[1];
  if (!holder) return false;
  const subject = /\b(?:how old|what age|how young)\s+(?:was|were|is|are|did)\s+(\w+)/.exec(questionText)?.[1];
  if (!subject) return false;
  const askedSelf = subject === 'you';
  const saidOfSelf = holder === 'I' || holder === 'we';
  return askedSelf !== saidOfSelf;
}

const TIME_UNIT = /\b(second|minute|hour|day|night|week|fortnight|month|year|summer|winter|season)s?\b/i;

/**
 * "how many days was she gone" is answered better by "eleven days" than by "nine seconds": a duration in
 * another unit than the one asked counts less.
 */
export function unitFit(fact: Fact | undefined, questionText: string): number {
  if (fact?.kind !== 'duration') return 1;
  const asked = /\bhow many\s+(\w+)/.exec(questionText)?.[1];
  const askedUnit = asked ? TIME_UNIT.exec(asked)?.[1]?.toLowerCase() : undefined;
  const unit = TIME_UNIT.exec(fact.text)?.[1]?.toLowerCase();
  return askedUnit && unit && askedUnit !== unit ? 0.5 : 1;
}

/**
 * Names the story writes only at the start of its sentences ("Lupita came later"), which the index does not
 * take for names: a question word the story writes capitalised and never in lower case.
 */
export function namesOnlyOpening(index: StoryIndex, questionText: string): string[] {
  const out: string[] = [];
  for (const word of new Set(questionText.match(/[a-z][a-z'-]{2,}/g) ?? [])) {
    const bare = word.replace(/'s$/, '');
    const cap = bare[0]!.toUpperCase() + bare.slice(1);
    const capitalised = new RegExp(`\\b${cap}\\b`);
    const lower = new RegExp(`\\b${bare}\\b`);
    if (!index.texts.some((t, i) => i > 0 && capitalised.test(t)) || index.texts.some((t, i) => i > 0 && lower.test(t)))
      continue;
    const term = analyzeShort(bare).terms[0]?.term;
    // "Yeye", "Nana": a family word written as a name is the normalize stage's to read.
    if (term && index.df.has(term) && !index.names.has(term) && !KINSHIP_GROUPS.some((g) => g.includes(bare)))
      out.push(term);
  }
  return out;
}

const LIGHT_VERBS = new Set(['be', 'have', 'do', 'get', 'go', 'come', 'say', 'think', 'know', 'remember', 'mean']);

/** Whether a sentence tells an event of its own: a verb that is neither light nor one of the question's. */
export function tellsOtherEvent(text: string, questionVerbs: readonly string[]): boolean {
  // "That was in 1988, the year the mill closed": a sentence that only says when is about the one before.
  if (/^\W*(?:that|it|this|which)\s+(?:was|were|is|'s|would have been|must have been)\b/i.test(text)) return false;
  const verbs = analyzeShort(text)
    .terms.filter((t) => t.pos === 'VERB' && !LIGHT_VERBS.has(t.term))
    .map((t) => t.term);
  return verbs.length > 0 && !questionVerbs.some((v) => holdsTerm(verbs, v));
}

/** The words before an age said as the time of an event ("when I was seven", "since she was nine"). */
export const WHEN_AGED =
  /\b(?:when|since|till|until|by the time)\s+(?:I|he|she|we|they|you)\s+(?:was|were|turned)\s+(?:about\s+|only\s+|just\s+)?$/i;

/**
 * A sentence that asks ("and how many people living there?", "Was I scared?"), not one said unsure ("It was
 * like, four hundred miles?").
 */
export function asks(text: string): boolean {
  return (
    /\b(?:how|what|who|where|when|why|which)\b[^.?!]*\?["'”’)]*\s*$/i.test(text) ||
    /^\W*(?:was|were|did|do|does|is|are|could|would|can|have|had|will)\b[^?]*\?["'”’)]*\s*$/i.test(text)
  );
}

export const wordCount = (text: string) => text.split(/\s+/).filter((w) => /\p{L}/u.test(w)).length;

/** A sentence whose "where" is the place of the one before ("That's where I met her", "There I learned…"). */
export const POINTS_BACK =
  /^\W*(?:that'?s where|that is where|that was where|it was there|there (?:i|we|he|she|they)\b)/i;

/**
 * Whether a sentence goes on about the one before ("He was nineteen.", "Twenty-two years old, just out of
 * the Marines.", "Forty dollars."): it opens with a pronoun or a connective, or it is a short fragment.
 */
export function continues(text: string): boolean {
  const first = (/^[\s"'“‘]*([\p{L}\d'-]+)/u.exec(text)?.[1] ?? '').toLowerCase();
  if (/^(he|she|it|they|his|her|its|their|that|this|those|these|there|then|so|and|but|which|who|we|i)$/.test(first))
    return true;
  if (/^\d/.test(first) || findNumbers(first).length > 0) return true;
  return text.split(/\s+/).length <= 6;
}
