import { analyzeShort, type Term } from '../text.ts';
import { attachedFacts } from './attach.ts';
import { decideTuning } from './decide-tuning.ts';
import type { Fact } from './entities.ts';
import {
  ANSWER_NOUNS,
  ASIDE_WORDS,
  ageOfOther,
  asks,
  asksPresent,
  continues,
  countOfOther,
  mainQuestion,
  namesOnlyOpening,
  POINTS_BACK,
  PRESENT,
  priceOfOther,
  reasonIn,
  saysUntold,
  tellsOtherEvent,
  unitFit,
  WHEN_AGED,
  wordCount,
} from './evidence.ts';
import { kinNames, kinWithNarrator, namedKin, WE } from './kin-names.ts';
import { deniesVerb, loosely, narratorDoes, saysEnd } from './loose.ts';
import { namedByPronoun, saysThing } from './names.ts';
import type { NormalizedQuestion } from './question.ts';
import type { Candidate, StoryIndex } from './retrieve.ts';
import { holdsTerm, KIN_TERMS, retrieve, saysInWords } from './retrieve.ts';
import { answeringFacts, factQuality, isTyped, namedThing, namesOf, prepositionFit } from './type-match.ts';
import { asksRole, describesNamed, namesAfterStranded, roleBeside, tellsRole, tellsWhich } from './which.ts';

export { decideTuning };

/**
 * The decide stage: which sentence answers, or a calibrated decline. A sentence answers when it covers
 * enough of the question and, for a question that wants a kind of fact (a year, a person, an amount), states
 * one the question does not already hold; a name the question mentions must be what the sentence speaks of.
 * The same test over the part not heard yet tells "not yet heard" from "my story doesn't say": the unheard
 * part must answer with the same confidence, and better than anything heard. This file judges each
 * sentence (`judge`); `decide-pick.ts` picks among them, with the thresholds in `decide-tuning.ts`.
 */

const FIRST_PERSON = /\b(I|me|my|mine|we|us|our|ours)\b/i;

export interface Judged extends Candidate {
  /** The sentence (or the aside right after it) says the narrator does not know or will not tell. */
  untold?: boolean;
  /** The fact that answers, if the question wants one. */
  facts: Fact[];
  /** Index of the next sentence when it holds the fact and this one what the question is about. */
  bridge?: number;
  value: number;
  passes: boolean;
  /** Why it does not pass (for the trace). */
  blocked?: string[];
  /** It would pass but for the question's verb, and it says every thing the question names. */
  looseOnly?: boolean;
}

