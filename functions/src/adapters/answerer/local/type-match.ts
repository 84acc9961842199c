import { type Fact, type FactKind, isGenericPlace } from './entities.ts';
import { findNumbers } from './numbers.ts';
import type { Want } from './question.ts';

/**
 * The type-match stage: the fact in a sentence that answers the kind of question asked (a year for "what
 * year", a person for "who", an amount for "how much did it cost"), and that the question does not
 * already hold — "what was Miss Kowalski's first name" is not answered by "Miss Kowalski".
 */
const KINDS: Record<Exclude<Want, 'any' | 'reason'>, FactKind[]> = {
  colour: ['colour'],
  money: ['money'],
  age: ['age'],
  duration: ['duration'],
  measure: ['measure', 'count'],
  count: ['count', 'measure', 'money', 'duration'],
  year: ['year'],
  time: ['time'],
  // "She died when I was nine": an age dates an event when the story gives nothing else.
  when: ['year', 'date', 'time', 'age'],
  name: ['name'],
  who: ['person', 'name'],
  where: ['place'],
};

/** Whether the question wants a fact of a kind (otherwise any statement can answer it). */
export function isTyped(want: Want): want is Exclude<Want, 'any' | 'reason'> {
  return want !== 'any' && want !== 'reason';
}

const STOP = new Set([
  'the',
  'a',
  'an',
  'my',
  'our',
  'your',
  'his',
  'her',
  'their',
  'of',
  'in',
  'at',
  'on',
  'to',
  'from',
  'mr',
  'mrs',
  'miss',
  'dr',
]);

