import type { CheckContext } from './check.ts';
import { type Fact, factsIn } from './entities.ts';

/**
 * Whether a fact's kind fits the question strictly. The type-match stage lets a question take a nearby kind
 * when its own is missing (a count may be a measure, an amount or a span of time); here the kinds that can
 * never be the answer are turned down.
 */

/** "how much time / longer / older": the question does ask about time. */
const HOW_MUCH_TIME = /\bhow much (?:time|longer|older|younger|later|earlier|sooner|more time)\b/;

/**
 * "How much did you win in Cheyenne" / "…up to Cheyenne one summer", "how much was the coat" / "I wore that
 * coat all five years": "how much" asks an amount (money, a weight, a quantity), and a span of time is never
 * one, unless the question asks about time itself.
 */
export function durationForHowMuch(ctx: CheckContext, _sentence: string, fact: Fact): string | undefined {
  if (fact.kind !== 'duration') return undefined;
  const text = ctx.question.text;
  return /\bhow much\b/.test(text) && !HOW_MUCH_TIME.test(text) ? fact.text : undefined;
}

/**
 * "When did you leave the laundry" / "…then Chinese school from five to eight": clock times from one to
 * another are the hours of something done every day, not when something happened once.
 */
export function hoursForWhen(ctx: CheckContext, sentence: string, fact: Fact): string | undefined {
  if (ctx.question.want !== 'when' || fact.kind !== 'time') return undefined;
  const before = sentence.slice(Math.max(0, fact.start - 30), fact.start);
  const after = sentence.slice(fact.end, fact.end + 30);
  const span = /\b(?:from|between)\s+$/i.test(before) || /\b(?:to|till|until|and)\s+$/i.test(before);
  const spanAfter = /^\s+(?:to|till|until|-|–)\s+\S/i.test(after);
  return span || spanAfter ? `hours ${fact.text}` : undefined;
}

/**
 * "How many operators worked at night" / "I was seventeen": a number said as someone's age ("I was
 * seventeen", "he turned nine") is not a count of anything.
 */
export function ageAsCount(ctx: CheckContext, sentence: string, fact: Fact): string | undefined {
  if (ctx.question.want !== 'count' || fact.kind !== 'count') return undefined;
  const before = sentence.slice(Math.max(0, fact.start - 45), fact.start);
  const after = sentence.slice(fact.end, fact.end + 20);
  if (
    !/\b(?:I|he|she|we|they|you)\s+(?:was|were|turned|'d turned|had turned|(?:could(?:n't| not)|must|might) have been)\s+(?:only\s+|just\s+|about\s+|(?:more|older) than\s+|a year older,\s+)?$/i.test(
      before,
    )
  )
    return undefined;
  // "I was twenty dollars short": a number with a noun after it is an amount of that.
  return /^\s*(?:[,.;!?]|$|years?\b|and\b|or\b|when\b|then\b)/i.test(after) ? `age ${fact.text}` : undefined;
}

/** Units a "how many" question may ask in ("how many miles", "how many acres"): then a measure answers. */
const MEASURE_WORD =
  /^(?:acres?|miles?|feet|foot|inch(?:es)?|yards?|met(?:er|re)s?|kilomet(?:er|re)s?|kilos?|kilograms?|pounds?|tons?|gallons?|degrees?|head|hectares?|stones?|ounces?|grams?|words?)$/;

/**
 * "How many people got a first" / "…the coldest it gets, maybe fifteen degrees": a measure in a unit is
 * not a count of the things asked, unless the question counts in that unit ("how many miles").
 */
export function measureForCount(ctx: CheckContext, _sentence: string, fact: Fact): string | undefined {
  if (ctx.question.want !== 'count' || fact.kind !== 'measure') return undefined;
  const counted = /\bhow many\s+([a-z]+)/.exec(ctx.question.text)?.[1];
  if (!counted || MEASURE_WORD.test(counted)) return undefined;
  return fact.text.toLowerCase().includes(counted.replace(/s$/, '')) ? undefined : `${fact.text} not ${counted}`;
}

