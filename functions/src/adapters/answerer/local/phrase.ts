import { analyzeShort } from '../text.ts';
import { mainClauses } from './attach.ts';
import { correctionAt } from './corrections.ts';
import type { Fact } from './entities.ts';

/**
 * The phrase stage: a short answer in the narrator's first person, taken from the sentence it stands on —
 * the clause that holds the fact asked for (with the clause before it when that one is too short to stand
 * alone), or the clauses that say most of what was asked. Stories are told in the first person already; a
 * narrator named in the third person becomes "I".
 */
export const phraseTuning = {
  /** A clause shorter than this many words takes its neighbour. */
  minWords: 6,
  /** Longest answer, in words, before it is cut to the clauses that matter. */
  maxWords: 24,
  /** Longest main clause kept whole around a fact; a longer one is cut to the comma clauses around it. */
  factMaxWords: 14,
};

interface Clause {
  text: string;
  start: number;
  end: number;
}

/** Clauses of a sentence: cut at commas, semicolons, dashes and colons. */
export function clauses(sentence: string): Clause[] {
  const out: Clause[] = [];
  let start = 0;
  for (const m of sentence.matchAll(/\s*[,;:—–]\s+|\s+-\s+/g)) {
    out.push({ text: sentence.slice(start, m.index!), start, end: m.index! });
    start = m.index! + m[0].length;
  }
  out.push({ text: sentence.slice(start), start, end: sentence.length });
  return out.filter((c) => c.text.trim());
}

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** Grows a run of clauses around `at` until it is long enough to stand alone. */
function around(list: Clause[], at: number): Clause[] {
  let from = at;
  let to = at;
  const length = () =>
    words(
      list
        .slice(from, to + 1)
        .map((c) => c.text)
        .join(' '),
    );
  while (length() < phraseTuning.minWords && (from > 0 || to < list.length - 1)) {
    if (from > 0) from--;
    else to++;
  }
  return list.slice(from, to + 1);
}

function tidy(text: string): string {
  let out = text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[,;:—–-]+$/, '')
    .trim();
  out = out.replace(/^(and|but|so|then|well|oh|okay|anyway|now|right),?\s+/i, '');
  // "I sailed from Queenstown (they were calling it Cobh by then": a bracket the cut left open is dropped.
  const open = out.lastIndexOf('(');
  if (open > 0 && out.indexOf(')', open) < 0) out = out.slice(0, open).trim();
  if (!out) return out;
  out = out[0]!.toUpperCase() + out.slice(1);
  return /[.!?]["”']?$/.test(out) ? out : `${out}.`;
}

/** The answer from one sentence: around the fact when there is one, else around the question's words. */
export function phrase(sentence: string, fact: Fact | undefined, questionText: string): string {
  const short = shortPhrase(sentence, fact, questionText);
  return short.replace(/\W/g, '') ? short : tidy(sentence);
}

function shortPhrase(sentence: string, fact: Fact | undefined, questionText: string): string {
  if (words(sentence) <= phraseTuning.maxWords && !fact) return tidy(sentence);
  if (fact) return factPhrase(sentence, fact);
  const list = clauses(sentence);
  const q = new Set(analyzeShort(questionText).terms.map((t) => t.term));
  let best = 0;
  let bestScore = -1;
  list.forEach((c, i) => {
    const score = analyzeShort(c.text).terms.filter((t) => q.has(t.term)).length;
    if (score > bestScore) {
      best = i;
      bestScore = score;
    }
  });
  const run = around(list, best);
  // A clause that goes on about the one chosen ("…, I think") may follow; keep the answer within bounds.
  const following = list[best + 1];
  if (following && !run.includes(following) && words(run.map((c) => c.text).join(' ')) < phraseTuning.maxWords / 2)
    run.push(following);
  return tidy(
    completed(list, run)
      .map((c) => c.text)
      .join(', '),
  );
}

/**
 * Words a clause cannot end on: it goes on past the comma ("which was about, let me simplify, how to keep the
 * lights on"). Only words that never close a clause; "in", "to", "her" often do ("moved in", "named after her").
 */
const DANGLING = /\b(?:about|of|with|from|into|the|a|an|my|our|their|your|because|than|and then|and|but|or)$/i;

/**
 * A clause that only says when or on what condition ("just before we turned into the lane", "when the war
 * ended"): a run ending on it after "and then" has not yet said what happened.
 */
const SUBORDINATE = /^(?:just |right |not long |soon )?(?:before|after|when|while|until|till|once|as soon as|if)\b/i;

/** A spoken aside inside a sentence ("oh", "let me simplify", "you know"), skipped to reach what it interrupts. */
const ASIDE = /^(?:oh|um+|uh+|well|you know|I mean|mind you|let me (?:think|see|simplify|remember|say)|I think)$/i;