function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/[a-z][a-z'-]*/g) ?? [])
    .map((w) => w.replace(/'s$/, ''))
    .filter((w) => !STOP.has(w));
}

/** Is the fact only a repeat of what the question says? */
function inQuestion(fact: Fact, questionText: string): boolean {
  const qNumbers = new Set(findNumbers(questionText).map((n) => n.value));
  const factNumbers = findNumbers(fact.text).map((n) => n.value);
  if (factNumbers.length) return factNumbers.every((v) => qNumbers.has(v));
  const words = contentWords(fact.text);
  const q = new Set(contentWords(questionText).flatMap((w) => [w, w.replace(/s$/, '')]));
  return words.length > 0 && words.every((w) => q.has(w) || q.has(w.replace(/s$/, '')));
}

const MONTH =
  /\b(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\b/i;

/** The facts of `facts` that answer `want` and are new to the question, in order. */
export function answeringFacts(facts: readonly Fact[], want: Want, questionText: string): Fact[] {
  if (!isTyped(want)) return [];
  const kinds = KINDS[want];
  // "When did he retire": a year or a date, or a clock time ("at four thirty"), not "every morning".
  // An age dates an event only as someone's age ("when I was nine", "left school at fourteen"), not "it was
  // fourteen".
  const vague = (f: Fact) =>
    want === 'when' &&
    ((f.kind === 'time' && findNumbers(f.text).length === 0) ||
      (f.kind === 'age' &&
        !/(?:\b(?:I|he|she|we|they|you)\s+(?:was|were|turned)|\bat|\baged?)\s+(?:about\s+)?$/.test(
          (factSentence.get(f) ?? '').slice(0, f.start),
        )));
  // "How far": a distance, not the farm's eighty acres; each "how X" asks for a measure of its own dimension.
  const dimension = want === 'measure' ? measureDimension(questionText) : undefined;
  const offDimension = (f: Fact) => f.kind === 'measure' && dimension !== undefined && !fitsDimension(f, dimension);
  const q = new Set(contentWords(questionText).map((w) => w.replace(/s$/, '')));
  // "what colour was the car" is not answered by "a man with a red truck": a colour said of another thing.
  const otherThing = (f: Fact) => {
    if (f.kind !== 'colour') return false;
    // A name after it may be the thing's own ("the car was a green Ford").
    const next = /^\s+([a-z][\w'-]*)/.exec(sentenceAfter.get(f) ?? '')?.[1];
    return next !== undefined && !NOT_A_THING.has(next) && !q.has(next.replace(/s$/, ''));
  };
  // "how many men were in the gang" is not answered by "a dollar twenty an hour": a count of things asked
  // takes an amount of money or time only when the thing is money or time.
  const countedThing = want === 'count' ? /\bhow many\s+([a-z]+)/.exec(questionText)?.[1] : undefined;
  const otherAmount = (f: Fact) =>
    countedThing !== undefined && (f.kind === 'money' || f.kind === 'duration') && !AMOUNT_WORDS.test(countedThing);
  // "what year did you get married" / "We were married two years later": a date counted in years from
  // another answers a year question when nothing says the year itself (ranked after a year).
  const yearsOn = (f: Fact) => want === 'year' && f.kind === 'date' && YEARS_ON.test(f.text);
  // "what month did you marry" is not answered by "two years later" or "in 1950": the fact names a month.
  const monthAsked = want === 'when' && /\b(?:what|which) month\b/.test(questionText);
  // "where did you come from" is not answered by where one went ("I came to Glasgow").
  const fromAsked = want === 'where' && /\bfrom\s*$/.test(questionText);
  const whereTo = (f: Fact) =>
    fromAsked &&
    f.kind === 'place' &&
    /\b(?:to|into)\s+(?:the\s+)?$/i.test((factSentence.get(f) ?? '').slice(0, f.start));
  const matching = facts
    .filter((f) => !otherAmount(f))
    .filter((f) => (!monthAsked || MONTH.test(f.text)) && !whereTo(f))
    .filter(
      (f) =>
        (kinds.includes(f.kind) || yearsOn(f)) &&
        !vague(f) &&
        !offDimension(f) &&
        !otherThing(f) &&
        !inQuestion(f, questionText),
    );
  const rank = (f: Fact) => (kinds.includes(f.kind) ? kinds.indexOf(f.kind) : kinds.length);
  // "how many kids": the count said of the question's own thing ("eighteen kids") before any other.
  const near = (f: Fact) => {
    if (!NEAR_KINDS.has(f.kind)) return 0;
    const following = contentWords(sentenceAfter.get(f) ?? '').slice(0, 3);
    return following.some((w) => q.has(w.replace(/s$/, ''))) ? 0 : 1;
  };
  // The first kind listed is the better answer ("how many": a count before a measure).
  // "Who was the cook": "Jock" before "this old Scotsman" — a person with a name before a role.
  const unnamed = (f: Fact) =>
    f.kind === 'person' &&
    !/\b\p{Lu}\p{Ll}/u.test(f.text.replace(/^(the|a|an|my|our|your|his|her|their|this|that)\s+/i, ''))
      ? 1
      : 0;
  // "where did you go to college" → "the teachers' college in Rhodes": a fact that repeats a word of the
  // question names the thing asked about, and of the others the one nearest the question's words answers.
  // "the Santa Anita racetrack" for "where did you live at the racetrack": a name said of the question's own
  // thing (the word right after it) is that thing, not the answer.
  const modifies = (f: Fact) => {
    const next = /^ ([a-z][a-z'-]{3,})/.exec(sentenceAfter.get(f) ?? '')?.[1];
    return !NEAR_KINDS.has(f.kind) && next !== undefined && !WH.has(next) && q.has(next.replace(/s$/, '')) ? 1 : 0;
  };
  const mentions = (f: Fact) => (contentWords(f.text).some((w) => q.has(w.replace(/s$/, ''))) || modifies(f) ? 1 : 0);
  // "where was she from": the place after the question's own preposition ("from Iowa") before others.
  const stranded = /\b(from|to|in|at|on)\s*$/.exec(questionText.replace(/[?!.\s]+$/, ''))?.[1];
  const sameRole = (f: Fact) => {
    if (f.kind !== 'place' || !stranded) return 0;
    const before = (factSentence.get(f) ?? '').slice(0, f.start);
    return new RegExp(`\\b${stranded}\\s+(?:the\\s+)?$`, 'i').test(before) ? 0 : 1;
  };
  const generic = (f: Fact) => (isGenericPlace(f) ? 1 : 0);
  const distance = (f: Fact) => {
    const original = factSentence.get(f);
    const sentence = original?.toLowerCase();
    if (!original || !sentence) return 0;
    // "…Robbie was born in August 1952 and our daughter Kath in March 1955": a name the question holds says
    // best which fact is meant, before its other words.
    const named = [...q].filter(
      (w) => w.length >= 3 && new RegExp(`\\b${w[0]!.toUpperCase()}${w.slice(1)}`).test(original),
    );
    let best = Number.POSITIVE_INFINITY;
    for (const w of named.length ? named : q) {
      if (w.length < 3 || FUNCTION_WORDS.has(w)) continue;
      for (let at = sentence.indexOf(w); at >= 0; at = sentence.indexOf(w, at + 1))
        best = Math.min(best, at >= f.end ? at - f.end : f.start >= at + w.length ? f.start - at - w.length : 0);
    }
    return best === Number.POSITIVE_INFINITY ? 0 : Math.floor(best / PROXIMITY_STEP);
  };
  return matching.sort(
    (a, b) =>
      rank(a) - rank(b) ||
      unnamed(a) - unnamed(b) ||
      near(a) - near(b) ||
      mentions(a) - mentions(b) ||
      sameRole(a) - sameRole(b) ||
      generic(a) - generic(b) ||
      distance(a) - distance(b) ||
      a.start - b.start,
  );
}

/** A date counted in years from another ("two years later", "the year after", "the next year"). */
const YEARS_ON =
  /\byears?\b.*\b(?:after|before|later|earlier)\b|\b(?:next|following) year\b|\byear (?:after|before)\b/i;

/** Units by the dimension they measure; "how far" wants a distance, "how big" an area or a size. */
const DIMENSION_UNITS: Record<string, RegExp> = {
  distance: /\b(?:miles?|kilomet(?:er|re)s?|km|blocks?|yards?|feet|foot|met(?:er|re)s?|away)\b/i,
  size: /\b(?:acres?|hectares?|square|feet|foot|yards?|met(?:er|re)s?|rooms?|storeys?|stories|floors?|big|wide|long|high|tall)\b/i,
  height: /\b(?:feet|foot|inch(?:es)?|yards?|met(?:er|re)s?|storeys?|stories|floors?|high|deep|tall|long)\b/i,
  // "how long was the crack": a length, in miles as well as feet.
  length: /\b(?:miles?|kilomet(?:er|re)s?|km|blocks?|yards?|feet|foot|inch(?:es)?|met(?:er|re)s?|long)\b/i,
  weight: /\b(?:pounds?|lbs?|kilos?|kilograms?|tons?|tonnes?|stones?|ounces?|grams?)\b/i,
  temperature: /\b(?:degrees?|below|above|zero|freezing)\b/i,
  speed: /\b(?:an? (?:hour|minute|second)|per (?:hour|minute|second)|knots?|mph)\b/i,
};
const HOW_DIMENSION: Record<string, string> = {
  far: 'distance',
  close: 'distance',
  near: 'distance',
  big: 'size',
  large: 'size',
  small: 'size',
  wide: 'size',
  tall: 'height',
  high: 'height',
  deep: 'height',
  low: 'height',
  long: 'length',
  heavy: 'weight',
  hot: 'temperature',
  cold: 'temperature',
  warm: 'temperature',
  fast: 'speed',
};

/** The dimension a "how far / how big / how cold…" question measures. */
export function measureDimension(questionText: string): string | undefined {
  const word = /\bhow (\w+)/.exec(questionText)?.[1];
  return word ? HOW_DIMENSION[word] : undefined;
}

/** Whether a measure is of the dimension asked; a measure whose unit is unknown may be of any. */
function fitsDimension(f: Fact, dimension: string): boolean {
  if (DIMENSION_UNITS[dimension]!.test(f.text)) return true;
  return !Object.values(DIMENSION_UNITS).some((units) => units.test(f.text));
}

/** What "how many" may count in money or time ("how many dollars", "how many hours"). */
const AMOUNT_WORDS =
  /^(?:dollars?|cents?|pounds?|shillings?|pence|quid|pesos?|bucks?|euros?|francs?|marks?|lire|yen|rupees?|hours?|days?|weeks?|months?|years?|minutes?|seconds?|times?|nights?|summers?|winters?|seasons?|shifts?)$/;

/** Words after a colour that are not another thing it colours ("green and white", "red, mostly", "blue as ice", "a gray one"). */
const NOT_A_THING = new Set(
  'and or but with as in on at from to by for of like then when where that which all too very mostly really still again and-white one ones'.split(
    ' ',
  ),
);

/** Short words that say nothing of what is asked about ("did", "was"); "wet", "ice", "pay" do. */
const FUNCTION_WORDS = new Set(
  'did does was were are has had have you your how who why what when where which the and for but not all any can could would should will many much'.split(
    ' ',
  ),
);

const WH = new Set(['what', 'when', 'where', 'which', 'whom', 'whose', 'with', 'that', 'this', 'there', 'then']);

/** The words after each fact in its sentence (set by `answeringFacts`' caller through `withContext`). */
const sentenceAfter = new WeakMap<Fact, string>();

/**
 * Facts said of the word right after them ("eighteen kids", "Sister Fairbrother, who ran it"); a place or
 * a date is not ("from our street to go" is not where she went to college).
 */
const NEAR_KINDS = new Set<FactKind>(['count', 'measure', 'money', 'duration', 'age', 'person', 'name']);

/** The sentence each fact stands in. */
const factSentence = new WeakMap<Fact, string>();

/** Characters of distance that count as one step nearer (a few words). */
const PROXIMITY_STEP = 12;

/** Records the text around each fact so `answeringFacts` can tell which one the question's words stand by. */
export function withContext(sentence: string, facts: readonly Fact[]): readonly Fact[] {
  for (const f of facts) {
    sentenceAfter.set(f, sentence.slice(f.end, f.end + 40));
    factSentence.set(f, sentence);
  }
  return facts;
}

/** How good an answer the best fact is: the first kind wanted (1), a fallback kind (0.6). */
export function factQuality(facts: readonly Fact[], want: Want): number {
  if (!facts.length || !isTyped(want)) return 1;
  // "who did you work for": "a job for a girl" names nobody; someone said as "a girl", "an old man" answers
  // who only as a fallback would.
  if (want === 'who' && facts[0]!.kind === 'person' && /^(?:a|an|some)\s/i.test(facts[0]!.text)) return 0.6;
  return KINDS[want].indexOf(facts[0]!.kind) === 0 ? 1 : 0.6;
}

export { namedThing, namesOf } from './names.ts';

/** How much a place after another preposition than the question's counts (`prepositionFit`). */
const PREPOSITION_MISFIT = 0.6;

/**
 * "where was grandpa from": a place after the question's own preposition ("He was from Trinidad") answers
 * better than one after another ("I met your grandfather at a dance at the Lyceum"), across sentences as
 * within one.
 */
export function prepositionFit(fact: Fact | undefined, questionText: string): number {
  if (fact?.kind !== 'place') return 1;
  const stranded = /\b(from|to)\s*$/.exec(questionText.replace(/[?!.\s]+$/, ''))?.[1];
  if (!stranded) return 1;
  const before = (factSentence.get(fact) ?? '').slice(0, fact.start);
  return new RegExp(`\\b${stranded}\\s+(?:the\\s+)?$`, 'i').test(before) ? 1 : PREPOSITION_MISFIT;
}
