import type { Term } from '../text.ts';

/**
 * Who and what a sentence speaks of without naming them: a sentence opening with a pronoun carries the
 * nouns of the one before ("We bought a store. It cost…"), and a personal pronoun the people mentioned
 * most recently whose gender fits it ("My father was hurt… My mother lit a candle… He came home in
 * October": "he" is the father, not the mother). Names of unknown gender fit either pronoun.
 */

/** Index terms (stems) of family members: people a question may ask about, as it may about a name. */
export const KIN_TERMS = new Set(
  'father mother brother sister husband wife son daughter uncl aunt cousin grandfath grandmoth'.split(' '),
);
const MALE = new Set(['father', 'brother', 'husband', 'son', 'uncl', 'grandfath']);
const FEMALE = new Set(['mother', 'sister', 'wife', 'daughter', 'aunt', 'grandmoth']);

const MALE_WORDS = /\b(father|dad|daddy|papa|brother|husband|son|uncle|grandfather|grandpa)\b/i;
const FEMALE_WORDS = /\b(mother|mom|mum|mama|sister|wife|daughter|aunt|grandmother|grandma)\b/i;

/** Whether the sentence names a kin of the pronoun's gender before the pronoun ("My father sold his boat"). */
function before(kin: RegExp, pronoun: RegExp, text: string): boolean {
  const k = kin.exec(text);
  const p = pronoun.exec(text);
  return Boolean(k && p && k.index < p.index);
}

const HE = /\b(he|him|his)\b/i;
const SHE = /\b(she|her|hers)\b/i;
const PRONOUN_START = new Set([
  'he',
  'she',
  'they',
  'it',
  'his',
  'her',
  'their',
  'its',
  'this',
  'that',
  'there',
  'then',
  // "Many stores burned. Ours didn't": a possessive pronoun stands for the thing just spoken of.
  'ours',
  'mine',
  'theirs',
  'yours',
  'hers',
]);

const EXISTENTIAL = /^there(?:'s|\s+(?:was|were|is|are|had been|have been|has been|used to be|would be|will be)\b)/i;

/** How many of the people mentioned last a pronoun may stand for. */
const RECENT_PEOPLE = 3;

export interface Analyzed {
  terms: Term[];
  tokens: Array<{ value: string; pos: string }>;
}

/**
 * For each text (0 = the story details, never carried into), the terms it speaks of without saying them.
 */
export function carriedTerms(texts: readonly string[], analyzed: readonly Analyzed[]): string[][] {
  const context: string[][] = [];
  const ownNouns: string[][] = [];
  let recent: string[] = [];
  return analyzed.map((a, i) => {
    const text = texts[i]!;
    const he = HE.test(text);
    const she = SHE.test(text);
    const fits = (t: string) => (!MALE.has(t) || he) && (!FEMALE.has(t) || she);
    const nouns = a.terms.filter((t) => t.pos === 'PROPN' || t.pos === 'NOUN').map((t) => t.term);
    const first = a.tokens[0]?.value.toLowerCase() ?? '';
    const opensWithPronoun = i > 1 && PRONOUN_START.has(first);
    // "…the orphanage. / There were ninety children": an existential "there" is at the place just spoken of,
    // not at everything that sentence itself carried from before it (a chain of "She… / She… / There…").
    const existential = EXISTENTIAL.test(text);
    const own = a.terms.filter((t) => t.pos === 'PROPN' || KIN_TERMS.has(t.term)).map((t) => t.term);
    // "My father sold one of his boats": a pronoun whose kin the sentence names itself carries no one.
    // "Rafael went north first, and he came back with a wristwatch": a sentence whose subject is a name says
    // who its "he" or "she" is.
    const opener = a.tokens[0];
    // (A name followed by its verb: the tagger takes other capitalised openers for names too, "Years later".)
    const namedSubject =
      opener?.pos === 'PROPN' && /^[A-Z]/.test(opener.value) && /^(?:VERB|AUX)$/.test(a.tokens[1]?.pos ?? '');
    const ownMale = namedSubject || before(MALE_WORDS, HE, text);
    const ownFemale = namedSubject || before(FEMALE_WORDS, SHE, text);
    const needs = (t: string) => (he && !ownMale && !FEMALE.has(t)) || (she && !ownFemale && !MALE.has(t));
    // The kin last spoken of, whatever names came since, and the names last said.
    const candidates = i > 1 ? recent.filter((t) => fits(t) && needs(t)) : [];
    const people = [
      ...candidates.filter((t) => MALE.has(t)).slice(0, 1),
      ...candidates.filter((t) => FEMALE.has(t)).slice(0, 1),
      ...candidates.filter((t) => !MALE.has(t) && !FEMALE.has(t)).slice(0, RECENT_PEOPLE),
    ];
    const fromBefore = opensWithPronoun
      ? ((existential ? ownNouns[i - 1] : context[i - 1]) ?? []).filter((t) => !KIN_TERMS.has(t) || fits(t))
      : [];
    const carried = [...new Set([...fromBefore, ...people])];
    context[i] = [...new Set([...nouns, ...carried])];
    ownNouns[i] = nouns;
    if (i > 0) recent = [...new Set([...own, ...people, ...recent])].slice(0, 12);
    return carried;
  });
}
