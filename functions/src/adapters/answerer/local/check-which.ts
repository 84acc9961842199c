import { analyzeShort, tokensOf } from '../text.ts';
import type { CheckContext } from './check.ts';
import type { Judged } from './decide.ts';
import { ANSWER_NOUNS } from './evidence.ts';
import { termOf } from './names.ts';
import { findNumbers } from './numbers.ts';
import { FRAME_WORDS } from './question.ts';
import { asksRole } from './which.ts';

/**
 * "What railway did grandpa work for" / "he worked on the railway": a sentence that speaks of the thing
 * only as "the railway" does not say which one (but "the hospital in Leeds" does). When the sentence says the thing's own word, the answer
 * must stand at that word: a word before it the question does not hold ("Nightingale ward", "the men's
 * surgical ward", not "the grammar school" for "what grammar school"), or a name or number right after it
 * ("the ship Ascania", "the stall was number 114", "a dog called Duke"). A sentence that names the thing by
 * another word (a kind of it: "a destroyer" for "what ship") or not at all is left to the which check before.
 */

/** "what grammar school did…", "which railroad was it": the thing's words, the head last. */
const AUX = '(?:did|do|does|was|were|is|are|had|has|could|would)\\b';
const WHAT_THING = new RegExp(`^(?:what|which)\\s+((?:(?!${AUX})[a-z'-]+\\s+){0,2}?(?!${AUX})[a-z'-]+)\\s+${AUX}`);
/** Words before the thing that do not say which one it is. */
const NOT_QUALIFIER = new Set(
  'a an the my our your his her their its this that these those some any one two three four five six seven eight nine ten same other old new first last big little of each every no'.split(
    ' ',
  ),
);
const AFTER_NAMES =
  /^\s*(?:,\s*(?:the\s+)?|(?:in|at|on|of|near|by)\s+(?:the\s+)?)?(?:[A-Z][\w'-]*|\d|number\b|no\.|called\b|named\b|known as\b)/;
const IS_NAMED = /^\s+(?:was|is|were)\s+(?:the\s+|a\s+|an\s+)?(?:[A-Z][\w'-]*|\d|number\b|called\b|named\b)/;

/** The thing a "what/which X" question asks which one of, and the question's own words. */
function askedThing(ctx: CheckContext): { term: string; asked: Set<string>; modifiers: string[] } | undefined {
  const { question } = ctx;
  // "what kind of X" (a qualifier, checked before) and "what job" (a role) ask otherwise.
  if (question.which?.kind) return undefined;
  if (question.want !== 'any' || question.yesNo || asksRole(question.which)) return undefined;
  const words = WHAT_THING.exec(question.text)?.[1]?.split(/\s+/);
  const head = words?.at(-1);
  if (!head || FRAME_WORDS.has(head)) return undefined;
  const term = termOf(head);
  if (!term || ANSWER_NOUNS.has(term)) return undefined;
  const pos = analyzeShort(question.text).tokens.find((t) => t.value === head)?.pos;
  if (pos !== 'NOUN') return undefined;
  return { term, asked: new Set(question.text.match(/[a-z][a-z'-]*/g) ?? []), modifiers: words!.slice(0, -1) };
}

/** Whether the sentence says which one at some mention of the thing's own word (undefined: no mention). */
function saysWhichAtMention(text: string, term: string, asked: ReadonlySet<string>): boolean | undefined {
  const tokens = tokensOf(text);
  let offset = 0;
  let mentioned = false;
  for (let i = 0; i < tokens.length; i++) {
    const at = text.indexOf(tokens[i]!.value, offset);
    if (at >= 0) offset = at + tokens[i]!.value.length;
    if (tokens[i]!.type !== 'word' || termOf(tokens[i]!.value.toLowerCase()) !== term) continue;
    mentioned = true;
    const before = tokens[i - 1];
    const word = before?.value.toLowerCase() ?? '';
    const qualifies =
      before !== undefined &&
      (word === "'s" ||
        (before.type === 'word' &&
          !NOT_QUALIFIER.has(word) &&
          !asked.has(word) &&
          before.pos !== 'NUM' &&
          before.pos !== 'VERB' &&
          before.pos !== 'ADP' &&
          before.pos !== 'AUX' &&
          before.pos !== 'PRON'));
    const rest = at >= 0 ? text.slice(offset) : '';
    // "by two marks, forty-two": a number said right after it says which too.
    const numberAfter = findNumbers(/^\s*,?\s*([\w-]+)/.exec(rest)?.[1] ?? '').length > 0;
    if (qualifies || numberAfter || AFTER_NAMES.test(rest) || IS_NAMED.test(rest)) return true;
  }
  return mentioned ? false : undefined;
}

/** A sentence that says the thing asked about only bare ("the railway") does not say which one. */
export function bareThing(ctx: CheckContext, j: Judged): string | undefined {
  const thing = askedThing(ctx);
  if (!thing || j.index === 0) return undefined;
  const says = saysWhichAtMention(ctx.index.texts[j.index]!, thing.term, thing.asked);
  if (says === false) return thing.term;
  // "He could dance, Lord" after "he worked on the railway": the thing carried in by a pronoun from the
  // sentence before is not said to be any particular one here.
  if (says === undefined && ctx.index.terms[j.index]!.includes(thing.term)) return `${thing.term} (carried)`;
  return undefined;
}

/**
 * "What airline did you fly on" / "We flew from Minneapolis to Seoul by way of Tokyo": a question ending on
 * a preposition asks for that preposition's object; when the sentence does not say the thing's own word,
 * only a name right after that preposition ("on Pan Am", "in the Royal Infirmary") says which one. Names
 * after other prepositions say where from, where to, or something else.
 */
export function strandedObject(ctx: CheckContext, j: Judged): string | undefined {
  const thing = askedThing(ctx);
  if (!thing || j.index === 0) return undefined;
  const stranded = /\b(on|in|at|to|from|with|for|by|into)\s*$/.exec(ctx.question.text)?.[1];
  if (!stranded) return undefined;
  const text = ctx.index.texts[j.index]!;
  if (saysWhichAtMention(text, thing.term, thing.asked) !== undefined) return undefined;
  const named = new RegExp(`\\b${stranded}\\s+(?:the\\s+)?(?:[A-Z][\\w'-]*|\\d)`);
  if (named.test(text)) return undefined;
  // "what number bus did you work on" / "I worked the number sixty-four": the question's own word for which
  // one, followed by one.
  const saysModifier = thing.modifiers.some((m) => {
    const after = new RegExp(`\\b${m}\\s+([\\w-]+)`, 'i').exec(text)?.[1];
    return after !== undefined && (/^[A-Z\d]/.test(after) || findNumbers(after).length > 0);
  });
  return saysModifier ? undefined : `nothing named after "${stranded}"`;
}
