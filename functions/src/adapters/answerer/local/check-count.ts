import { analyzeShort } from '../text.ts';
import type { CheckContext } from './check.ts';
import type { Fact } from './entities.ts';
import { isKindOf, relatedTerms } from './lexicon/lexicon.ts';
import { termOf } from './names.ts';

/**
 * What a number counts. "How many children did Emeka have" / "He taught me five new words": the number
 * counts words, not children, however many of the question's words the sentence around it shares (here it
 * came from the sentence after the one naming Emeka). A count whose own noun is another thing is not the
 * answer; a bare number ("he says eighteen"), a measure ("twelve head") or "of us" / "of them" is left to the
 * other stages, which cannot tell what it counts either.
 */

/** "How many (more) groundnut pyramids": the words naming the thing the question counts. */
const COUNTED = /\bhow many\s+(?:more\s+|other\s+|different\s+|whole\s+)?([a-z' ]+)/;
/** Where the counted thing's name ends: its verb, or a preposition ("how many acres of wheat"). */
const AFTER_NAME =
  /^(?:did|do|does|were|was|could|can|would|will|should|have|had|has|are|is|you|they|he|she|it|we|i|there|in|on|at|of|for|per|a|an|the|that|to|your|his|her|their|did)$/;
/** Words a count of people is said in: any of them may answer a question counting people. */
const PEOPLE =
  /^(?:people|persons?|men|man|women|woman|children|child|kids?|kiddies|boys?|girls?|sons?|daughters?|babies|baby|grandchildren|grandchild|grandkids?|brothers?|sisters?|siblings?|souls?|families|family|folks?|workers?|hands?|crew|guys?|fellows?|fellas?|lads?|ladies|lady|students?|pupils?|teachers?|nurses?|patients?|soldiers?|passengers?|pickers?|miners?|members?|friends?|cousins?|adults?|others?|lodgers?|boarders?|guests?|tenants?|servants?|maids?|employees?|staff|neighbou?rs?|customers?|visitors?|orphans?|recruits?|sailors?|men-folk)$/;
/** Units and quantities a count may be said in without naming the thing ("twelve head", "three lots of"). */
const QUANTITY =
  /^(?:head|lots?|pairs?|dozens?|hundreds?|thousands?|millions?|score|times?|percent|per|cent|each|apiece|altogether|all|more|or|and|to|of|in|at|on|for|a|an|the)$/;

/** The noun the count is said with, right after it (past an adjective or two), if any. */
function countedNoun(sentence: string, fact: Fact): string | undefined {
  // "I sent ten of it home": a share of one thing (the wages), not a number of things.
  if (/^\s+of (?:it|that|this)\b/i.test(sentence.slice(fact.end))) return 'it';
  const { tokens } = analyzeShort(sentence.slice(fact.end, fact.end + 48));
  for (const t of tokens.slice(0, 3)) {
    if (t.pos === 'ADJ' || t.pos === 'ADV' || t.pos === 'NUM') continue;
    return t.pos === 'NOUN' ? t.value.toLowerCase() : undefined;
  }
  return undefined;
}

function sameThing(asked: string, said: string): boolean {
  if (said === 'it') return false;
  if (PEOPLE.test(asked) && PEOPLE.test(said)) return true;
  const a = termOf(asked) ?? asked;
  const s = termOf(said) ?? said;
  return (
    a === s ||
    relatedTerms(a).includes(s) ||
    relatedTerms(s).includes(a) ||
    isKindOf(s, a) ||
    isKindOf(a, s) ||
    s.startsWith(a) ||
    a.startsWith(s)
  );
}

/** Check-stage rule: a count of another thing than the one asked is not the answer. */
export function countOfOther(ctx: CheckContext, sentence: string, fact: Fact): string | undefined {
  if (ctx.question.want !== 'count' || fact.kind !== 'count') return undefined;
  const words = COUNTED.exec(ctx.question.text)?.[1]?.split(' ') ?? [];
  const end = words.findIndex((w) => AFTER_NAME.test(w));
  const asked = (end < 0 ? words : words.slice(0, end)).filter(Boolean);
  if (asked.length === 0 || asked.some((w) => QUANTITY.test(w))) return undefined;
  const said = countedNoun(sentence, fact);
  if (!said || QUANTITY.test(said)) return undefined;
  return asked.some((w) => sameThing(w, said)) ? undefined : `${fact.text} ${said}, not ${asked.join(' ')}`;
}

/**
 * "How many kids did you have" asks for the narrator's own children; "the third of six children", "one of
 * seven kids", "we were four children", "there were six of us" count the children of the narrator's parents —
 * her brothers and sisters and herself. Life stories open with that count more often than with their own
 * children's, and it is the wrong answer to the question.
 */
const OWN_CHILDREN_ASKED =
  /\bhow many (?:kids|children|babies|sons|daughters|boys|girls)\b(?!.*\b(?:family|parents?|mother|mom|mum|father|dad|brothers?|sisters?|siblings?|grandparents?)\b).*\b(?:did|do|have|had) you\b/;
const SIBLINGS_BEFORE = /\b(?:of|we were|there were)\s+$/i;
const SIBLINGS_AFTER = /^\s+(?:(?:[a-z]+\s+)?(?:children|kids|boys|girls|babies)\b|of us\b)/i;

export function siblingsForChildren(ctx: CheckContext, sentence: string, fact: Fact): string | undefined {
  if (fact.kind !== 'count' || !OWN_CHILDREN_ASKED.test(ctx.question.text)) return undefined;
  const before = sentence.slice(Math.max(0, fact.start - 24), fact.start);
  const after = sentence.slice(fact.end, fact.end + 24);
  return SIBLINGS_BEFORE.test(before) && SIBLINGS_AFTER.test(after)
    ? `${fact.text}: the narrator and her brothers and sisters`
    : undefined;
}
