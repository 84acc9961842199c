import { analyzeShort } from '../text.ts';
import type { Fact } from './entities.ts';
import type { Which } from './question.ts';
import { holdsTerm } from './retrieve.ts';

export { whichThing } from './question.ts';

/**
 * "What ship did you come on", "which school", "what kind of candy": the question asks which one of a
 * thing. A sentence tells it when it names one (a name the question does not already say: "on the
 * Ascania", "Holsteins, mostly") or speaks of the thing itself ("the ship was small" for "what ship";
 * for "what kind of", only with a word saying which kind before it: "sour candy", not "a candy factory").
 */
/** Things a question asks for by the role someone had (index terms). */
const ROLE_THINGS = new Set(['job', 'work', 'posit', 'trade', 'occup', 'career', 'profess', 'role']);
/** Whether a "what X" question asks for a role ("what job", "what was your father's work"). */
export function asksRole(which: Which | undefined): which is Which {
  return which !== undefined && ROLE_THINGS.has(which.term);
}

/** Whether a sentence tells someone's role ("he was a sponge diver", "I became a schoolteacher"). */
export function tellsRole(sentence: string): boolean {
  return ROLE_TOLD.test(sentence);
}

/**
 * A role said of a person: "my father was a sponge diver", "I was the cigarette girl", "he became a
 * teacher", "worked as a clerk" — not "that was the winter" (a time is not a role).
 */
const KIN_WORDS =
  'father|mother|dad|mum|mom|brother|sister|husband|wife|son|daughter|uncle|aunt|grandfather|grandmother|cousin|friend';
/** A noun for a person by what they do: a conductor, a diver, a typist, a milkman, the cigarette girl. */
const AGENT_NOUN = '(?:[a-z-]+\\s+){0,2}[a-z-]+(?:er|or|ist|ian|man|men|woman|girl|boy|maid|hand|keeper|lady)\\b';
/** Vehicles and places of work someone drives, runs or keeps as their job. */
const WORKPLACE =
  '(?:bus|buses|truck|trucks|lorry|tram|train|trains|taxi|cab|van|tractor|grader|crane|elevator|lift|shop|store|caf[eé]|bar|pub|restaurant|diner|bakery|farm|stall|kitchen|hotel|boarding house|laundry|garage|mill|school)';
const ROLE_TOLD = new RegExp(
  [
    // "my father was a sponge diver", "I was the cigarette girl", "Jock was a cook" (not "That was the winter")
    `\\b(?:[Ii]|[Hh]e|[Ss]he|[Ww]e|[Tt]hey|${KIN_WORDS}|(?!(?:That|This|It|There|Here|What|Which|Who|Where|When|Then)\\b)[A-Z][a-z]+)\\s+(?:was|were|is|had been)\\s+(?:(?:a|an)\\s+(?:[a-z-]+\\s+){0,2}[a-z-]+|the\\s+${AGENT_NOUN})`,
    // "I became a teacher", "worked as a clerk"
    '\\b(?:became|become|worked as|work as|trained as|job as|hired as|started as|got on as)\\s+(?:a|an|the)\\s+[a-z]',
    // "One old gentleman, a retired bus conductor called Mr. Pratt": a role said beside the person
    `,\\s+(?:a|an)\\s+${AGENT_NOUN}`,
    // "she worked at the telephone exchange", "worked in the pit": where someone worked is what they did
    '\\b(?:worked|works|working)\\s+(?:in|at|on|for)\\s+(?:the|a|an)\\s+[a-z]',
    // "my father, who sorted letters at the post office", "the man who sharpened the saws": a deed said of
    // someone in a relative clause, with its object, is what they did (not "who died", "who came later")
    '\\bwho\\s+(?!(?:lived|died|married|moved|came|wanted|loved|liked|looked|seemed|needed|used|called|named|married|started|stayed|visited|helped)\\b)[a-z]+ed\\s+(?:the|a|an|all)\\s+[a-z]',
    // "he drove the bus to Porth", "she ran a café", "kept a shop": the work told by the vehicle or place
    // someone drove, ran or kept (not "drove us to the coast")
    `\\b(?:drove|drives|drive|driving|ran|runs|run|running|kept|keeps)\\s+(?:the|a|an)\\s+(?:[a-z-]+\\s+){0,2}?${WORKPLACE}\\b`,
  ].join('|'),
);

