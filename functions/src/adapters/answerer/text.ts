import model from 'wink-eng-lite-web-model';
import winkNLP, { type ItsFunction } from 'wink-nlp';
import { findNumbers } from './local/numbers.ts';

/**
 * Sentence splitting, parts of speech and lemmas with wink-nlp's English lite model, loaded once per
 * process (~170 ms cold: import + model init; docs/interactive.md).
 */
const nlp = winkNLP(model);
const its = nlp.its;
// wink's type declarations give the lemma and stem helpers a signature `out()` does not accept.
const lemmaOf = its.lemma as unknown as ItsFunction<string>;
const stemIts = its.stem as unknown as ItsFunction<string>;

export interface TokenInfo {
  value: string;
  lemma: string;
  pos: string;
  type: string;
  stop: boolean;
  stem: string;
}

export interface Term {
  term: string;
  pos: string;
}

type WinkTokens = ReturnType<ReturnType<typeof nlp.readDoc>['tokens']>;

function readTokens(tokens: WinkTokens): TokenInfo[] {
  const values = tokens.out(its.value) as string[];
  const lemmas = tokens.out(lemmaOf) as string[];
  const types = tokens.out(its.type) as string[];
  const stop = tokens.out(its.stopWordFlag) as boolean[];
  const pos = tokens.out(its.pos) as string[];
  const stems = tokens.out(stemIts) as string[];
  return values
    .map((value, i) => ({
      value,
      lemma: (lemmas[i] ?? value).toLowerCase(),
      pos: pos[i] ?? 'X',
      type: types[i] ?? 'word',
      stop: stop[i] ?? false,
      stem: (stems[i] ?? value).toLowerCase(),
    }))
    .filter((t) => t.type !== 'tabCRLF' && t.pos !== 'SPACE' && t.value.trim() !== '');
}

/** Sentences come from the model-free splitter (sentences.ts), so every route numbers them the same way. */
export { splitSentences } from './sentences.ts';

/**
 * "my father's," → "my father 's,": wink-nlp keeps a word with a clitic whole when punctuation follows it,
 * adds it to its lexicon as a new word, and from then on keeps that word whole everywhere — so its tokens (and
 * the answers) would depend on which stories a container read before. Split before wink sees the text, as it
 * splits the clitic itself otherwise. Token values stay in the text's order (callers find them with indexOf).
 */
function splitClitics(text: string): string {
  return text.replace(/(\p{L})(['’](?:s|re|ll|ve|d|m)|n['’]t)(?=[^\p{L}]|$)/giu, '$1 $2');
}

/** Tokens and index terms of a short text (a question, or one sentence). */
export function analyzeShort(text: string): { terms: Term[]; tokens: TokenInfo[] } {
  const tokens = readTokens(nlp.readDoc(splitClitics(text)).tokens());
  return { terms: [...indexTerms(tokens), ...numberTerms(text)], tokens };
}

const tokenCache = new Map<string, TokenInfo[]>();

/**
 * A sentence's tokens, kept: the answerer's later stages read the same story sentences again for every
 * question (one cache for all of them; bounded, cleared when full). Callers must not change the array.
 */
export function tokensOf(text: string): readonly TokenInfo[] {
  let tokens = tokenCache.get(text);
  if (!tokens) {
    tokens = analyzeShort(text).tokens;
    if (tokenCache.size > 2_000) tokenCache.clear();
    tokenCache.set(text, tokens);
  }
  return tokens;
}

const NUMBER_WORD =
  /^(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|\d[\d,.]*(?:st|nd|rd|th)?)$/;

/** Whether a lemma is a cardinal number, said or written (indexed by its value instead: `numberTerms`). */
const isCardinal = (lemma: string) => lemma.split('-').every((part) => NUMBER_WORD.test(part));

/**
 * Numbers indexed by value, however they are written: "59" in a question finds "fifty-nine" in the story,
 * and a year of the 1900s also by its last two digits ("the winter of '59", "in fifty-nine", "1959").
 * Ordinals ("my first job") stay words.
 */
function numberTerms(text: string): Term[] {
  const out: Term[] = [];
  for (const n of findNumbers(text)) {
    if (n.ordinal) continue;
    out.push({ term: `n${n.value}`, pos: 'NUM' });
    if (n.value >= 1900 && n.value <= 1999) out.push({ term: `n${n.value % 100}`, pos: 'NUM' });
  }
  return out;
}

