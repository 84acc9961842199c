import type { Term } from '../text.ts';
import { countOfOther, siblingsForChildren } from './check-count.ts';
import { dateAcrossTurn, eventOfOther, otherEventFact, saysAskedEvent } from './check-events.ts';
import {
  ageAsCount,
  durationForHowMuch,
  hoursForWhen,
  measureForCount,
  moneyOtherSide,
  ordinalForHowMany,
  originForArrival,
  otherTimeUnit,
  peopleForMeasure,
  yearAsCount,
} from './check-kinds.ts';
import { factOfNamedOther, otherFullName, unknownPerson } from './check-named.ts';
import { onlyOwner, ownerAsPerson } from './check-owner.ts';
import { noReason, notTheOther, saysNotKnown, unrealFact } from './check-said.ts';
import { otherSubject, verbOfOther } from './check-subject.ts';
import { bareThing, strandedObject } from './check-which.ts';
import type { Judged } from './decide.ts';
import type { Fact } from './entities.ts';
import type { NormalizedQuestion } from './question.ts';
import type { StoryIndex } from './retrieve.ts';

/**
 * The check stage, between judge and decide: a last look at every sentence that would answer, heard or not
 * (so "not yet heard" and "doesn't say" are told apart by the same standard), asking whether the fact it
 * gives is about what the question asks — its kind fits the question strictly, it is attached to the event
 * and the person or thing asked about. A wrong fact is worse than "My story doesn't say": the stages before
 * rank by shared words, and a sentence on the question's topic that tells something else (the date of
 * another event, someone else's brother) shares them too. Each rule is general (no story's words) and was
 * kept only when it removed more wrong answers than right ones on the dev split (docs/interactive.md,
 * round 5). Two rules were dropped at the merge with round 5's other changes, which decline the same answers
 * earlier ("a widow of about fifty" is an age; "your brother" is the narrator's own): "about fifty" as a year
 * and someone else's brother.
 */

/** What every rule sees of the question and the story. */
export interface CheckContext {
  question: NormalizedQuestion;
  index: StoryIndex;
  terms: readonly Term[];
}

/** A rule on one fact: why it does not answer, or undefined when it may. */
type FactRule = (ctx: CheckContext, sentence: string, fact: Fact) => string | undefined;
/** A rule on the whole sentence (and the next one when it holds the fact): why it does not answer. */
type SentenceRule = (ctx: CheckContext, judged: Judged) => string | undefined;

const FACT_RULES: Array<[string, FactRule]> = [
  ['other-event', otherEventFact],
  ['date-across-turn', dateAcrossTurn],
  ['how-much-duration', durationForHowMuch],
  ['owner-as-person', ownerAsPerson],
  ['hours-for-when', hoursForWhen],
  ['age-as-count', ageAsCount],
  ['measure-for-count', measureForCount],
  ['money-other-side', moneyOtherSide],
  ['ordinal-for-how-many', ordinalForHowMany],
  ['other-time-unit', otherTimeUnit],
  ['year-as-count', yearAsCount],
  ['unreal-fact', unrealFact],
  ['origin-for-arrival', originForArrival],
  ['people-for-measure', peopleForMeasure],
  ['count-of-other', countOfOther],
  ['siblings-for-children', siblingsForChildren],
  ['fact-of-named-other', factOfNamedOther],
  ['other-full-name', otherFullName],
];
/** A rule on the question alone ("when was Bartholomew born" of a story with no Bartholomew): no sentence answers. */
type QuestionRule = (ctx: CheckContext) => string | undefined;

const QUESTION_RULES: Array<[string, QuestionRule]> = [['unknown-person', unknownPerson]];
const SENTENCE_RULES: Array<[string, SentenceRule]> = [
  ['asked-event', saysAskedEvent],
  ['event-of-other', eventOfOther],
  ['only-owner', onlyOwner],
  ['bare-thing', bareThing],
  ['stranded-object', strandedObject],
  ['not-known', saysNotKnown],
  ['no-reason', noReason],
  ['other-subject', otherSubject],
  ['verb-of-other', verbOfOther],
  ['not-the-other', notTheOther],
];

/** Rules switched off (by name): for measuring one rule's effect on dev; empty in use. */
export const checkTuning = { off: new Set<string>() };

/**
 * The judged sentences with those whose fact is not about what is asked turned down (`passes` and
 * `looseOnly` false, the reason in `blocked` for the trace).
 */
export function check(
  judged: readonly Judged[],
  question: NormalizedQuestion,
  index: StoryIndex,
  terms: readonly Term[],
): Judged[] {
  const ctx: CheckContext = { question, index, terms };
  // Asked once, not once for every sentence: the answer does not depend on the sentence.
  for (const [name, rule] of QUESTION_RULES) {
    if (checkTuning.off.has(name)) continue;
    const why = rule(ctx);
    if (why) return judged.map((j) => (j.passes || j.looseOnly ? turnDown(j, [`check:${name}(${why})`]) : j));
  }
  return judged.map((j) => {
    if (!j.passes && !j.looseOnly) return j;
    const reasons: string[] = [];
    let facts = j.facts;
    if (facts.length) {
      const sentence = index.texts[j.bridge ?? j.index]!;
      facts = facts.filter((f) => {
        for (const [name, rule] of FACT_RULES) {
          if (checkTuning.off.has(name)) continue;
          const why = rule(ctx, sentence, f);
          if (why) {
            reasons.push(`check:${name}(${why})`);
            return false;
          }
        }
        return true;
      });
      if (facts.length === 0) return turnDown(j, reasons);
    }
    for (const [name, rule] of SENTENCE_RULES) {
      if (checkTuning.off.has(name)) continue;
      const why = rule(ctx, { ...j, facts });
      if (why) return turnDown(j, [...reasons, `check:${name}(${why})`]);
    }
    return facts === j.facts ? j : { ...j, facts };
  });
}

function turnDown(j: Judged, reasons: string[]): Judged {
  return { ...j, passes: false, looseOnly: false, blocked: [...(j.blocked ?? []), ...reasons] };
}