/** A run of clauses ending on a word that needs more takes the clauses after it (past asides) that complete it. */
function completed(list: Clause[], run: Clause[]): Clause[] {
  const out = [...run];
  let next = list.indexOf(out[out.length - 1]!) + 1;
  // "you could see, oh, you could see clear into Montana": a clause an aside interrupts is not finished either.
  const interrupted =
    next < list.length && (ASIDE.test(out[out.length - 1]!.text.trim()) || ASIDE.test(list[next]!.text.trim()));
  const said = out.filter((c) => !ASIDE.test(c.text.trim()));
  if (!said.length || (!interrupted && !DANGLING.test(said[said.length - 1]!.text.trim()))) return out;
  let waiting = true;
  while (next < list.length && waiting) {
    const clause = list[next++]!;
    out.push(clause);
    const text = clause.text.trim();
    // "…and then, just before we turned into the lane, he said welcome home": read on to what happened.
    waiting = ASIDE.test(text) || DANGLING.test(text) || (SUBORDINATE.test(text) && !/[.!?]["”']?$/.test(text));
  }
  return out;
}

/**
 * Around a fact: the main clause that holds it, a statement of its own ("I was the oldest of five kids so I
 * started milking when I was seven" → "I was the oldest of five kids."). A long one is cut to the comma
 * clauses around the fact, with the clause that opens it (its subject and verb) when the fact's clause is
 * only a fragment ("…, with a cardboard suitcase my uncle had painted").
 */
function factPhrase(sentence: string, fact: Fact): string {
  const main = mainClauses(sentence).find((c) => c.start <= fact.start && fact.start < c.end + 1);
  let text = main ? sentence.slice(main.start, main.end) : sentence;
  let offset = main?.start ?? 0;
  // "No, I tell a lie, I was fifteen": the answer starts after the correction, at the clause with the fact.
  const correction = correctionAt(text);
  if (correction >= 0 && correction < fact.start - offset) {
    const from = clauses(text).find((c) => c.start > correction && c.end >= fact.start - offset);
    if (from && from.start <= fact.start - offset) {
      text = text.slice(from.start);
      offset += from.start;
    }
  }
  if (words(text) <= phraseTuning.factMaxWords && words(text) >= 3) return tidy(text);
  const list = clauses(text);
  const at = list.findIndex((c) => c.start <= fact.start - offset && fact.start - offset < c.end + 1);
  if (at < 0) return tidy(text);
  let run = around(list, at);
  // A fragment takes the clauses from the opening one (its subject and verb) when the whole stays short.
  const last = list.indexOf(run[run.length - 1]!);
  const fromOpening = list.slice(0, last + 1);
  if (
    !run.includes(list[0]!) &&
    !SUBJECT_START.test(run[0]!.text) &&
    words(fromOpening.map((c) => c.text).join(' ')) <= phraseTuning.maxWords
  )
    run = fromOpening;
  return tidy(
    completed(list, run)
      .map((c) => c.text)
      .join(', '),
  );
}

/** A clause that opens with its own subject, so it stands as a statement. */
const SUBJECT_START =
  /^\s*(?:and |but |so |then )?(?:i|we|he|she|they|you|it|there|my|our|his|her|their|the|this|that|[A-Z][a-z]+ (?:was|were|had|did|is|[a-z]+ed))\b/i;

/** Of several facts of the kind asked for in one sentence, the one the narrator settles on. */
export function settledFact(sentence: string, facts: readonly Fact[]): Fact | undefined {
  const correction = correctionAt(sentence);
  if (correction >= 0) {
    const after = facts.filter((f) => f.start > correction);
    if (after.length) return after[after.length - 1];
  }
  return facts[0];
}

/**
 * The answer in the narrator's first person: where a story names its narrator in the third person
 * ("Grandma Rose was born…"), the name becomes "I"/"my"/"me". Leading connectives are dropped.
 */
export function toFirstPerson(text: string, narratorNames: readonly string[]): string {
  let out = text.replace(/\s+/g, ' ').trim();
  for (const name of narratorNames) {
    const escaped = name.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (!escaped) continue;
    out = out
      .replace(new RegExp(`(^|[.!?]\\s+)${escaped}'s\\b`, 'g'), '$1My')
      .replace(new RegExp(`\\b${escaped}'s\\b`, 'g'), 'my')
      .replace(new RegExp(`(^|[.!?]\\s+)${escaped}\\b`, 'g'), '$1I')
      .replace(new RegExp(`\\b(and|but|when|then|that|because|so) ${escaped}\\b`, 'g'), '$1 I')
      .replace(new RegExp(`\\b${escaped}\\b`, 'g'), 'me');
  }
  out = out.replace(/^(And|But|So|Then|Well),?\s+(\w)/, (_m, _c, first: string) => first.toUpperCase());
  return out;
}