/** A sentence that is only a role: "Section hand.", "Water boy.", "A conductor." */
const ROLE_FRAGMENT = new RegExp(
  `^(?:(?:a|an|the)\\s+)?${AGENT_NOUN.replace('[a-z-]+(?:er', '[a-z-]*(?:er')}[.!]?$`,
  'i',
);

/**
 * "What was your first job in the shed" / "I was a rouseabout. / Picking up the fleeces. / Lowest job in the
 * shed.": a sentence that answers a role question without telling the role (it speaks of the job) hands it
 * to the nearest sentence beside it that does ("…my father worked for the railway. / Section hand."), the
 * next one first; undefined when none within two does.
 */
export function roleBeside(texts: readonly string[], at: number, ofNarrator: boolean): number | undefined {
  for (const step of [1, -1, 2, -2]) {
    const i = at + step;
    if (i < 1 || i >= texts.length) continue;
    const text = texts[i]!.trim();
    if (ROLE_FRAGMENT.test(text)) return i;
    // The narrator's role is said in the first person ("I was a conductor"), anyone else's not.
    if (ROLE_TOLD.test(text) && OWN_ROLE.test(text) === ofNarrator) return i;
  }
  return undefined;
}

const OWN_ROLE = /\bI\s+(?:was|became|worked|had been|started|got on)\b/;

const termCache = new Map<string, string[]>();

/** The index terms of one word (cached: the same words recur in every question about a story). */
function wordTerms(word: string): string[] {
  let terms = termCache.get(word);
  if (!terms) {
    terms = analyzeShort(word).terms.map((t) => t.term);
    if (termCache.size > 20_000) termCache.clear();
    termCache.set(word, terms);
  }
  return terms;
}

/** Words that cannot be the object a verb names (prepositions, pronouns, connectives, adverbs of place). */
const NOT_OBJECT = new Set(
  'in at on to from for with by into of up down out off over about after before then there here and but so because it them him her me us you that this what when where who how which not'.split(
    ' ',
  ),
);

/** Whether the sentence says one of `verbs` followed by an object the question does not already hold. */
function objectOfVerb(sentence: string, verbs: readonly string[], asked: ReadonlySet<string>): boolean {
  const words = sentence.toLowerCase().match(LOWER_WORDS) ?? [];
  return words.some((w, i) => {
    if (
      !verbs.some((v) =>
        holdsTerm(
          analyzeShort(w).terms.map((t) => t.term),
          v,
        ),
      )
    )
      return false;
    let j = i + 1;
    while (j < words.length && ARTICLES.has(words[j]!)) j++;
    const object = words[j];
    return object !== undefined && !NOT_OBJECT.has(object) && !asked.has(object);
  });
}