/** Money gained and money spent: the two sides of a sum that are never each other's answer. */
/** "paid me", "pay you": paid to the narrator (or to the one asked), a gain; "paid him" is spent. */
const TO_SOMEONE = String.raw`\s+(?:me|us|you)\b`;
/** "were you paid", "got paid": a gain; "your pay" is a noun. */
const PAID_TO = String.raw`(?:was|were|got|get|be|being|been|getting)\s+(?:(?:you|he|she|they|we|i)\s+)?`;
const PASSIVE = String.raw`(?<!\b(?:${PAID_TO}|(?:your|my|the|his|her|their|our)\s))`;
const GAINED = new RegExp(
  String.raw`\b(?:win|wins|won|winning|earn|earns|earned|earning|make|makes|made|making|save|saved|saving|${PAID_TO}paid|pa(?:y|id|ys)${TO_SOMEONE}|sold|sell|received?)\b`,
  'i',
);
const SPENT = new RegExp(
  String.raw`\b(?:cost|costs|costing|charge|charged|charging|spend|spent|spending|bought|buy|${PASSIVE}pa(?:y|id|ys)(?!${TO_SOMEONE}))\b`,
  'i',
);
/** Nouns a sum names: what was paid out, what was taken in. */
const PRICE = /\b(?:fee|fees|fare|fares|price|rent|ticket|bill|cost)\s*$/i;
const PRIZE = /\b(?:prize|purse|winnings|wage|wages|pay|salary|earnings)\s*$/i;
/** In a question "get" gains too: "how much did you get for the car", "how much rent did you get". */
const ASKS_GAIN = new RegExp(String.raw`${GAINED.source}|\b(?:get|got)\b(?!\s+(?:it|them|one)\s+for)`, 'i');

/**
 * "How much did it cost to enter" / "Won nine hundred dollars": a sum said of winning or earning is not a
 * cost, nor a cost a sum won ("how much rent did you get" / "we paid eleven thousand dollars for it"); the
 * verb right before the sum says which it is ("paid me" is a gain for the one paid).
 */
export function moneyOtherSide(ctx: CheckContext, sentence: string, fact: Fact): string | undefined {
  if (fact.kind !== 'money' || !/\bhow much\b/.test(ctx.question.text)) return undefined;
  const asksGain = ASKS_GAIN.test(ctx.question.text);
  const asksCost = SPENT.test(ctx.question.text);
  if (asksGain === asksCost) return undefined;
  // ("Father sold the car to Mr Hanson down the road for eighty dollars": the verb may be a clause's length back.)
  const parts = sentence.slice(Math.max(0, fact.start - 80), fact.start).split(/[,;:.!?]/);
  const before = parts.pop() ?? '';
  // "the entry fee, twenty-five dollars": a sum said right after a comma names what the noun before it is.
  const named = before.trim() === '' ? (parts.pop() ?? '') : '';
  const saidGain = GAINED.test(before) || PRIZE.test(named);
  const saidCost = SPENT.test(before) || PRICE.test(named);
  if (saidGain === saidCost) return undefined;
  return saidGain !== asksGain ? `${saidGain ? 'gained' : 'spent'}: ${fact.text}` : undefined;
}

const MONTHS = 'january|february|march|april|may|june|july|august|september|october|november|december';

/** An ordinal word or figure: "third", "twenty-first", "3rd". */
const ORDINAL =
  /^(?:(?:the|my|our|his|her|their|a)\s+)?(?:[a-z]+-)?(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|\w+teenth|\w+tieth|last|next|\d+(?:st|nd|rd|th))\b/i;

/**
 * "How many summers did you do it" / "That was my third summer": an ordinal says which one, not how many
 * (there may have been more after it).
 */
export function ordinalForHowMany(ctx: CheckContext, _sentence: string, fact: Fact): string | undefined {
  if (fact.kind !== 'duration' && fact.kind !== 'count') return undefined;
  if (!/\bhow many\b/.test(ctx.question.text)) return undefined;
  return ORDINAL.test(fact.text) ? `ordinal ${fact.text}` : undefined;
}

/** Units of time a span is counted in. */
const TIME_UNIT =
  /\b(years?|months?|weeks?|days?|nights?|hours?|minutes?|seconds?|summers?|winters?|springs?|autumns?|falls?|seasons?|terms?|semesters?|decades?)\b/i;
const singular = (unit: string) => unit.toLowerCase().replace(/s$/, '');

/**
 * "How many summers did you do it" / "…on a good day": a span in one unit of time does not count another
 * ("how many summers" is not answered by a day, nor "how many weeks" by years).
 */
