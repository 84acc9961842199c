import { type TokenInfo, tokensOf } from '../text.ts';
import type { CheckContext } from './check.ts';
import type { Judged } from './decide.ts';
import type { Fact } from './entities.ts';
import { termOf } from './names.ts';
import { KIN_TERMS } from './retrieve.ts';

/**
 * Whose it is. "My father's boss" speaks of the boss, not of the father; a question about the father ("did
 * your dad become foreman") is not answered by it, nor "who bought your store" by "my husband" in "my
 * husband's cousin said…".
 */

const MALE_KIN = new Set(['father', 'brother', 'husband', 'son', 'uncl', 'grandfath']);
const FEMALE_KIN = new Set(['mother', 'sister', 'wife', 'daughter', 'aunt', 'grandmoth']);

const POSSESSIVE_MARK = /^['’]s?$/;

/** What a person has that is still the person's own story (their death, funeral, name, health). */
const OF_THE_PERSON =
  /^(?:death|funeral|wedding|birth|birthday|grave|illness|health|heart|name|age|life|body|hands?|face|voice|eyes)$/i;

/** Whether the token at `i` owns the next noun ("father 's boss", and in a question also "your dad gang"). */
function owns(tokens: readonly TokenInfo[], i: number, loose: boolean): boolean {
  const next = tokens[i + 1];
  if (!next) return false;
  if (POSSESSIVE_MARK.test(next.value)) return true;
  return loose && (next.pos === 'NOUN' || next.pos === 'PROPN');
}

/**
 * "Did your dad ever get to be foreman" / "My father's boss, the foreman, was a man named Haskins": a
 * person the question asks about (one of the family, or a name) whom the sentence says only as the owner of
 * someone or something else is not what the sentence speaks of. A question that itself asks about what
 * the person owns ("your dad's gang") is left alone.
 */
export function onlyOwner(ctx: CheckContext, j: Judged): string | undefined {
  const asked = tokensOf(ctx.question.text);
  const people = ctx.terms.filter(
    (t) => (KIN_TERMS.has(t.term) || ctx.index.names.has(t.term)) && (t.pos === 'NOUN' || t.pos === 'PROPN'),
  );
  for (const person of people) {
    const inQuestion = asked.map((t, i) => [t, i] as const).filter(([t]) => termOf(t.value) === person.term);
    if (inQuestion.length === 0 || inQuestion.some(([, i]) => owns(asked, i, true))) continue;
    const text = ctx.index.texts[j.index]!;
    const tokens = tokensOf(text);
    const said = tokens.map((t, i) => [t, i] as const).filter(([t]) => termOf(t.value) === person.term);
    // "My father's heart gave out when he was sixty", "my father's funeral": still about him. ("My father's
    // mother lived with us until she died": "she" is the mother, not him.)
    const pronoun = MALE_KIN.has(person.term)
      ? /\b(?:he|him)\b/i
      : FEMALE_KIN.has(person.term)
        ? /\b(?:she|her)\b/i
        : /\b(?:he|she|him)\b/i;
    if (pronoun.test(text)) continue;
    if (said.some(([, i]) => OF_THE_PERSON.test(tokens[i + 2]?.value ?? ''))) continue;
    if (said.length > 0 && said.every(([, i]) => owns(tokens, i, false))) return `${person.term}'s`;
  }
  return undefined;
}

/**
 * "Who bought your store" / "My husband's cousin said come to LA, buy a store": a person named as the owner
 * of another ("my husband's cousin") is not the one who did it.
 */
export function ownerAsPerson(ctx: CheckContext, sentence: string, fact: Fact): string | undefined {
  if (ctx.question.want !== 'who' || (fact.kind !== 'person' && fact.kind !== 'name')) return undefined;
  if (/^whose\b/.test(ctx.question.text)) return undefined;
  return /^['’]s?(?:\s|[,.;:!?]|$)/.test(sentence.slice(fact.end)) ? `${fact.text}'s` : undefined;
}

/** Family words a narrator says of her own with "my" ("my brother", "our mother"). */
