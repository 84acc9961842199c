import leven from 'leven';
import { tokensOf } from '../text.ts';
import type { CheckContext } from './check.ts';
import { clauseBefore } from './check-said.ts';
import type { Fact } from './entities.ts';
import { kindsOf, relatedTerms } from './lexicon/lexicon.ts';
import { termOf } from './names.ts';
import { KINSHIP_GROUPS } from './question-words.ts';
import { KIN_TERMS } from './referents.ts';
import { unaccented } from './retrieve.ts';

/**
 * Whose fact a list gives. "When was Colm born" / "Nóra first, then Colm, two years after her, then myself,
 * and then Cóilín, the baby, born in 1936": the year stands in Cóilín's clause, not Colm's, though the sentence
 * names Colm too. A fact asked of someone the question names is not the answer when its own clause names
 * another person and not the one asked.
 */

/** Facts of these kinds are said of someone: a date, a place, a number, an age. */
const OF_SOMEONE = new Set(['when', 'year', 'time', 'where', 'count', 'duration', 'age']);
/**
 * "When was Colm born", "how old was uncle Paul", "where did Stan go": the person the question asks about is
 * its subject, named. (A place or a thing named elsewhere in the question is left alone: "how far is Bastos
 * from Marília".)
 */
const NAMED_SUBJECT =
  /^(?:when|where|what year|which year|what age|how old|how long|how many [a-z]+)\b.*?\b(?:was|did|were|is|does|do|had|has|could)\s+(?:(?:uncle|aunt|auntie|cousin|brother|sister|mr|mrs|miss|little|big|old)\s+)?([a-z][a-z'-]+)/;
/**
 * Capitalised words, a run of them as one ("the Inner Circle"); one after a preposition or "the" is a place or
 * a thing ("in Lake Charles", "on the Queen Mary").
 */
const CAPITALISED = /(?:\b[A-Z][\p{L}'-]+)(?:\s+[A-Z][\p{L}'-]+)*/gu;
const PLACE_BEFORE = /\b(?:in|at|to|from|near|on|of|by|for|into|across|outside|around|over|up|down|the|a|an)\s+$/i;
/** Subject pronouns: a clause that has one says who it is about in its own words. */
const PRONOUN = /\b(?:I|we|he|she|they)\b/i;
const NOT_A_NAME =
  /^(?:I|I'm|I'd|I've|January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Christmas|Easter|God|Mass|Mister|Mr|Mrs|Miss|Dr|Father|Mother|Mum|Mom|Dad|Daddy|Mama|Papa|Uncle|Aunt|Auntie|Grandma|Grandpa|Nan|Granny)$/;

/** The index term of the person the question asks about by name, if it is one of the story's names. */
function askedName(ctx: CheckContext): string | undefined {
  const word = NAMED_SUBJECT.exec(ctx.question.text)?.[1];
  return word ? nameTerm(ctx, word) : undefined;
}

/** The index term of a question's word when it is one of the story's names (not a family word). */
function nameTerm(ctx: CheckContext, typed: string): string | undefined {
  const word = typed.replace(/'s$/, '');
  if (!word || NOT_A_NAME.test(word[0]!.toUpperCase() + word.slice(1))) return undefined;
  // "abuelo", "nonna": a family word, which the story may write capitalised as a name.
  if (KINSHIP_GROUPS.some((g) => g.includes(word))) return undefined;
  const term = termOf(word);
  return term && ctx.index.names.has(term) && !KIN_TERMS.has(term) ? term : undefined;
}

/** Check-stage rule: a fact in the clause of another named person than the one asked is theirs. */
export function factOfNamedOther(ctx: CheckContext, sentence: string, fact: Fact): string | undefined {
  if (!OF_SOMEONE.has(ctx.question.want)) return undefined;
  const asked = askedName(ctx);
  if (!asked) return undefined;
  const clause = clauseBefore(sentence, fact);
  if (PRONOUN.test(clause)) return undefined;
  const named = [...clause.matchAll(CAPITALISED)]
    .filter((m) => !PLACE_BEFORE.test(clause.slice(0, m.index)))
    .flatMap((m) => m[0].split(/\s+/))
    .filter((w) => !NOT_A_NAME.test(w))
    // The story's terms are kept without accents ("Cóilín" is coilin), as the question is typed.
    .map((w) => termOf(unaccented(w.toLowerCase())))
    .filter((t): t is string => Boolean(t && ctx.index.names.has(t)));
  if (named.length === 0 || named.includes(asked)) return undefined;
  return `${fact.text} in the clause of ${named.join(', ')}`;
}

/**
 * Check-stage rule: "What was Harcourt's first name" / "Comfort Adeyinka.": a full name that does not hold
 * the name asked about is someone else's (his own would be "Edward Harcourt").
 */
export function otherFullName(ctx: CheckContext, _sentence: string, fact: Fact): string | undefined {
  if (ctx.question.want !== 'name' || fact.kind !== 'name') return undefined;
  const m =
    /^what (?:was|is|were) (?:mr |mrs |miss |old |the )?([a-z][a-z'-]+?)(?:'s|s)? (?:first |full |last |real |christian )?name\b/.exec(
      ctx.question.text,
    );
  const asked = m ? nameTerm(ctx, m[1]!) : undefined;
  if (!asked) return undefined;
  const words = fact.text.split(/\s+/).filter((w) => /^[A-Z]/.test(w));
  if (words.length < 2) return undefined;
  const terms = words.map((w) => termOf(unaccented(w.toLowerCase())));
  return terms.includes(asked) ? undefined : `${fact.text} is not ${asked}`;
}

/** "Did Ramón ever come north", "was Stan in the navy": a yes/no question about someone it names. */
const NAMED_YES_NO =
  /^(?:did|was|were|has|had|does|is|could|would)\s+(?:(?:uncle|aunt|auntie|cousin|brother|sister|mr|mrs|miss|little|big|old)\s+)?([a-z][a-z'-]+)\b/;

/** "Why did Bartholomew cry", "how many could Bartholomew do": any question's subject after its verb. */
const ANY_SUBJECT =
  /^(?:when|where|why|how|what|which|who|whose)\b.*?\b(?:was|did|were|is|does|do|had|has|could|would)\s+(?:(?:uncle|aunt|auntie|cousin|brother|sister|mr|mrs|miss|little|big|old)\s+)?([a-z][a-z'-]+)/;

/**
 * Check-stage rule: "When was Bartholomew born" of a story that never names a Bartholomew asks about someone
 * the storyteller did not tell of. The question's subject is a name (not a word the lexicon knows, nor a
 * family word) that the story never says, nor anything close to it (a typo: "harjeet" for Harjit): every
 * sentence that shares the question's other words is about someone else.
 */
export function unknownPerson(ctx: CheckContext): string | undefined {
  const m = NAMED_YES_NO.exec(ctx.question.text) ?? ANY_SUBJECT.exec(ctx.question.text);
  const word = m?.[1]?.replace(/'s$/, '');
  // "tio jorge", "tante marie": a family word the lists do not hold, before a name the story has.
  const after = m
    ? ctx.question.text
        .slice(m.index + m[0].length)
        .trim()
        .split(/\s+/)[0]
    : undefined;
  if (after && ctx.index.names.has(termOf(after) ?? after)) return undefined;
  if (!word || word.length < 3 || ctx.index.words.has(word) || KINSHIP_GROUPS.some((g) => g.includes(word)))
    return undefined;
  if (
    /^(?:you|your|he|she|they|it|we|i|the|a|an|there|this|that|his|her|their|my|our|any|ever|anyone|anybody|someone|somebody|everyone|everybody|nobody|people|mom|dad|mum|ma|pa)$/.test(
      word,
    )
  )
    return undefined;
  // The subject is a noun ("when was Bartholomew born"), not a verb ("what was written on…").
  // (A word the tagger takes for a noun but reads as another's form, "written" of write, is a verb.)
  const token = tokensOf(ctx.question.text).find((t) => t.value === word);
  if (token?.pos !== 'NOUN' || token.lemma !== word) return undefined;
  const term = termOf(word);
  if (!term || ctx.index.df.has(term) || relatedTerms(term).length || kindsOf(term).length) return undefined;
  if ([...ctx.index.names].some((name) => leven(term, name) <= 2)) return undefined;
  return `no ${word} in the story`;
}