/** Judges every retrieved sentence against the question. */
export function judge(
  index: StoryIndex,
  candidates: readonly Candidate[],
  question: NormalizedQuestion,
  terms: readonly Term[],
): Judged[] {
  const typed = isTyped(question.want);
  // Names of people and places the question mentions ("Gene", "Tokyo"), not a language or people said as
  // an adjective ("who taught you English").
  const names = [
    ...terms.filter((t) => index.names.has(t.term) && (t.pos === 'PROPN' || t.pos === 'NOUN')).map((t) => t.term),
    ...namesOnlyOpening(index, question.text),
  ];
  const detailsFit = question.want === 'when' || question.want === 'year' || question.want === 'where';
  const thing = question.want === 'name' ? namedThing(question.text) : undefined;
  // "where is the buckle now": a sentence told in the past ("I wore it on my belt") says where it was.
  // Not "what is the farmer's name": a name is told in the past ("a man named Bakker") and stays.
  const asksNow = question.want !== 'name' && asksPresent(question.text);
  const factsOf = (i: number) => {
    if (asksNow && i > 0 && !PRESENT.test(index.texts[i]!)) return [];
    const facts = answeringFacts(index.facts[i]!, question.want, question.text).filter(
      (f) =>
        !(question.want === 'count' && countOfOther(index.texts[i]!, f, terms)) &&
        !(question.want === 'money' && priceOfOther(index.texts[i]!, f, terms)) &&
        !(question.want === 'age' && ageOfOther(index.texts[i]!, f, question.text)),
    );
    if (thing) return namesOf(index.texts[i]!, facts, thing, question.text);
    const attached = attachedFacts(index.texts[i]!, facts, terms);
    // "My job, from when I was seven, I wrote the tickets": an age said as "when I was seven" dates the
    // sentence's event, whichever clause it stands in.
    return question.want === 'age' && attached.length === 0
      ? facts.filter((f) => WHEN_AGED.test(index.texts[i]!.slice(0, f.start)))
      : attached;
  };
  const thingTerm = thing ? analyzeShort(thing).terms[0]?.term : undefined;
  // "where were you when you heard the call": the verbs of a clause that only says which time is meant are
  // context, not what the place or person asked for must be doing.
  const mainTerms = new Set(analyzeShort(mainQuestion(question.text)).terms.map((t) => t.term));
  const questionNouns = terms.filter((t) => t.pos === 'NOUN' || t.pos === 'PROPN').map((t) => t.term);
  const questionVerbs = terms.filter((t) => t.pos === 'VERB' && mainTerms.has(t.term)).map((t) => t.term);
  const questionTermSet = new Set(terms.map((t) => t.term));
  // Only a word the story uses: "your dad" of a story that says "Papá" is the listener's word for him.
  const paired = namedKin(question.text, index);
  const kin = terms
    .filter((t) => KIN_TERMS.has(t.term) && index.df.has(t.term) && !paired.has(t.term))
    .map((t) => t.term);
  const kinAliases = kinNames(index);
  const withNarrator = kinWithNarrator(question.text);
  const addressed = /\b(you|your|yours)\b/.test(question.text);
  const which = question.which;
  // "What was your father's job" / "My father was a sponge diver": a sentence telling a role answers without
  // the word "job", so its coverage is taken over the question's other words.
  // "What kind of ship was the Hale" / "the USS Hale, a destroyer": the same for a sentence that says what a
  // thing the question names is.
  const roleCoverage = which
    ? new Map(
        retrieve(
          index,
          terms.filter((t) => t.term !== which.term),
        ).map((c) => [c.index, c.coverage]),
      )
    : undefined;
  // The question's most telling thing: its rarest noun the story uses ("how much did you earn in a summer":
  // summer). A fact in a sentence that does not speak of it is most likely about something else.
  const keyNoun = terms
    .filter(
      (t) =>
        (t.pos === 'NOUN' || t.pos === 'PROPN') &&
        mainTerms.has(t.term) &&
        index.df.has(t.term) &&
        !KIN_TERMS.has(t.term) &&
        !ANSWER_NOUNS.has(t.term),
    )
    .sort((a, b) => index.df.get(a.term)! - index.df.get(b.term)!)
    // A noun of many sentences is the story's topic ("the store" of a shopkeeper's story): said or not, the
    // sentences speak of it.
    .filter((t) => index.df.get(t.term)! <= Math.max(2, index.texts.length * decideTuning.keyNounShare))[0]?.term;
  // A question with nothing to look for but the kind of answer ("where did all this happen", "what was your
  // real name") is about the whole story.
  const wholeStory =
    terms.length === 0 &&
    // Not "where are you from": where someone comes from is not where the story happened.
    ((question.want === 'where' && !/\bfrom\s*$/.test(question.text)) ||
      question.want === 'when' ||
      question.want === 'year' ||
      (thing !== undefined && question.want === 'name'));
  const coverageOf = new Map(candidates.map((c) => [c.index, c.coverage]));
  const out: Judged[] = [];
  for (const candidate of candidates) {
    const role = roleCoverage?.get(candidate.index);
    const text = index.texts[candidate.index]!;
    const describes =
      which !== undefined &&
      (describesNamed(text, question.text) ||
        (!which.kind && namesAfterStranded(text, index.facts[candidate.index]!, question.text)));
    const c =
      role !== undefined && role > candidate.coverage && ((asksRole(which) && tellsRole(text)) || describes)
        ? { ...candidate, coverage: role }
        : candidate;
    if (c.index === 0 && !detailsFit) continue;
    // "how many cows did Gene have": a sentence about someone else does not answer.
    const namesMissing = names.filter((n) => !index.terms[c.index]!.includes(n));
    // "when did you come to Chicago" of a story set in Chicago: the setting need not be said again, but such
    // a sentence answers only in the looser pass (the one sentence of the story that qualifies).
    const settingOnly = namesMissing.length > 0 && namesMissing.every((n) => index.terms[0]!.includes(n));
    if (namesMissing.length && !settingOnly) continue;
    // "why did it take so long" / "…because the truck was old": a reason said outright is the answer, and
    // lets a sentence answer on less of the question's wording.
    const reason = question.want === 'reason' ? reasonIn(index.texts[c.index]!) : undefined;
    // "…and how many people living there? / Fourteen, no, sixteen people.": a sentence that asks states no
    // fact; the answer follows it.
    let facts = reason ? [reason] : asks(index.texts[c.index]!) ? [] : factsOf(c.index);
    let bridge: number | undefined;
    // The fact may follow in the next sentence, or the one after a short fragment ("Boston Police.").
    for (
      let step = 1;
      typed && !thing && facts.length === 0 && c.index > 0 && step <= 2 && c.index + step < index.texts.length;
      step++
    ) {
      if (step === 2 && index.texts[c.index + 1]!.split(/\s+/).length > 4) break;
      // A date in the next sentence dates that sentence's own event, unless it goes on about this one
      // ("…a retired bus conductor. / The winter of 1962 was the coldest" does not tell when he retired).
      const dated = question.want === 'when' || question.want === 'year' || question.want === 'time';
      if ((decideTuning.bridgeNeedsContinuation || dated) && !continues(index.texts[c.index + step]!)) break;
      // "…from selling our apartment. / So in June we bought a market": a date dates its own sentence's event
      // when that sentence tells one (a verb other than the question's), not the one before.
      if (dated && tellsOtherEvent(index.texts[c.index + step]!, questionVerbs)) break;
      // A place in the next sentence is where the thing asked about is only when this one speaks of that
      // thing (a noun of the question), not only of the question's verb ("I kept him talking. / We found
      // him… in a raft" does not tell where the cards are kept).
      if (question.want === 'where' && !questionNouns.some((t) => holdsTerm(index.terms[c.index]!, t))) break;
      const next = factsOf(c.index + step);
      if (next.length) {
        facts = next;
        bridge = c.index + step;
      }
    }
    // "I was in the hospital eleven days. / That's where I met your mawmaw": "that's where" points back to
    // the place of the sentence before.
    if (question.want === 'where' && facts.length === 0 && c.index > 1 && POINTS_BACK.test(index.texts[c.index]!)) {
      const before = factsOf(c.index - 1);
      if (before.length) {
        facts = before;
        bridge = c.index - 1;
      }
    }
    // "Your grandfather, now. / Otis.": the name asked for may be a fragment of its own right after.
    if (thing && facts.length === 0 && c.index > 0 && c.index + 1 < index.texts.length) {
      const next = c.index + 1;
      // "My father had the laundry. / Wah Sing Laundry.": a fragment repeating another noun names that one.
      const namesOther = (index.texts[next]!.toLowerCase().match(/[a-z]+/g) ?? []).some(
        (w) => w.length > 3 && w !== thing && new RegExp(`\\b${w}\\b`).test(index.texts[c.index]!),
      );
      const names =
        !namesOther && index.texts[next]!.split(/\s+/).length <= decideTuning.nameFragmentWords
          ? answeringFacts(index.facts[next]!, question.want, question.text).filter(
              // The fragment is the name, not a sentence about someone ("Kuldip was different.").
              (f) => f.kind === 'name' && wordCount(index.texts[next]!) <= wordCount(f.text),
            )
          : [];
      // "I rode my first bull at the county fair. / Bull was called Dynamite.": the next sentence names the
      // thing in its own words; this one says the rest of what the question asks (more than that one).
      const namedNext =
        names.length || (coverageOf.get(next) ?? 0) >= c.coverage || !saysThing(index.texts[next]!, thing)
          ? names
          : factsOf(next);
      if (namedNext.length) {
        facts = namedNext;
        bridge = next;
      }
    }
    if (thing && thingTerm && facts.length === 0 && c.index > 0 && index.terms[c.index]!.includes(thingTerm)) {
      const named = namedByPronoun(index, c.index, thing, (at) =>
        answeringFacts(index.facts[at]!, question.want, question.text).filter((f) => f.kind === 'name'),
      );
      if (named) ({ facts, bridge } = named);
    }
    // "who did you work for" / "The family I worked for lived in Forest Hill. / The Goldbergs.": the person
    // said only as "the family" is named by a fragment right after.
    if (question.want === 'who' && bridge === undefined && facts[0] && unnamedPerson(facts[0])) {
      const named = namedByFragment(index, c.index, question);
      if (named) ({ facts, bridge } = named);
    }
    // "what was your first job in the shed" / "Lowest job in the shed.": the role is told beside it.
    if (asksRole(which) && !typed && bridge === undefined && c.index > 0 && !tellsRole(index.texts[c.index]!))
      bridge = roleBeside(index.texts, c.index, addressed);
    // "who took over the farm": a person doing something else the story tells of ("I left the farm and joined
    // the Air Force") is not the one asked about — the question's verb (or a related word, or one of its
    // family: "drove" / "the driver") must be said. When the story never says it, the story does not tell who.
    const says = (term: string) =>
      holdsTerm(index.terms[c.index]!, term) || (bridge !== undefined && holdsTerm(index.terms[bridge]!, term));
    const verbMissing =
      (question.want === 'who' ||
        question.want === 'where' ||
        question.yesNo ||
        question.want === 'when' ||
        question.want === 'year') &&
      questionVerbs.some(
        (v) =>
          !says(v) &&
          !saysInWords(index.texts[c.index]!, v) &&
          !(bridge !== undefined && saysInWords(index.texts[bridge]!, v)) &&
          !saysEnd(index.texts[c.index]!, v),
      );
    // "did your father come home": a question about one of the family is answered only by a sentence that
    // speaks of that person (named, or carried by a pronoun), not by one about others ("some did not come home").
    // "when did you and grandpa get married" / "We were married in 1950": the narrator's "we" speaks of both.
    const kinMissing = kin.some(
      (k) =>
        !says(k) &&
        ![...(kinAliases.get(k) ?? [])].some((n) => says(n)) &&
        !(withNarrator.has(k) && WE.test(index.texts[c.index]!)),
    );
    const keyMissing = keyNoun !== undefined && !says(keyNoun) && !saysInWords(index.texts[c.index]!, keyNoun);
    // "did he ever complain about the foundry" / "He never complained": a yes/no question's own verb, said
    // with a "never" or "not", answers it on less of the question's other words.
    const denial = question.yesNo && deniesVerb(index.texts[c.index]!, questionVerbs, questionTermSet);
    const passesIf = (verbSaid: boolean) =>
      typed
        ? facts.length > 0 &&
          (c.coverage >= decideTuning.minTypedCoverage || (wholeStory && !bridge)) &&
          verbSaid &&
          !kinMissing &&
          !(keyMissing && c.coverage < decideTuning.keyNounCoverage)
        : // "did you ever go back to Korea": a yes/no question asks about its verb, not only its topic.
          !(question.yesNo && !verbSaid) &&
          (c.coverage >= decideTuning.minCoverage ||
            (reason !== undefined && c.coverage >= decideTuning.minTypedCoverage) ||
            (denial && c.coverage >= decideTuning.yesNoDenialCoverage)) &&
          !kinMissing &&
          (which === undefined ||
            describes ||
            tellsWhich(index.texts[c.index]!, index.terms[c.index]!, index.facts[c.index]!, question.text, which));
    const passes = !settingOnly && passesIf(!verbMissing);
    // The looser pass (`decide`): all but the question's verb, and every thing the question names is said.
    const looseOnly =
      !passes &&
      (settingOnly
        ? passesIf(!verbMissing)
        : passesIf(true) &&
          loosely(
            index.texts[c.index]!,
            questionNouns.filter((n) => index.df.has(n)),
            questionVerbs,
            says,
            (n) => !KIN_TERMS.has(n) && !index.names.has(n) && !ANSWER_NOUNS.has(n),
          ));
    const blocked: string[] = [];
    if (!passes) {
      if (typed && facts.length === 0) blocked.push('no-fact');
      if (c.coverage < (typed ? decideTuning.minTypedCoverage : decideTuning.minCoverage)) blocked.push('coverage');
      if (verbMissing) blocked.push('verb');
      if (kinMissing) blocked.push('kin');
      if (typed && keyMissing && c.coverage < decideTuning.keyNounCoverage) blocked.push('key');
      if (!typed && which !== undefined) blocked.push('which');
    }
    // "what happened in Korea" / "They sent me to Korea. But that's a different story.": not told.
    const nextText = index.texts[c.index + 1];
    const untold =
      !typed &&
      !question.yesNo &&
      c.index > 0 &&
      (saysUntold(index.texts[c.index]!, question.want) ||
        (nextText !== undefined && nextText.split(/\s+/).length <= ASIDE_WORDS && saysUntold(nextText, question.want)));
    // "did your store burn": the narrator's own ("ours", "my", "we") before someone else's.
    // "did you ever cook at a camp again": the narrator doing it ("I never cooked in a camp again") before
    // someone else doing it ("the head cook, who had cooked in camps").
    const own =
      addressed && FIRST_PERSON.test(index.texts[c.index]!)
        ? decideTuning.ownBonus *
          (passes &&
          question.yesNo &&
          /^\w+ you\b/.test(question.text) &&
          narratorDoes(index.texts[c.index]!, questionVerbs)
            ? decideTuning.ownBonus
            : 1)
        : 1;
    // "where did all this happen": the story's details, else the first sentence that says.
    if (wholeStory) {
      out.push({
        ...c,
        facts,
        bridge,
        value: c.index === 0 ? 2 : 1 / (1 + c.index),
        passes,
        untold,
        blocked,
        looseOnly,
      });
      continue;
    }
    const value =
      c.bm25 *
      c.coverage *
      (bridge ? decideTuning.bridgeShare : 1) *
      factQuality(facts, question.want) *
      unitFit(facts[0], question.text) *
      prepositionFit(facts[0], question.text) *
      own *
      (reason ? decideTuning.reasonBonus : 1) *
      // "what did he do for a living": a sentence saying someone's role before one that only names people.
      (asksRole(which) && tellsRole(index.texts[c.index]!) ? decideTuning.reasonBonus : 1);
    out.push({ ...c, facts, bridge, value, passes, untold, blocked, looseOnly });
  }
  return out;
}

export { type Decision, decide } from './decide-pick.ts';
export { continues };

/** "the family", "a man": a person the sentence does not name. */
function unnamedPerson(f: Fact): boolean {
  return f.kind === 'person' && !/\b\p{Lu}\p{Ll}/u.test(f.text.replace(/^(?:the|a|an|my|our|his|her|their)\s+/i, ''));
}

/** The next sentence when it is only a name ("The Goldbergs.", "Mr. Abel."), as the facts it answers with. */
function namedByFragment(
  index: StoryIndex,
  at: number,
  question: NormalizedQuestion,
): { facts: Fact[]; bridge: number } | undefined {
  const next = at + 1;
  if (at < 1 || next >= index.texts.length || wordCount(index.texts[next]!) > decideTuning.nameFragmentWords)
    return undefined;
  const facts = answeringFacts(index.facts[next]!, question.want, question.text).filter(
    (f) => !unnamedPerson(f) && wordCount(f.text) >= wordCount(index.texts[next]!.replace(/^(?:the|a|an)\s+/i, '')),
  );
  return facts.length ? { facts, bridge: next } : undefined;
}
