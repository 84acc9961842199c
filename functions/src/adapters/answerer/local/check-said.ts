import type { CheckContext } from './check.ts';
import type { Judged } from './decide.ts';

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