/** Words a listener says for what a family story writes otherwise (applied to question and story alike). */
const SYNONYMS: Record<string, string> = {
  grandpa: 'grandfather',
  granddad: 'grandfather',
  grandad: 'grandfather',
  grandma: 'grandmother',
  granny: 'grandmother',
  nana: 'grandmother',
  nonna: 'grandmother',
  dad: 'father',
  daddy: 'father',
  papa: 'father',
  mom: 'mother',
  mum: 'mother',
  mommy: 'mother',
  mama: 'mother',
  bike: 'bicycle',
  boat: 'ship',
  job: 'work',
  electricity: 'power',
  kid: 'child',
  children: 'child',
  auntie: 'aunt',
  dr: 'doctor',
  wed: 'marry',
  wedding: 'marry',
  married: 'marry',
};

/** The synonym of a word, if any (own keys only: "constructor" in a story is a word, not Object's). */
export const synonymOf = (word: string): string | undefined =>
  Object.hasOwn(SYNONYMS, word) ? SYNONYMS[word] : undefined;

/**
 * Words wink's stop list holds that still say what a question is about: the verb of "did you keep
 * anything", "why did you give up", "what did you take", the order of "after the farm", "your first job",
 * and numbers said in words ("did you ever do two hundred"). Without them such a question matches only its
 * topic word, which every sentence of the story shares.
 */
export const CONTENT_STOP_WORDS = new Set(
  'keep take give make become see move use front first last after before back one two three four five six seven eight nine ten eleven twelve twenty thirty forty fifty hundred thousand'.split(
    ' ',
  ),
);

const stemCache = new Map<string, string>();

/** Porter stem of a lemma (wink's stemmer, cached: the same words recur across a story). */
function stemOf(lemma: string): string {
  let stem = stemCache.get(lemma);
  if (stem === undefined) {
    stem = (nlp.readDoc(lemma).tokens().out(stemIts) as string[])[0] ?? lemma;
    if (stemCache.size > 20_000) stemCache.clear();
    stemCache.set(lemma, stem);
  }
  return stem;
}

/**
 * The index term of a dictionary headword, as `indexTerms` would make it of that word in a story (the
 * lexicon's build keys its entries so: functions/scripts/build-lexicon.ts); undefined for a stop word.
 */
export function lemmaTerm(lemma: string): string | undefined {
  const word = lemma.toLowerCase();
  const stop = (nlp.readDoc(word).tokens().out(its.stopWordFlag) as boolean[])[0];
  if (stop && !CONTENT_STOP_WORDS.has(word)) return undefined;
  return stemOf(synonymOf(word) ?? word) || word;
}

function indexTerms(tokens: TokenInfo[]): Term[] {
  const out: Term[] = [];
  tokens.forEach((token, k) => {
    if (token.type !== 'word' && token.type !== 'number') return;
    // "the mine", "a mine": a stop word the tagger reads as a noun after an article is a thing (the pit, not
    // "mine" the pronoun), and is kept.
    const thing = token.pos === 'NOUN' && /^(?:the|a|an)$/i.test(tokens[k - 1]?.value ?? '');
    if (token.stop && !CONTENT_STOP_WORDS.has(token.lemma) && !thing) return;
    const lemma = token.lemma.replace(/[.']/g, '');
    if (!lemma || lemma.length < 2 || isCardinal(token.value.toLowerCase())) return;
    // The lemma maps listeners' words onto the story's; the stem then joins "owner" and "own".
    // "mamá", "papá": a family word written with its accent is the same word.
    const synonym = synonymOf(lemma) ?? synonymOf(lemma.normalize('NFD').replace(/\p{M}/gu, ''));
    out.push({ term: stemOf(synonym ?? lemma) || lemma, pos: token.pos });
    // Hyphenated numbers and names ("twenty-three", "great-grandfather") also count by their parts.
    if (lemma.includes('-')) {
      for (const part of lemma.split('-'))
        if (part.length > 1) out.push({ term: stemOf(synonymOf(part) ?? part), pos: token.pos });
    }
  });
  return out;
}