const LOWER_WORDS = /[a-z][a-z'-]*/g;
const ARTICLES = new Set(['a', 'an', 'the', 'my', 'our', 'his', 'her', 'their', 'your', 'this', 'that', 'of', 'some']);

const WEEKDAY_OR_MONTH =
  /^(?:the\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december)\b/i;

/**
 * "What ship did you come on" / "we came to Canada on the Groote Beer": a name right after the question's
 * last preposition says which thing, without the sentence saying "ship" (so the question's other words are
 * what it must cover, as for a role).
 */
export function namesAfterStranded(sentence: string, facts: readonly Fact[], questionText: string): boolean {
  const stranded = /\b(on|in|at|to|from|with|for|by|into)\s*$/.exec(questionText)?.[1];
  if (!stranded) return false;
  return facts.some(
    (f) =>
      f.kind === 'name' &&
      !WEEKDAY_OR_MONTH.test(f.text) &&
      new RegExp(`\\b${stranded}\\s+(?:the\\s+)?$`, 'i').test(sentence.slice(0, f.start)),
  );
}

/** Whether `sentence` tells which one of the thing asked about. */
export function tellsWhich(
  sentence: string,
  sentenceTerms: readonly string[],
  facts: readonly Fact[],
  questionText: string,
  which: Which,
): boolean {
  const asked = new Set(questionText.match(LOWER_WORDS) ?? []);
  // "What ship did you come on" → "on the Ascania": a question ending on a preposition asks for its object.
  // A name after another preposition is where something happened ("in Chicago"), not which thing it was.
  const stranded = /\b(on|in|at|to|from|with|for|by|into)\s*$/.exec(questionText)?.[1];
  // A person's name does not say what job someone had ("Truus shared her wheat" for "what was Corrie's job").
  const role = ROLE_THINGS.has(which.term);
  // "what kind of truck" / "he put us in the truck and drove to Lake Charles": a sentence that says the thing
  // bare tells its kind only by a word at it ("the Ford truck"), not by a name elsewhere.
  const saysThingItself = which.kind && holdsTerm(sentenceTerms, which.term);
  const named =
    !saysThingItself &&
    facts.some((f) => {
      if (f.kind !== 'name' || (f.text.toLowerCase().match(LOWER_WORDS) ?? []).some((w) => asked.has(w))) return false;
      if (role && facts.some((p) => p.kind === 'person' && p.start === f.start)) return false;
      const preposition = /\b(in|at|from|to|on|near|into|off|by|with|for)\s+(?:the\s+)?$/i.exec(
        sentence.slice(0, f.start),
      );
      return !preposition || preposition[1]!.toLowerCase() === stranded;
    });
  if (named) return true;
  // "what job / what position": a role told as "became a schoolteacher", "was the best shortstop".
  if (ROLE_THINGS.has(which.term) && ROLE_TOLD.test(sentence)) return true;
  // "what flowers did she grow" → "she grew morning glories": the question's verb with a new object.
  if (which.verbs.length && objectOfVerb(sentence, which.verbs, asked)) return true;
  if (!holdsTerm(sentenceTerms, which.term)) return false;
  if (!which.kind) return true;
  // "what kind of candy": a word before the thing that says which kind, not only "a candy factory".
  const words = sentence.toLowerCase().match(LOWER_WORDS) ?? [];
  return words.some((w, i) => {
    const t = wordTerms(w)[0];
    if (t !== which.term && !holdsTerm([t ?? ''], which.term)) return false;
    const before = words[i - 1];
    return before !== undefined && !ARTICLES.has(before) && !asked.has(before);
  });
}

/**
 * Whether a sentence says what a thing the question names is: "the USS Hale, a destroyer" or "the Hale was
 * a destroyer" for "what kind of ship was the Hale" (a name the question holds, capitalised in the
 * sentence, then an apposition or "was a/an").
 */
export function describesNamed(sentence: string, questionText: string): boolean {
  for (const word of new Set(questionText.match(LOWER_WORDS) ?? [])) {
    if (word.length < 3 || NOT_OBJECT.has(word)) continue;
    for (const m of sentence.matchAll(new RegExp(`\\b${word.replace(/[^a-z'-]/g, '')}\\b`, 'gi'))) {
      if (!/^[A-Z]/.test(m[0])) continue;
      const after = sentence.slice(m.index! + m[0].length);
      if (/^(?:\s+[A-Z][\w'-]*)*(?:,\s+|\s+(?:was|is)\s+)(?:a|an)\s+[a-z]/.test(after)) return true;
    }
  }
  return false;
}
