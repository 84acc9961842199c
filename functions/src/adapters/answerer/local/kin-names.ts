import { analyzeShort } from '../text.ts';
import { KIN_TERMS } from './referents.ts';
import type { StoryIndex } from './retrieve.ts';

/**
 * The names a story gives its family ("my brother Gene", "your grandpa Lionel", "Dai, my youngest
 * brother"): a question about one of the family ("when did you and grandpa get married") is answered by a
 * sentence that calls him by his name ("Lionel and me married in fifty-nine"), as by one saying "grandpa".
 */

const KIN_WORD =
  '(father|mother|dad|daddy|papa|mum|mom|mam|mama|brother|sister|husband|wife|son|daughter|uncle|aunt|auntie|cousin|grandfather|grandmother|grandpa|grandma|granddad|grandad|granny|nana)';
const OWNER =
  '(?:my|your|our|his|her|their)\\s+(?:(?:little|older|younger|big|baby|late|eldest|oldest|youngest|first|second|third|elder|kid|twin)\\s+)*';
const KIN_THEN_NAME = new RegExp(`\\b${OWNER}${KIN_WORD},?\\s+([A-Z][\\p{L}'-]+)`, 'giu');
const NAME_THEN_KIN = new RegExp(`\\b([A-Z][\\p{L}'-]+),\\s+${OWNER}${KIN_WORD}\\b`, 'giu');

/**
 * "I had two brothers, Jamasie and Jaiku", "my sisters Rosa, Lina and Pia": kin named in a list after the plural
 * ("Jamasie was the oldest of us" then speaks of a brother).
 */
const KIN_LIST =
  /\b(?:(?:[Mm]y|[Oo]ur|[Hh]is|[Hh]er|[Tt]heir)\s+|(?:[Tt]wo|[Tt]hree|four|five|six|seven|eight|nine|ten|\d+)\s+)(?:(?:little|older|younger|big|baby|elder|twin)\s+)*(brothers|sisters|sons|daughters|uncles|aunts|aunties|cousins)[,:]?\s+((?:[A-Z][\p{L}'-]+,?\s+)*(?:and\s+)?[A-Z][\p{L}'-]+)/gu;

const termOf = (word: string) => analyzeShort(word).terms[0]?.term;

const cache = new WeakMap<StoryIndex, Map<string, Set<string>>>();

/** Kin term (index stem) → the index terms of the names the story gives that kin. */
export function kinNames(index: StoryIndex): Map<string, Set<string>> {
  let out = cache.get(index);
  if (out) return out;
  out = new Map();
  const add = (kinWord: string, name: string) => {
    const kin = termOf(kinWord.toLowerCase());
    const term = termOf(name.toLowerCase());
    // Only a name the story writes as one (capitalised inside sentences), not "my mother Said…".
    if (!kin || !KIN_TERMS.has(kin) || !term || !index.names.has(term)) return;
    if (!out!.has(kin)) out!.set(kin, new Set());
    out!.get(kin)!.add(term);
  };
  for (const text of index.texts.slice(1)) {
    for (const m of text.matchAll(KIN_THEN_NAME)) add(m[1]!, m[2]!);
    for (const m of text.matchAll(NAME_THEN_KIN)) add(m[2]!, m[1]!);
    // The plural's stem is the kin's ("brothers", "aunties": brother, aunt).
    for (const m of text.matchAll(KIN_LIST))
      for (const name of m[2]!.split(/,\s*(?:and\s+)?|\s+and\s+/)) add(m[1]!, name.trim());
  }
  cache.set(index, out);
  return out;
}

/**
 * Kin words a question pairs with a name ("uncle paul", "grandpa tom"): the name says who is meant, and
 * the story may call him otherwise ("my son Paul" is the listener's uncle).
 */
export function namedKin(questionText: string, index: StoryIndex): Set<string> {
  const out = new Set<string>();
  for (const m of questionText.matchAll(/\b([a-z]+)\s+(?=([a-z][a-z'-]+))/g)) {
    const kin = termOf(m[1]!);
    const name = termOf(m[2]!.replace(/'s$/, ''));
    if (kin && KIN_TERMS.has(kin) && name && index.names.has(name)) out.add(kin);
  }
  return out;
}

/**
 * Kin terms a question asks about together with the narrator ("when did you and grandpa get married",
 * "where did you and grandma live", "when did you meet grandma": a thing two do together): such a kin is spoken of by a sentence in the narrator's "we" ("We were
 * married in Brisbane in 1950"). Not by one in "I" ("Walter and I married": whether Walter is grandpa the
 * story must say).
 */
export function kinWithNarrator(questionText: string): Set<string> {
  const out = new Set<string>();
  for (const m of questionText.matchAll(
    /\byou and (?:your )?([a-z]+)\b|\b([a-z]+) and you\b|\byou (?:marry|meet|wed|court|date) (?:your )?([a-z]+)\b/g,
  )) {
    const kin = termOf(m[1] ?? m[2] ?? m[3]!);
    if (kin && KIN_TERMS.has(kin)) out.add(kin);
  }
  return out;
}

/** The narrator's "we", which speaks of the kin asked about with them (`kinWithNarrator`). */
export const WE = /\b(?:we|us|our)\b/i;
