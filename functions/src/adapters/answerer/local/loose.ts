import { tokensOf } from '../text.ts';
import { termOf } from './names.ts';

/**
 * The decide stage's looser pass: a sentence that would answer but for the question's verb ("who owned the
 * fruit stand" / "the fella with the fruit stand, Nick"; "when did you become a detective" / "moved up to
 * detective in seventy"). The story states the relation another way — by possession, apposition, a
 * paraphrase the lexicon lacks — so the sentence may answer, when it is the only one of the story that
 * qualifies (decide.ts) and when the following hold.
 */

/**
 * Verbs of the events a family story dates again and again (born, died, married, killed): another event of
 * the same person is the tempting wrong answer, so the looser pass never does without them.
 */
const LIFE_EVENTS = new Set(['bear', 'die', 'marri', 'marry', 'kill', 'buri', 'divorc', 'wed']);

/** Words that may stand between a verb and its object's noun ("saw the old Pusan harbour"). */
const NOUN_PHRASE = new Set(['DET', 'ADJ', 'NUM', 'NOUN', 'PROPN', 'PART']);
const POSSESSIVE = /^(my|your|his|her|its|our|their)$/i;

/**
 * Whether the sentence makes the noun the object of a verb of its own ("I saw Pusan harbour burn", "my
 * aunt had a shop"): then it tells another deed done to the thing, not the one asked about.
 */
export function governedByVerb(text: string, noun: string): boolean {
  const tokens = tokensOf(text);
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i]!.type !== 'word' || termOf(tokens[i]!.lemma) !== noun) continue;
    let j = i - 1;
    while (j >= 0 && (NOUN_PHRASE.has(tokens[j]!.pos) || POSSESSIVE.test(tokens[j]!.value))) j--;
    // "had a shop" (wink tags it AUX): possession is a relation of its own, not any deed asked about.
    const verb = tokens[j];
    if (verb && ((verb.pos === 'VERB' && verb.lemma !== 'be') || (verb.pos === 'AUX' && verb.lemma === 'have')))
      return true;
  }
  return false;
}

/**
 * Whether a sentence that passes but for the question's verb may answer loosely: it says every noun of the
 * question the story uses, one of them a thing (`isThing`: not only a person, whose other deeds the story
 * tells too), no such thing is the object of another verb, and the verb left unsaid is not a life event.
 */
export function loosely(
  text: string,
  nouns: readonly string[],
  verbs: readonly string[],
  says: (term: string) => boolean,
  isThing: (term: string) => boolean,
): boolean {
  if (!nouns.every(says) || verbs.some((v) => LIFE_EVENTS.has(v) && !says(v))) return false;
  const things = nouns.filter((n) => says(n) && isThing(n));
  return things.length > 0 && !things.some((n) => governedByVerb(text, n));
}

/** Verbs of something ending (index terms): "when did you stop / quit / finish…". */
const ENDING = new Set(['stop', 'quit', 'end', 'finish', 'ceas']);

/**
 * "Jack flew the mail until 1960", "Snow from Boxing Day till March": "until" says when a thing stopped,
 * so a sentence saying it answers "when did he stop flying the mail" without the word "stop".
 */
export function saysEnd(text: string, verb: string): boolean {
  return ENDING.has(verb) && /\b(?:until|till|til|up to)\b/i.test(text);
}

/**
 * Whether the narrator ("I", "we") is the one doing one of the question's verbs in the sentence: the
 * subject right before the verb, with at most two words between ("I never cooked", "we had not seen").
 */
export function narratorDoes(text: string, verbs: readonly string[]): boolean {
  if (!verbs.length) return false;
  const tokens = tokensOf(text);
  return tokens.some((t, i) => {
    if (t.pos !== 'VERB' || !verbs.includes(termOf(t.lemma) ?? '')) return false;
    for (let j = i - 1; j >= Math.max(0, i - 3); j--) if (/^(?:i|we)$/i.test(tokens[j]!.value)) return true;
    return false;
  });
}

const NEGATION = /^(?:never|not|n't|no)$/i;
/** Words after a verb that leave it without an object of its own ("never complained about it"). */
const NO_OBJECT = /^(?:PUNCT|ADP|ADV|SCONJ|CCONJ)$/;

/**
 * "did he ever complain about the foundry" / "He never complained": the question's own verb (its word, not
 * a related one), denied right before it ("never", "did not", "wouldn't"), and with no object of its own the
 * question does not name ("I had never seen the ocean" does not answer "did you see the surrender").
 */
export function deniesVerb(text: string, verbs: readonly string[], questionTerms: ReadonlySet<string>): boolean {
  if (!verbs.length) return false;
  const tokens = tokensOf(text);
  return tokens.some((t, i) => {
    if ((t.pos !== 'VERB' && t.pos !== 'AUX') || !verbs.includes(termOf(t.lemma) ?? '')) return false;
    const negated = [tokens[i - 1], tokens[i - 2]].some((b) => b !== undefined && NEGATION.test(b.value));
    if (!negated) return false;
    let j = i + 1;
    while (
      j < tokens.length &&
      (tokens[j]!.pos === 'DET' || POSSESSIVE.test(tokens[j]!.value) || tokens[j]!.pos === 'ADJ')
    )
      j++;
    const next = tokens[j];
    return next === undefined || NO_OBJECT.test(next.pos) || questionTerms.has(termOf(next.lemma) ?? '');
  });
}
