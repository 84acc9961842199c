import type { CheckContext } from './check.ts';
import type { Judged } from './decide.ts';
import type { Fact } from './entities.ts';

/**
 * What the sentence itself says of what it tells: a sentence saying the narrator (or the person asked
 * about) does not know how or why ("he never did say how") is not the answer to a question asking how.
 */

/** A sentence saying the narrator or someone does not know how or why. */
const NOT_KNOWN =
  /\b(?:(?:never|not|n't|nobody|no one|no-one)\s+(?:\w+\s+){0,2}?(?:say|said|says|tell|told|know|knew|knows|found out|find out|explain(?:ed)?|understand|understood|remember(?:ed)?)\s+(?:how|why|what|where|who)|(?:don't|didn't|do not|did not|never)\s+know\b|nobody knows|no one knows|god knows|who knows)\b/i;

/**
 * "How did Uncle Pete break his arm" / "Uncle Pete had a broken arm after, and he never did say how": a
 * sentence saying the how or why is not known does not answer how or why (nor what happened).
 */
export function saysNotKnown(ctx: CheckContext, j: Judged): string | undefined {
  const text = ctx.question.text;
  if (!/^(?:how(?! (?:many|much|old|long|far|big|tall|often))|why|what happened)\b/.test(text)) return undefined;
  if (/\b(?:know|say|tell|told|said)\b/.test(text)) return undefined;
  const sentence = ctx.index.texts[j.index]!;
  return NOT_KNOWN.exec(sentence)?.[0];
}

/** What a clause breaks at (not the full stop of "Mrs." or "St."). */
const CLAUSE =
  /[;:!?]|(?<!\b(?:Mr|Mrs|Ms|Dr|St|Jr|Sr|Mt|No|Fr|Capt|Sgt|Lt|Col|Gen|Prof|Rev))\.|,\s+(?:and|but|so)\b|\b(?:but|so|because|though|although|until|till|then|which)\b/gi;

/** The clause of the sentence a fact stands in, up to the fact. */
export function clauseBefore(sentence: string, fact: Fact): string {
  const before = sentence.slice(0, fact.start);
  let cut = 0;
  for (const m of before.matchAll(CLAUSE)) cut = m.index! + m[0].length;
  return before.slice(cut);
}

/** What was wished, planned or nearly done: not what happened. */
const UNREAL =
  /\b(?:want(?:ed)? to|hop(?:e|ed) to|wish(?:ed)?|dream(?:ed|t)? (?:of|about)|(?:was|were) going to|(?:was|were) gonna|plann?(?:ed)? to|meant to|would have|could have|should have|might have|'d have|never got to)\b/i;
const ASKS_UNREAL =
  /\b(?:want|wanted|hope|hoped|wish|wished|dream|dreamed|dreamt|going to|gonna|plan|planned|mean|meant|would|could|should)\b/;

/**
 * "Where did you move to" / "We were going to move to Ohio, but Dad's job fell through": a place, date or
 * number in a clause that tells a wish or a plan ("I wanted to be married in June", "we were going to buy the
 * farm for a thousand dollars") is not what happened. ("Nearly" and "almost" are left alone: before a number
 * they say about how much, "nearly three thousand metres up".)
 */
export function unrealFact(ctx: CheckContext, sentence: string, fact: Fact): string | undefined {
  if (ctx.question.want === 'any' || ASKS_UNREAL.test(ctx.question.text)) return undefined;
  const unreal = UNREAL.exec(clauseBefore(sentence, fact))?.[0];
  return unreal ? `${unreal}: ${fact.text}` : undefined;
}

/** Words a reason is told with (wide on purpose: only a sentence with none of them is turned down). */
const REASON =
  /\b(?:because|'cause|cause|cos|since|so|for|to|why|reason|want|wanted|afraid|scared|too|said|says|thought|couldn't|could not|needed|had to|that's|never liked|hated|loved|when|after|as|until|till)\b/i;

/**
 * "Why did Steven come too" / "Steven came with me.": a sentence (with the one after it, where a reason is
 * often told: "He insisted. He said…") with no word a reason could be told with only restates what was
 * asked about.
 */
export function noReason(ctx: CheckContext, j: Judged): string | undefined {
  if (!/^(?:why|how come)\b/.test(ctx.question.text)) return undefined;
  const { texts } = ctx.index;
  const at = [j.index, j.index + 1, ...(j.bridge !== undefined ? [j.bridge] : [])].filter((i) => i < texts.length);
  return at.some((i) => REASON.test(texts[i]!)) ? undefined : 'no reason told';
}

/** Words a sentence tells of the others with. */
const OTHERS = /\b(?:other|others|rest|else|too|also|another|second|both)\b/i;

/**
 * "How many acres did the other ten fires burn" / "They said, four thousand acres before they stopped it":
 * a question about "the other" ones (besides one already told) is not answered by a sentence with no word
 * for the others: it tells of the one.
 */
export function notTheOther(ctx: CheckContext, j: Judged): string | undefined {
  if (!/\bthe other\b/.test(ctx.question.text)) return undefined;
  const at = [j.index, ...(j.bridge !== undefined ? [j.bridge] : [])];
  return at.some((i) => OTHERS.test(ctx.index.texts[i]!)) ? undefined : 'says nothing of the others';
}
