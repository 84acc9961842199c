import type { Fact } from './entities.ts';
import { findNumbers } from './numbers.ts';
import type { Want } from './question.ts';
import { answeringFacts } from './type-match.ts';

/**
 * The resolve-corrections stage: narrators correct themselves ("For years I told people forty… it was
 * twenty-six", "the sixteenth, no, hang on, ours broke the seventeenth", "My sister says it was 1953, and
 * she is right"). A later heard sentence that says it corrects, and speaks of the same thing, supersedes the
 * one chosen; within one sentence, the fact after the correction wins (phrase stage).
 */
export const CORRECTION =
  /\b(no,? wait|wait,? no|i tell a lie|no,? hang on|hang on|i'?m sorry|sorry,|actually|turned out|it was never|was really|in fact|i mean|correction|i said earlier|i said before|i said [^.;!?]{0,60}?,? but|i told people|i (?:always )?tell (?:people|everybody|everyone|folks)|for years i|i was wrong|i'?m wrong|that'?s not right|that'?s wrong|that (?:is|was) wrong|that is not (?:true|right)|that'?s not true|not [\w-]+,? (?:but|it was)|no,? no|let me think|or was it|come to think of it|now that i think|(?:i )?had (?:it|that) wrong|got (?:it|that) wrong|(?:she|he|they)(?:'s| is| was| were) right|the truth is|to tell the truth|my mistake|i should say|i misremembered|i remembered wrong|it was more like|more like|truly|to be exact|to be honest|if i'?m honest|if i count|i used to (?:say|tell)|i(?:'ve| have)? always (?:say|said|told)|people (?:say|think)|everyone (?:says|thinks))\b|^(?:no|sorry)\b[,.!]?|^okay,|, no,|,\s*not\s+(?:a\s+|an\s+|the\s+)?[\w-]+[.!]?$/i;

/**
 * Markers that also fill ordinary talk ("I mean", "actually", "let me think"): a sentence with only these
 * corrects the statement only when it repeats its value or the question's words, not for being near.
 */
const WEAK = /^(?:actually|i mean|in fact|let me think|more like|okay,|hang on|, no,)$/i;

/**
 * Markers that say the narrator's own earlier telling was wrong ("I used to tell people there were twenty
 * stops", "for years I said nine days"): the fact said with them is the old version, and the truth follows.
 */
