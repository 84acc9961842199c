import { analyzeShort, type Term } from '../text.ts';
import type { Fact } from './entities.ts';

import { holdsTerm } from './retrieve.ts';

/**
 * Which event a fact belongs to. A sentence often joins two events ("I qualified in June 1965, and I wore
 * the buckle until the day I retired"): a date, number or person answers a question only when it stands in
 * the same main clause as what the question asks about, not in another one the sentence goes on to.
 */

/**
 * Main clauses: cut where a new subject starts after "and/but/so/then" or a comma, at a semicolon, a colon
 * or a dash. A clause that only describes the one before ("…, and he was about six foot four", "…, I was
 * sixteen") is not cut off: its "was" speaks of what the clause before told.
 */
const SUBJECT = '(?:I|we|he|she|they|you|it|there|my|our|his|her|their)\\b(?!\\s+(?:was|were|is|are)\\b)';
const MAIN_CLAUSE_BREAK = new RegExp(
  `(?:,\\s+|\\s+)(?:and|but|so|then|or|and then|because)\\s+(?=${SUBJECT})|;\\s+|:\\s+|\\s+[—–]\\s+|\\s+-\\s+|,\\s+(?=${SUBJECT})`,
  'g',
);

/** An opening adverbial: a subordinate clause ("when I was nine"), or a phrase of time or place ("in 1965",
 * "then in nineteen seventy-six, the hot summer", "that winter") that is not a clause with its own subject. */
const FRONTED =
  /^\s*(?:(?:when|while|after|before|since|once|until|till|as soon as|by the time)\b|(?:then\s+)?(?:in|on|at|during|by|after|before|that|this|the|one|early|late|last|next|every)\b(?!\s+(?:I|we|he|she|they|you)\b))/i;

const REFERS_BACK = /^\s*(?:he|she|they|it|his|her|their|its)\b/i;

export interface MainClause {
  start: number;
  end: number;
  terms: Set<string>;
}

const cache = new Map<string, MainClause[]>();

/** The main clauses of a sentence with the index terms of each (cached: a story's sentences recur). */
export function mainClauses(sentence: string): MainClause[] {
  let out = cache.get(sentence);
  if (out) return out;
  out = [];
  let start = 0;
  const cut = (end: number, next: number) => {
    if (sentence.slice(start, end).trim())
      out!.push({ start, end, terms: new Set(analyzeShort(sentence.slice(start, end)).terms.map((t) => t.term)) });
    start = next;
  };
  for (const m of sentence.matchAll(MAIN_CLAUSE_BREAK)) cut(m.index!, m.index! + m[0].length);
  cut(sentence.length, sentence.length);
  if (cache.size > 5_000) cache.clear();
  cache.set(sentence, out);
  return out;
}

/**
 * The facts that stand in a main clause holding one of the question's terms. A sentence where no clause
 * holds a question term (it speaks of them through a pronoun) keeps all its facts.
 */
export function attachedFacts(sentence: string, facts: readonly Fact[], terms: readonly Term[]): Fact[] {
  const list = mainClauses(sentence);
  if (list.length < 2 || facts.length === 0) return [...facts];
  const holds = list.map((c) => terms.some((t) => holdsTerm(c.terms, t.term)));
  if (!holds.includes(true)) return [...facts];
  // "Mrs. Johnson from across the street, she came…, and she would teach me": a clause opening with a
  // pronoun speaks of the one named in the clause before.
  for (let k = list.length - 1; k > 0; k--)
    if (holds[k] && REFERS_BACK.test(sentence.slice(list[k]!.start, list[k]!.end))) holds[k - 1] = true;
  // "In 1965, I came to England" / "When I was nine, my father died": an opening phrase set off by a comma
  // says when or where the clause after it happened.
  if (
    holds[1] &&
    /^,\s+$/.test(sentence.slice(list[0]!.end, list[1]!.start)) &&
    FRONTED.test(sentence.slice(0, list[0]!.end))
  )
    holds[0] = true;
  const holding = list.filter((_, k) => holds[k]);
  return facts.filter((f) => holding.some((c) => f.start >= c.start && f.start < c.end));
}
