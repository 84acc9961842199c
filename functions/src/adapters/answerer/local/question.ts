import { analyzeShort } from '../text.ts';
import type { FactKind } from './entities.ts';
import type { NarratorSex } from './narrator.ts';
import { KINSHIP_GROUPS, SHORTHAND } from './question-words.ts';

/**
 * The normalize stage: the question as the story would say it. Typing shortcuts and contractions without
 * apostrophes are spelled out ("u" → you, "didnt" → did not), a possessive typed without its apostrophe
 * finds the story's word ("kowalskis" → kowalski), and the listener's kinship word for the narrator
 * ("grandma", "nonno", "pop", "yiayia") becomes "you" unless the story itself calls someone else by it
 * ("your grandfather", "your nan"). Then the kind of answer wanted is read from the question's opening.
 */

/** What kind of answer the question wants (`any`: a yes/no, what or how question answered by a statement). */
export type Want = Exclude<FactKind, 'date' | 'person' | 'place'> | 'when' | 'who' | 'where' | 'any';

export interface NormalizedQuestion {
  /** Lower case, spelled out, kinship word for the narrator replaced. */
  text: string;
  want: Want;
  /** Whether the question asks yes or no ("did you…", "was it…"). */
  yesNo: boolean;
  /** The kinship word taken to mean the narrator, if any. */
  narratorWord?: string;
  /** "What ship…", "what kind of candy…": the thing asked which one of (`which.ts`). */
  which?: Which;
}