const TOLD_WRONG =
  /\b(?:i used to (?:say|tell)|i(?:'ve| have)? always (?:say|said|told)|for (?:many )?years i (?:said|told|thought)|i told people|i (?:always )?tell (?:people|everybody|everyone|folks)|people (?:say|think|thought)|everyone (?:says|thinks|thought)|they (?:always )?(?:say|said))\b/i;

export function isCorrection(text: string): boolean {
  return CORRECTION.test(text);
}

/** Where, inside a sentence, a correction starts (-1 if none): the fact after it wins. */
export function correctionAt(text: string): number {
  const m = CORRECTION.exec(text);
  return m ? m.index : -1;
}

export const correctionTuning = {
  /** A correction this many sentences after the statement is about it even without repeating its words. */
  nearSentences: 2,
  /** How many sentences after a correction marker may hold the corrected fact. */
  followSentences: 3,
  /** Characters between a correction marker and the value it gives ("no, sixty-one"; "it was eleven hundred"). */
  nearChars: 30,
};

/** Markers that grant the fact said before them and take back the earlier statement. */
const RETRACTS_EARLIER =
  /\b(?:had (?:it|that) wrong|got (?:it|that) wrong|(?:she|he|they)(?:'s| is| was| were) right|my mistake|i misremembered|i remembered wrong|i was wrong|i'?m wrong)\b/i;

/** Facts said with a unit that a correction may leave out ("nine hundred dollars… eleven hundred"). */
const UNIT_KINDS = new Set(['money', 'measure', 'duration', 'count']);

/** What a correcting sentence needs from the story (the local answerer's index). */
export interface CorrectionStory {
  texts: readonly string[];
  facts: readonly (readonly Fact[])[];
  ids: readonly number[];
}

export interface Correction {
  /** Index of the sentence that says it corrects. */
  index: number;
  /** Index of the sentence holding the corrected fact (the same, or the one after it). */
  factIndex: number;
  fact: Fact;
}

/**
 * "I mean, my brother was twenty": a fact said of someone the question does not ask about (a person right
 * before "was/is/turned" and the fact) corrects nothing about the one asked.
 */
function saidOfOther(sentence: string, facts: readonly Fact[], fact: Fact, questionText: string): boolean {
  const asked = new Set(questionText.toLowerCase().match(/[a-z]+/g) ?? []);
  return facts.some(
    (p) =>
      p.kind === 'person' &&
      p.end <= fact.start &&
      /^\s+(?:was|were|is|turned|had been|got)\s+(?:about\s+|only\s+|just\s+)?$/i.test(
        sentence.slice(p.end, fact.start),
      ) &&
      !(p.text.toLowerCase().match(/[a-z]+/g) ?? []).some((w) => w.length > 2 && w !== 'the' && asked.has(w)),
  );
}

/** The value of a word a correction rejects ("not nine" → 9, "not a term" → term). */
function factValueOf(word: string): string {
  const numbers = findNumbers(word).map((n) => n.value);
  return numbers.length ? numbers.join(' ') : word.toLowerCase();
}

/** A fact's value, to tell a correction from a repeat ("I said earlier about forty" repeats forty). */
function factValue(fact: Fact): string {
  // "in sixty" and "in nineteen sixty" are the same year.
  const numbers = findNumbers(fact.text).map((n) => (fact.kind === 'year' && n.value < 100 ? 1900 + n.value : n.value));
  return numbers.length ? numbers.join(' ') : fact.text.toLowerCase().replace(/^(the|a|an|my|our)\s+/, '');
}

/**
 * A later heard sentence that corrects the fact the answer stands on: it says it corrects, it is near the
 * statement or repeats its value or the question's words (`related`), and it (or the sentence after it,
 * going on about it: "I said earlier about forty. It was never more than twenty-six.") states another fact
 * of the kind asked. The last such correction wins.
 */
export function laterCorrection(
  story: CorrectionStory,
  chosen: { index: number; bridge?: number; fact: Fact },
  want: Want,
  questionText: string,
  heardCount: number,
  related: (index: number) => boolean,
): Correction | undefined {
  const from = chosen.bridge ?? chosen.index;
  const corrected = factValue(chosen.fact);
  const heard = (i: number) => i < story.texts.length && story.ids[i]! <= heardCount;
  // "The house cost nine hundred dollars. Come to think of it, it was eleven hundred": the unit carries over.
  // "two hundred pounds a term" / "two hundred pounds a quarter": an amount is told with what follows it.
  const context = (i: number, f: Fact) =>
    UNIT_KINDS.has(f.kind)
      ? (story.texts[i]!.slice(f.end).match(/^\s*(?:an?\s+|per\s+)[a-z]+/i)?.[0] ?? '').trim().toLowerCase()
      : '';
  const contextBefore = context(from, chosen.fact);
  // A repeat of the value corrected ("I said earlier about forty"), unless said with another period.
  const repeat = (i: number, f: Fact) =>
    factValue(f) === corrected && (context(i, f) === '' || context(i, f) === contextBefore);
  const fresh = (i: number) => {
    // A correction gives a fact of the same kind ("July" is not corrected by "It was five").
    const facts = answeringFacts(story.facts[i]!, want, questionText).filter(
      (f) => !repeat(i, f) && f.kind === chosen.fact.kind,
    );
    // "I started in fifty-three. No, fifty-four": a year said in two digits is corrected by a bare number.
    // The new year is near the old one ("fifty-three… no, fifty-four"), not any number said after ("for nine years").
    const yearSaid = findNumbers(chosen.fact.text)[0]?.value ?? 100;
    const shortYear = chosen.fact.kind === 'year' && yearSaid < 100;
    const found =
      facts.length || !(UNIT_KINDS.has(chosen.fact.kind) || shortYear)
        ? facts
        : story.facts[i]!.filter(
            (f) =>
              f.kind === 'count' &&
              factValue(f) !== corrected &&
              (!shortYear || (!repeat(i, f) && Math.abs((findNumbers(f.text)[0]?.value ?? 1000) - yearSaid) <= 10)),
          ).map((f) => (shortYear ? { ...f, kind: 'year' as const } : f));
    return found.filter((f) => !saidOfOther(story.texts[i]!, story.facts[i]!, f, questionText));
  };
  // "No, wait. / Four, when I was little." / "Sorry, not a term. / A quarter. / Two hundred pounds a
  // quarter": the corrected fact may follow the marker in the next sentences that go on from it.
  const following = (k: number): Correction | undefined => {
    for (let next = k + 1; next <= k + correctionTuning.followSentences && heard(next); next++) {
      const text = story.texts[next]!;
      const opensWithNumber = (findNumbers(text)[0]?.start ?? -1) === (/\w/.exec(text)?.index ?? -2);
      // "Actually, now I remember properly, he went in November fifty-nine": words that only lead in.
      // "When I found the pay book years later, I counted them properly: it was fifty-two": a clause saying
      // when leads in too.
      const opener =
        /^\W*(?:(?:when|once|after|later)\b[^,.]{0,80},\s*)?(?:(?:actually|well|oh|now|no|and|but)\b[,\s]*)*(it|that|he|she|they|there|we|i|so)\b/i;
      if (!opener.test(text) && !isShort(text) && !opensWithNumber) break;
      const facts = fresh(next);
      if (facts.length) return { index: k, factIndex: next, fact: facts[0]! };
    }
    return undefined;
  };
  let out: Correction | undefined;
  // "I used to tell people there were twenty stops. / …and it was fourteen": the chosen sentence itself
  // says it was the old telling.
  const toldWrong = TOLD_WRONG.exec(story.texts[from]!);
  if (toldWrong && toldWrong.index < chosen.fact.start) out = following(from);
  const values = corrected.split(' ');
  const isCorrected = (n: { value: number }) =>
    values.includes(String(n.value)) || values.includes(String(1900 + n.value));
  const chosenUnit = unitAfter(story.texts[from]!, chosen.fact);
  for (let k = from + 1; heard(k); k++) {
    const text = story.texts[k]!;
    const at = correctionAt(text);
    if (at < 0) continue;
    const numbers = findNumbers(text);
    // "I used to tell everybody the tower was forty feet high": an old telling of another number than the one
    // answered takes back that number, not this one.
    if (/\d/.test(corrected) && TOLD_WRONG.test(text) && numbers.length && !numbers.some(isCorrected)) continue;
    // "I stood there three mornings, no, four": a number said of something else just before the marker is the
    // one the marker takes back.
    const taken = numbers.filter((n) => n.end <= at).pop();
    const takenUnit = taken && wordAfter(text, taken.end);
    if (/\d/.test(corrected) && takenUnit && chosenUnit && takenUnit !== chosenUnit && !NOT_UNIT.test(takenUnit))
      continue;
    const strong = [...text.matchAll(new RegExp(CORRECTION.source, 'gi'))].some(
      (m) => !WEAK.test(m[0].trim().toLowerCase()),
    );
    // "…so it was eleven days, not nine": a correction that names what it takes back corrects only that.
    const rejected = /\bnot\s+(?:a\s+|an\s+|the\s+)?([\w-]+)/i.exec(text.slice(at))?.[1];
    if (
      rejected &&
      /(?:^|,)\s*not\s/i.test(text) &&
      !corrected.includes(factValueOf(rejected)) &&
      !new RegExp(`\\b${rejected}\\b`, 'i').test(story.texts[from]!)
    )
      continue;
    const near = k - from <= correctionTuning.nearSentences && strong;
    // "I said earlier about forty": a number repeated is the one being corrected (a name repeated is only
    // the same person spoken of again).
    const repeats = /\d/.test(corrected) && story.facts[k]!.some((f) => factValue(f) === corrected);
    if (!near && !repeats && !(related(k) && RETRACTS_EARLIER.test(text))) continue;
    // The fact after the correction marker, the last one said ("sixty, no, sixty-one"); else any new one
    // ("my sister says it was 1953, and she is right"); a fact before the marker is the one taken back ("they
    // think I worked at the Blue Note, but no, no"), unless the marker owns it ("it was 1953, and she is
    // right", "eleven days, not nine").
    const all = fresh(k);
    // The corrected value comes right after the marker ("No, twenty-one, I had my birthday in August" corrects
    // with twenty-one, not August).
    // "No, no, that is wrong, the allowance was only twenty kilos": the nearest marker before the value.
    const markerEnds = [...text.matchAll(new RegExp(CORRECTION.source, 'gi'))].map((m) => m.index! + m[0].length);
    const markerEnd = (f: Fact) => Math.max(...markerEnds.filter((e) => e <= f.start), at);
    const own = all.filter(
      (f) =>
        f.end > at && f.start - markerEnd(f) <= correctionTuning.nearChars && !TOLD_WRONG.test(text.slice(0, f.start)),
    );
    const owned = RETRACTS_EARLIER.test(text) || /,\s*not\s+[\w-]+[.!]?$/i.test(text);
    const found = own.length ? own[own.length - 1] : owned ? all[all.length - 1] : undefined;
    if (found) {
      out = { index: k, factIndex: k, fact: found };
      continue;
    }
    // "Four and a half, truly": a correction that gives a number of its own corrects that number, not the
    // fact asked about, so the sentences after it are not searched.
    // Not the value being taken back, repeated ("I said before he went in sixty").
    const ownNumber =
      findNumbers(text).some((n) => !values.includes(String(n.value)) && !values.includes(String(1900 + n.value))) &&
      chosen.fact.kind !== 'count' &&
      !UNIT_KINDS.has(chosen.fact.kind);
    out = ((TOLD_WRONG.test(text) || strong) && !ownNumber ? following(k) : undefined) ?? out;
  }
  return out;
}

/** Words after a number that are no unit of it ("three, no, four"; "sixty or so"). */
const NOT_UNIT = /^(?:no|or|and|to|of|in|at|on|so|maybe|i|we|it|was|were|is|the|a|an)$/i;

/** The word right after a fact's number ("three dollars a week" → "dollars"), lower case. */
function unitAfter(sentence: string, fact: Fact): string | undefined {
  const number = findNumbers(sentence).find((n) => n.start >= fact.start && n.end <= fact.end);
  const word = number && wordAfter(sentence, number.end);
  return word && !NOT_UNIT.test(word) ? word : undefined;
}

/** The word right after position `end` of `text`, lower case ("three mornings" after "three" → "mornings"). */
function wordAfter(text: string, end: number): string | undefined {
  return text
    .slice(end)
    .match(/^\s+([a-z]+)/i)?.[1]
    ?.toLowerCase();
}

/** A short sentence, a fragment that goes on from the one before ("A quarter.", "Four, when I was little."). */
function isShort(text: string): boolean {
  return text.split(/\s+/).length <= 6;
}

/** A sentence opening by taking back what was just said ("That is not true.", "It wasn't like that."). */
export function denies(text: string): boolean {
  return (
    text.split(/\s+/).length <= 16 &&
    /^\W*(?:(?:that|it|this)(?:'s| is| was)(?: not|n't)\s+(?:true|right|so|how it was|what happened|the truth)|(?:that|it)\s+(?:isn't|wasn't|is not|was not)\s+(?:true|right|so)|it wasn't like that|it was not like that|not true|none of that is true)\b/i.test(
      text,
    )
  );
}
