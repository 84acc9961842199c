import { lemmaTerm } from '../text.ts';
import type { Fact } from './entities.ts';
import { isKindOf, relatedTerms } from './lexicon/lexicon.ts';
import type { StoryIndex } from './retrieve.ts';

/**
 * Name questions ("what was the dog's name", "what was the boat called"): which thing a question asks the
 * name of, and which names a sentence gives to that thing — "my brother Gene", "the farmer was a man named
 * Bakker", "the farm dog, a collie called Duke", "Toivo, who became your grandfather" — or to a thing it
 * speaks of by a pronoun ("Her real name is Parminder", "Her mother named her Patricia").
 */

/** The thing whose name a question asks for ("the name of the boat" → boat, "your mother's name" → mother). */
export function namedThing(questionText: string): string | undefined {
  const q = questionText.replace(/[?!.]/g, '');
  const match =
    /names? of (?:(?:the|your|my|his|her|their|that|this|a|an)\s+)*(?:[\w']+\s+)*?([\w-]+?)(?:'s)?(?:\s+(?:who|that|which|did|was|were|in|on|at|from|you|your|when)\b|\s*$)/.exec(
      q,
    ) ??
    /([\w-]+?)(?:'s|s'|s)? (?:first |last |real |full )?names?\b/.exec(q) ??
    /(?:what|who) (?:was|were|is|are) (?:the |your |his |her |their |that |this )?((?:[\w'-]+ )*?[\w'-]+) (?:called|named)/.exec(
      q,
    );
  // "what were the Goldberg boys called", "what was the nurse on the plane called": the head of the words
  // before "called" — the last one before a preposition.
  const head = match?.[1]?.split(
    / (?:on|in|at|from|of|with|for|by|near|behind|who|that|which|you|i|he|she|we|they) /,
  )[0];
  const word = head?.split(' ').pop()?.replace(/'s$/, '');
  // "what was your real name": the narrator's own name ("My name was…").
  if (/^(your|you)$/.test(word ?? '')) return 'my name';
  return word && !/^(my|the|what|his|her)$/.test(word) ? word : undefined;
}

/** Titles people write short before a name ("the doctor" is "Dr. Pratt"). */
const TITLE_ABBREVIATIONS: Record<string, string> = {
  doctor: 'dr',
  mister: 'mr',
  captain: 'capt',
  sergeant: 'sgt',
  reverend: 'rev',
  professor: 'prof',
};

/**
 * Names in `sentence` given to `thing` ("my brother Gene", "the bartender, a man named Cleophus", "the
 * teacher was Miss Kowalski"): a name elsewhere in the sentence names something else.
 */
export function namesOf(sentence: string, facts: readonly Fact[], thing: string, questionText = ''): Fact[] {
  const lower = sentence.toLowerCase();
  // "what was your brother's name": the narrator's own brother ("my brother"), not "his younger brother".
  const own = new RegExp(`\\byour\\s+(?:[a-z]+\\s+)?${thing.replace(/[^\w-]/g, '')}`).test(questionText);
  const spots = spotsOf(lower, thing).filter(
    (x) =>
      !own || !/\b(?:his|her|their|its)\s+(?:[a-z]+\s+){0,2}$/.test(lower.slice(Math.max(0, x.start - 30), x.start)),
  );
  return facts.filter((f) =>
    spots.some((x) => {
      // "Dr. Pratt" for "the doctor's name": the title is part of the name given. Not "Doctor Goldberg" for
      // Missus Goldberg's first name: a title before the surname asked about gives no name of its own.
      if (f.start <= x.start && x.end <= f.end)
        return (
          f.text.length > x.end - x.start + 1 &&
          !lower
            .slice(f.start, f.end)
            .replace(lower.slice(x.start, x.end), ' ')
            .trim()
            .split(/\s+/)
            .every((w) => TITLE_WORDS.has(w.replace(/\.$/, '')))
        );
      // "my mother's name was Geertruida"
      if (f.start >= x.end) {
        const between = lower.slice(x.end, f.start).replace(/’/g, "'");
        return (
          /^(?:(?:'s)?\s+(?:first\s+|real\s+|full\s+|christian\s+|maiden\s+)?name)?[\s,]*(?:(?:was|is|were|named|called|by the name of|a|an|the|man|woman|girl|boy|fella|fellow|bloke|lady|guy)[\s,]+)*$/.test(
            between,
          ) ||
          // "the farm dog, a black and white collie called Duke": an apposition describing the thing, then
          // its name — not "the dog bit a boy called Tim", where the words after the thing are a verb's.
          /^(?:'s)?\s*,\s*(?:a|an|the)\s+(?:[a-z-]+\s+){0,5}(?:named|called)\s+$/.test(between)
        );
      }
      // "Toivo, who became your grandfather": a relative clause saying the name is the thing's.
      if (f.end <= x.start)
        return /^[\s,]*(?:(?:was|is|the|a|an|my|our|his|her|their|your|she|he|who|became|later)[\s,]+)*$/.test(
          lower.slice(f.end, x.start),
        );
      return false;
    }),
  );
}

/** Words that are titles, not names ("Doctor Goldberg", "Mrs. Lowell"). */
export const TITLE_WORDS = new Set(
  'mr mrs ms miss missus mister dr doctor sister brother father reverend rev aunt auntie uncle sergeant captain capt sgt prof professor'.split(
    ' ',
  ),
);

/**
 * Whether the thing is the last one `text` speaks of: "…she called her Pinky. / Her real name is
 * Parminder" is Pinky's name, not the nurse's, said before her.
 */
export function lastSpokenOf(text: string, facts: readonly Fact[], thing: string): boolean {
  const spots = spotsOf(text.toLowerCase(), thing);
  if (!spots.length) return false;
  const last = Math.max(...spots.map((s) => s.start));
  return !facts.some(
    (f) =>
      (f.kind === 'person' || f.kind === 'name') &&
      f.start > last &&
      !spots.some((s) => f.start <= s.start && s.end <= f.end),
  );
}

const termCache = new Map<string, string | undefined>();

/** A word's index term (lemma stem), cached: the same words recur across a story's sentences. */
export function termOf(word: string): string | undefined {
  if (termCache.has(word)) return termCache.get(word);
  const term = lemmaTerm(word.replace(/'s$/, ''));
  if (termCache.size > 20_000) termCache.clear();
  termCache.set(word, term);
  return term;
}

/**
 * Where `sentence` (lower case) speaks of `thing`: its own word, and words the story uses for it — the same
 * index term ("dad" asked, "my father" told), a WordNet synonym, or a kind of it ("collie" for dog).
 */
function spotsOf(lower: string, thing: string): Array<{ start: number; end: number }> {
  const word = thing.replace(/[^\w\s-]/g, '');
  const short = TITLE_ABBREVIATIONS[word];
  const pattern = `\\b(?:${word}(?:s|es|'s)?${short ? `|${short}\\.?` : ''})(?=\\W|$)`;
  const spots = [...lower.matchAll(new RegExp(pattern, 'g'))].map((m) => ({
    start: m.index!,
    end: m.index! + m[0].length,
  }));
  const thingTerm = /\s/.test(word) ? undefined : termOf(word);
  if (!thingTerm) return spots;
  for (const m of lower.matchAll(/[a-z][a-z-]{2,}(?:'s)?/g)) {
    if (spots.some((s) => s.start === m.index)) continue;
    const term = termOf(m[0]);
    if (term && (term === thingTerm || relatedTerms(thingTerm).includes(term) || isKindOf(term, thingTerm)))
      spots.push({ start: m.index!, end: m.index! + m[0].length });
  }
  return spots;
}

/**
 * Names a sentence gives through a pronoun: "Her real name is Parminder", "His name was Eddie Ruiz", "Her
 * mother named her Patricia", "we called him Red". Whose name it is the caller decides (the thing the
 * sentence, or the one just before, speaks of).
 */
export function pronounNames(sentence: string, facts: readonly Fact[], possessiveOnly = false): Fact[] {
  const lower = sentence.toLowerCase();
  const given = possessiveOnly ? POSSESSIVE_NAME : PRONOUN_NAME;
  return facts.filter((f) => given.test(lower.slice(0, f.start)));
}

const POSSESSIVE_NAME =
  /\b(?:his|her|its|their)\s+(?:first\s+|real\s+|full\s+|christian\s+|maiden\s+|last\s+)?name\s+(?:was|is|were)\s+$/;
const PRONOUN_NAME = new RegExp(
  `(?:${POSSESSIVE_NAME.source.slice(0, -1)}|\\b(?:named|called|christened|nicknamed|baptised|baptized)\\s+(?:him|her|it|them)\\s+$)`,
);

/** Whether `sentence` says the thing in its own words (not only through a pronoun). */
export function saysThing(sentence: string, thing: string): boolean {
  return spotsOf(sentence.toLowerCase(), thing).length > 0;
}

/**
 * "Her real name is Parminder": a name given through a possessive pronoun names the thing sentence `at`
 * speaks of (said, or carried by the pronoun from the one before, where it was spoken of last). "…helping
 * deliver a baby. A little girl. Her mother named her Patricia": the next sentence, or the one after a short
 * fragment, may name the thing this one says in its own words and spoke of last — not a thing named in the
 * same sentence ("The nurse… called her Pinky": the nurse is the one naming). `nameFacts`: the names of a
 * sentence that may answer.
 */
export function namedByPronoun(
  index: Pick<StoryIndex, 'texts' | 'facts'>,
  at: number,
  thing: string,
  nameFacts: (i: number) => Fact[],
): { facts: Fact[]; bridge?: number } | undefined {
  const own = pronounNames(index.texts[at]!, nameFacts(at), true);
  const spokenOf = (i: number) => lastSpokenOf(index.texts[i]!, index.facts[i]!, thing);
  if (own.length && (saysThing(index.texts[at]!, thing) || (at > 1 && spokenOf(at - 1)))) return { facts: own };
  if (!spokenOf(at)) return undefined;
  for (let step = 1; step <= 2 && at + step < index.texts.length; step++) {
    const named = pronounNames(index.texts[at + step]!, nameFacts(at + step));
    if (named.length) return { facts: named, bridge: at + step };
    if (nameFacts(at + step).length || index.texts[at + step]!.split(/\s+/).length > 4) return undefined;
  }
  return undefined;
}