const WANTS: Array<[RegExp, Want]> = [
  // "how much older was Vera" / "four years older than me": a difference in age is a span of years.
  [/\bhow much (?:older|younger)\b/, 'duration'],
  [/\b(what|which) colou?r\b/, 'colour'],
  [
    /\bhow much\b.*\b(cost|costs|pay|paid|money|price|charge|charged|rent|spend|spent|worth|earn|earned|make|made|get|got|sell|sold|buy|bought|save|saved|give|gave|owe|salary|wage|wages|win|won|lose|lost|bet)\b/,
    'money',
  ],
  [/\b(what|how much) (was|were|is) (the |your |his |her |a )?(pay|salary|wage|wages|price|cost|rent|fare)\b/, 'money'],
  [/\bhow (old|young)\b|\bwhat age\b|\b(until|till|to) what age\b|\bat what age\b/, 'age'],
  [
    // "how long was the crack": the length of a thing; "how long was the trip" is a span of time.
    /^how long (?:was|were|is|are) (?:the |your |his |her |their |that )(?!(?:trip|journey|ride|drive|flight|bus|train|tram|ferry|commute|voyage|crossing|walk|war|strike|course|wait|visit|stay|shift|day|night|week|winter|summer|season|holiday|vacation|marriage|wedding|honeymoon|funeral|service|party|meeting|lesson|class|training|apprenticeship|time|delay|layover|journey|siege|blockade|occupation|curfew|drought|flood|storm|eruption|blackout|school day|term|semester|sentence|engagement|courtship|labou?r|illness|quarantine)s?\b)[a-z]+(?: (?!(?:away|there|gone|out|in|up|down|home|open|closed|married|alive|together|apart|here|for)\b)[a-z]+)?(?: (?:in|on|of|at|across|along|by|to|from|through) (?:the |a |an |our |your |their )?[a-z]+)?$/,
    'measure',
  ],
  [/\bhow long\b|\bfor how long\b|\bhow many (years|months|weeks|days|hours|minutes|summers|seasons)\b/, 'duration'],
  [/\bhow (big|far|tall|deep|high|heavy|wide|hot|cold|fast|large|small|warm|close|low)\b/, 'measure'],
  [/\bhow (many|much)\b/, 'count'],
  [/\b(what|which) year\b|\bwhat decade\b/, 'year'],
  [/\bwhat time\b|\bwhat hours?\b/, 'time'],
  [
    /^(when|since when|until when|(what|which) (day|date|month|season|night|evening|weekend|week)s?|on what day)\b/,
    'when',
  ],
  // "so when did you leave", "and you left when": when asks when, unless another question word opens the
  // question ("who looked after you when you were sick": "when" opens a clause of it).
  [/^(?!(?:what|who|whom|whose|where|why|how|which)\b).*\bwhen\b/, 'when'],
  [
    // Not "why is she called Pinky": a why-question asks the reason for the name.
    /^(?!(?:why|how come)\b)(?:.*\bwhat (was|is|were) (the |your |his |her |their )?[\w' -]*?\b(called|named)\b|.*\b(name|names)\b|.*\bcalled\b)/,
    'name',
  ],
  // "where did the man who sold you the farm live": "who" opens a clause of a where-question.
  [/^(who|whom|whose)\b|^(?!(?:what|when|where|why|how|which)\b).*\bwho\b/, 'who'],
  [/^(where|from where)\b|^(?!(?:what|who|whom|whose|when|why|how|which)\b).*\bwhere\b/, 'where'],
  [/^(why|how come)\b|\bwhat for\b/, 'reason'],
];

/** Words that say what kind of answer is wanted, not what it is about (the type match covers them). */
export const FRAME_WORDS = new Set(
  'color colour name names named call called happen happened kind sort type thing things much many year years time really ever exactly get got like tell age when where who why what which how real full maiden christian'.split(
    ' ',
  ),
);

/**
 * Words that frame the question only right after "how" ("how old", "how close"); elsewhere they say what it
 * is about ("when did the club close", "where was the old school").
 */
export const HOW_FRAME_WORDS = new Set(
  'old young long big far tall deep high heavy wide hot cold fast large small warm close low'.split(' '),
);

function kinshipGroup(word: string): string[] | undefined {
  return KINSHIP_GROUPS.find((group) => group.includes(word));
}

/**
 * "great grandma", "great-grandpa", "great uncle Sam": the listener's word for the narrator is a
 * grandparent's ("grandma"), so the great-grandparents are the narrator's own parents (a great-uncle her
 * brother). Only a story that speaks of its listeners as great-grandchildren ("my great-grandchildren") is told
 * by a great-grandparent, whose word it then is.
 */
function greatKin(text: string, storyWords: ReadonlySet<string>): string {
  const toldByGreat = [...storyWords].some((w) =>
    /^great-grand(?:child|children|son|sons|daughter|daughters|kids?)$/.test(w),
  );
  if (toldByGreat) return text;
  return text.replace(/\bgreat[\s-]+([a-z]+?)('s|s)?\b/g, (whole, word: string, possessive?: string) => {
    const group = kinshipGroup(word);
    const said = group === KINSHIP_GROUPS[0] ? 'mother' : group === KINSHIP_GROUPS[1] ? 'father' : GREAT_SIBLING[word];
    return said ? `your ${said}${possessive ? "'s" : ''}` : whole;
  });
}

const GREAT_SIBLING: Record<string, string> = { uncle: 'brother', aunt: 'sister', auntie: 'sister' };

/**
 * "paw paw", "maw maw's", "pop pop", "grand ma": a kinship word typed as two (joined when together they are
 * one and the story does not use the first on its own: "dada ji" of a story that says "your dada" stays).
 */
function joinKin(storyWords: ReadonlySet<string>) {
  return (out: string[], word: string): string[] => {
    const before = out[out.length - 1];
    // "ah kong" of a story with "Ah Huat" in it is joined; "dada ji" of a story that says both words stays.
    if (before !== undefined && (!storyWords.has(before) || !storyWords.has(word.replace(/'s$|s$/, '')))) {
      const joined = `${before}${word}`;
      const bare = joined.replace(/'s$|s$/, '');
      if (kinshipGroup(joined) || kinshipGroup(bare) || kinshipGroup(`${before}-${word}`)) {
        out[out.length - 1] = kinshipGroup(`${before}-${word}`) && !kinshipGroup(joined) ? `${before}-${word}` : joined;
        return out;
      }
    }
    out.push(word);
    return out;
  };
}

/**
 * Normalises `question` against the story's own words (`storyWords`: every lower-case word of the story).
 */
/** Words after a grandparent's name that show it is the subject, not an owner ("did grams ever…"). */
const NOT_A_NOUN =
  /^(?:did|does|do|was|were|is|are|has|have|had|ever|never|still|always|get|got|go|went|come|came|say|said|live|lived|work|worked|meet|met|and|or|when|where|in|on|at|to|from|with|for|like|think|know|make|made|take|took|use|used|grow|grew|born|marry|married)$/;

export function normalizeQuestion(
  question: string,
  storyWords: ReadonlySet<string>,
  otherKin: ReadonlySet<string> = storyWords,
  narratorSex?: NarratorSex,
): NormalizedQuestion {
  let narratorWord: string | undefined;
  const words = greatKin(
    question
      .toLowerCase()
      // "mémé", "avô": accents typed or not, the same word.
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .replace(/[‘’]/g, "'"),
    storyWords,
  )
    .replace(/[^a-z0-9'\s-]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .reduce(joinKin(storyWords), [])
    .flatMap((raw, at, all) => {
      const word = raw.replace(/^'+|'+$/g, '');
      const spelled = SHORTHAND[word];
      if (spelled) return spelled.split(' ');
      // "grandmas job": a possessive typed without its apostrophe is still the kinship word.
      const bare = word.replace(/'s$/, '');
      const plain =
        !kinshipGroup(bare) && /s$/.test(bare) && kinshipGroup(bare.slice(0, -1)) ? bare.slice(0, -1) : bare;
      // "grams pet lamb": a name ending in s ("grams", "gramps"), then a noun, is typed as "gram's".
      const nextWord = all[at + 1];
      const possessive =
        word.endsWith("'s") ||
        plain !== bare ||
        (/s$/.test(bare) &&
          nextWord !== undefined &&
          kinshipGroup(bare.slice(0, -1)) !== undefined &&
          !NOT_A_NOUN.test(nextWord));
      const group = kinshipGroup(plain);
      if (group) {
        // The story calls someone else by this word ("your grandfather", "nana ji"): keep it, as the story
        // says it ("grandpa" of a story that says "your opa" is "opa").
        const storyWord = group.find((w) => otherKin.has(w));
        if (storyWord) return [otherKin.has(plain) ? plain : storyWord];
        // "What did grandpa do" of a story grandma tells: her husband (the word for her is the other group).
        const spouse =
          group === KINSHIP_GROUPS[1] && narratorSex === 'female'
            ? 'husband'
            : group === KINSHIP_GROUPS[0] && narratorSex === 'male'
              ? 'wife'
              : undefined;
        if (spouse) return ['your', possessive ? `${spouse}'s` : spouse];
        narratorWord = plain;
        return [possessive ? 'your' : 'you'];
      }
      // "kowalskis", "pilots": a possessive typed without its apostrophe, when the story has the word.
      if (!storyWords.has(word) && word.length > 3 && word.endsWith('s') && storyWords.has(word.slice(0, -1)))
        return [word.slice(0, -1)];
      return [word];
    });
  // "what time did you get up": "get" frames most questions, so the phrase is read as the verb it means.
  // "…do for a living": asks for work, not about living somewhere.
  const text = words
    .join(' ')
    .replace(/\b(?:get|got|getting) up\b/g, 'wake up')
    .replace(/\bfor a living\b/g, 'for work')
    // "when did he pass away": the idiom means dying; read as its parts it asks about passing something.
    .replace(/\b(?:pass|passed|passes|passing) (?:away|on)\b/g, (m) => (m.startsWith('passing') ? 'dying' : 'die'))
    // "where are you from (originally)": where the narrator came from ("I come up from Eufaula, Alabama").
    .replace(/^where (?:are|is|was|were) you from(?: originally)?$/, 'where did you come from')
    // "where did you grow up": where the narrator was raised (not "what did Joe do when he grew up").
    .replace(/^(where\b.*?)\b(?:grow|grew|growing) up\b/, '$1raised')
    // "first name": the name a person is called by, not a first of anything.
    .replace(/\b(?:first|given|christian) name\b/g, 'name');
  const want = WANTS.find(([pattern]) => pattern.test(text))?.[1] ?? 'any';
  const yesNo =
    want === 'any' && /^(did|do|does|was|were|is|are|have|has|had|could|can|would|will|should)\b/.test(text);
  const which = want === 'any' && !yesNo ? whichThing(text) : undefined;
  return { text, want, yesNo, narratorWord, which };
}

/**
 * "What ship did you come on", "which school", "what kind of candy": the question asks which one of a
 * thing (`which.ts` tells whether a sentence says which).
 */
export interface Which {
  /** The thing's index term (stem). */
  term: string;
  /** "what kind/sort/type of …": the thing must be qualified, not only mentioned. */
  kind: boolean;
  /** The question's verbs ("what flowers did she grow": grow), whose object may name the thing. */
  verbs: string[];
}

const KIND_OF = /^(?:what|which)\s+(?:kind|sort|type|kinds|sorts|types)\s+of\s+([a-z][a-z'-]*)/;
const WHAT_NOUN = /^(?:what|which)\s+([a-z][a-z'-]*)\s+(?:did|do|does|was|were|is|are|had|has|could|would)\b/;
/**
 * "What was your father's job", "what was your first job in the shed": a question about a role, which the
 * story tells as "he was a sponge diver" without the word "job".
 */
const WHAT_ROLE =
  /^(?:what|which)\s+(?:was|is|were|are)\s+(?:[a-z'-]+\s+){1,3}?(job|jobs|work|occupation|trade|profession|career|position|role)(?:\s+(?:in|at|on|for|with|after|before|when|while|during|back)\b.*)?$/;

/** The thing a "what/which X" question asks which one of (not a frame word such as time or colour). */
export function whichThing(questionText: string): Which | undefined {
  // "what did grandpa do for a living": the same as "what was his job".
  if (/^what\s+(?:did|does|do)\s+.+\s+do\s+(?:for\s+a\s+living|for\s+work|for\s+a\s+job)\b/.test(questionText)) {
    const job = analyzeShort('job').terms[0];
    if (job) return { term: job.term, kind: false, verbs: [] };
  }
  const kindOf = KIND_OF.exec(questionText);
  const match = kindOf ?? WHAT_NOUN.exec(questionText) ?? WHAT_ROLE.exec(questionText);
  const word = match?.[1];
  if (!word || FRAME_WORDS.has(word)) return undefined;
  const term = analyzeShort(word).terms[0];
  if (!term || (term.pos !== 'NOUN' && term.pos !== 'PROPN')) return undefined;
  const verbs = analyzeShort(questionText)
    .terms.filter((t) => t.pos === 'VERB')
    .map((t) => t.term);
  return { term: term.term, kind: Boolean(kindOf), verbs };
}