export function otherTimeUnit(ctx: CheckContext, _sentence: string, fact: Fact): string | undefined {
  if (fact.kind !== 'duration') return undefined;
  const asked = /\bhow many\s+([a-z]+)/.exec(ctx.question.text)?.[1];
  if (!asked || !TIME_UNIT.test(asked)) return undefined;
  // "second summer": the unit is the last such word ("second" is an ordinal there).
  const said = [...fact.text.matchAll(new RegExp(TIME_UNIT.source, 'gi'))].at(-1)?.[1];
  if (!said || singular(said) === singular(asked)) return undefined;
  return `${fact.text} not ${asked}`;
}

/**
 * "How much was the bus ticket" / "I came up from Eufaula in nineteen fifty-five, the summer of fifty-five":
 * a bare number said where a year goes ("the summer of fifty-five", "…came out, that's fifty-seven") in a
 * sentence that dates something is the year said short, not an amount.
 */
export function yearAsCount(ctx: CheckContext, sentence: string, fact: Fact): string | undefined {
  if (fact.kind !== 'count' || !/\bhow (?:many|much)\b/.test(ctx.question.text)) return undefined;
  const before = sentence.slice(Math.max(0, fact.start - 20), fact.start);
  const after = sentence.slice(fact.end, fact.end + 12);
  // "Sixty-seven, July, that was the riot": a number next to a month is its year.
  if (
    new RegExp(`^\\s*,?\\s*(?:${MONTHS})\\b`, 'i').test(after) ||
    new RegExp(`\\b(?:${MONTHS}),?\\s+$`, 'i').test(before)
  )
    return `year ${fact.text}`;
  if (!/\b(?:in|of|since|until|till|by|that's|that was)\s+$/i.test(before)) return undefined;
  if (!/^\s*(?:[,.;:!?]|$)/.test(after)) return undefined;
  const dated = factsIn(sentence).some(
    (f) => (f.kind === 'year' || f.kind === 'date') && (f.end <= fact.start || f.start >= fact.end),
  );
  return dated ? `year ${fact.text}` : undefined;
}

/** A question asking where someone or something arrived: where it went to, not where it came from. */
const ASKS_ARRIVAL =
  /\b(?:land|landed|arrive|arrived|reach|reached|end up|ended up|settle|settled|get to|got to|go to|went to|move to|moved to|come to|came to|take you|took you|send you|sent you)\b/;

/**
 * "Where did the plane land" / "I leave from Kingston, from the Palisadoes airport": a place said after
 * "from" is where someone set out, not where they arrived; and "where was Ally from" / "…moved to Paisley"
 * is not answered by where someone went to.
 */
export function originForArrival(ctx: CheckContext, sentence: string, fact: Fact): string | undefined {
  if (ctx.question.want !== 'where' || fact.kind !== 'place') return undefined;
  const text = ctx.question.text;
  const asksOrigin = /\bfrom$|\b(?:come|came|comes) from\b|\b(?:leave|left|set out|set off|start out)\b/.test(text);
  const asksArrival = ASKS_ARRIVAL.test(text) && !asksOrigin && !/\bfrom\b/.test(text);
  if (!asksOrigin && !asksArrival) return undefined;
  const before = sentence.slice(Math.max(0, fact.start - 12), fact.start);
  if (asksArrival && /\bfrom\s+(?:the\s+)?$/i.test(before)) return `from ${fact.text}`;
  if (asksOrigin && /\b(?:to|into)\s+(?:the\s+)?$/i.test(before)) return `to ${fact.text}`;
  return undefined;
}

/** A count of people: "five hundred people", "four of us". */
const OF_PEOPLE =
  /^\s+(?:(?:other|more|young|old|grown)\s+)?(?:people|persons|men|women|children|kids|boys|girls|souls|families|folks|of us|of them|of you)\b/i;

/**
 * "How long was the boat" / "They said later five hundred people died", "how big was the radio room" /
 * "…with four of us on watch": a count of people is never a size, a length, a distance or a speed.
 */
export function peopleForMeasure(ctx: CheckContext, sentence: string, fact: Fact): string | undefined {
  if (ctx.question.want !== 'measure' || fact.kind !== 'count') return undefined;
  return OF_PEOPLE.test(sentence.slice(fact.end)) ? `${fact.text} people` : undefined;
}
