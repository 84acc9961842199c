import leven from 'leven';
import { type AnswerRequest, DETAILS_SENTENCE_ID, detailsSentence, type StorySentence } from '../port.ts';
import { analyzeShort, type Term } from '../text.ts';
import { type Fact, factsIn } from './entities.ts';
import { isKindOf, isMakeOf, kindsOf, relatedTerms } from './lexicon/lexicon.ts';
import { FRAME_WORDS, HOW_FRAME_WORDS, type NormalizedQuestion } from './question.ts';
import { carriedTerms, KIN_TERMS } from './referents.ts';
import { withContext } from './type-match.ts';

/**
 * The retrieve stage: every sentence (and the story details, sentence 0) ranked against the question by
 * BM25 over lemma stems, with the share of the question's weight each matches ("coverage"). Words the
 * listener uses for what the story says otherwise count through the lexicon (WordNet's synonyms and derived
 * forms, `lexicon/`), a short list of associations WordNet lacks, and the word-family rule (`derived`).
 */
export const retrieveTuning = {
  k1: 1.2,
  b: 0.75,
  /** Weight, in the coverage denominator, of a question verb/adjective the story never uses. */
  absentVerbWeight: 0.5,
  /** A related word (synonym, derived form) counts this much of the question word it stands for. */
  relatedWeight: 0.7,
  /**
   * A kind of the thing the question names ("cello" for "instrument") counts this much of it: less than a
   * synonym, since "did he play an instrument" is not answered by every mention of a cello.
   */
  kindWeight: 0.35,
  /** Weight, in the coverage denominator, of a question noun the story never uses. */
  absentNounWeight: 1,
};

/**
 * Words of family stories that answer a listener's word without repeating it (question word → story words),
 * where the lexicon (WordNet: synonyms, derived forms, what a deed causes) lacks the pair. WordNet relates
 * words by sense; these are associations of a situation instead — what goes with eating, cost, cold, a trip
 * or a job ("eat" / supper, "cost" / dollars, "cold" / winter, "far" / miles), a phrasal verb or idiom the
 * index reads as its parts ("get up" for wake, "pass" for die, "gave up" for quit), and a few senses WordNet
 * files as rare (ship / steamer, police / cop). Pairs WordNet gives were removed from here.
 */
const RELATED_WORDS: Record<string, string> = {
  eat: 'food soup dinner supper breakfast lunch meal bread ate cook snap',
  food: 'eat ate cook meal',
  cook: 'cooked stove food',
  drink: 'coffee tea milk beer wine water',
  own: 'owner belong have',
  favorite: 'love best',
  survive: 'live lived save saved rescue',
  hurt: 'break broke crash injure fall cast hospital burn burned wound bleed',
  injure: 'break broke crash hurt fall cast hospital',
  die: 'pass passed lost',
  kill: 'death',
  leave: 'left move moved sail sailed flew',
  trip: 'voyage crossing journey drive ride',
  journey: 'voyage trip crossing drive',
  travel: 'voyage trip journey went',
  keep: 'still have save kept',
  sell: 'sale sold',
  live: 'home apartment house rent room lived stay stayed board boarded',
  stay: 'live lived board boarded',
  meet: 'met first saw',
  marry: 'wedding married wed',
  care: 'hold help nurse look',
  sad: 'cry upset miss',
  happy: 'laugh smile',
  afraid: 'scared terrified fear worried',
  scared: 'afraid terrified worried',
  gift: 'bought present',
  start: 'open first',
  begin: 'first',
  open: 'start begin',
  job: 'work worked',
  work: 'job worked',
  learn: 'school',
  school: 'college class',
  study: 'school college train trained',
  money: 'pay paid dollar dollars pound shilling saved',
  salary: 'pay paid',
  earn: 'pay paid make made',
  house: 'home',
  home: 'house',
  ship: 'boat steamer vessel',
  boat: 'ship steamer',
  car: 'truck',
  police: 'cop policeman patrolman',
  cop: 'police policeman',
  child: 'kid son daughter baby',
  baby: 'child born',
  born: 'birth baby',
  pig: 'hog',
  cow: 'heifer herd',
  cattle: 'herd',
  electricity: 'electric power current light',
  light: 'electric lamp',
  power: 'current',
  wake: 'woke get rise',
  sign: 'enlist join',
  join: 'enlist sign',
  enlist: 'join sign',
  sick: 'seasick',
  rob: 'took stole pirate',
  steal: 'took stole',
  fight: 'war',
  army: 'navy soldier',
  quit: 'left gave',
  stop: 'left gave ended',
  retire: 'retired quit',
  name: 'named called',
  call: 'named called',
  roommate: 'room share shared',
  brother: 'kid kids sibling',
  sister: 'kid kids sibling',
  cost: 'dollars paid price pay',
  reopen: 'open opened',
  friend: 'pal',
  arrive: 'came landed got',
  come: 'came arrive arrived sail sailed emigrate',
  land: 'landed arrive',
  protect: 'stood guard save',
  hot: 'degrees summer',
  cold: 'winter below freezing degrees snow frost',
  far: 'miles away',
  // "what street was the store on" / "on Vermont Avenue": a street is told by its kind of name.
  street: 'avenue road lane boulevard calle drive',
  road: 'street avenue lane',
  // "where did you grow up", "where are you from originally": where the narrator was born or raised.
  raise: 'born grew',
  origin: 'born',
  fly: 'flew plane airport flight',
};

function stemmed(word: string): string {
  return analyzeShort(word).terms[0]?.term ?? word;
}

const RELATED = new Map<string, string[]>(
  Object.entries(RELATED_WORDS).map(([word, related]) => [stemmed(word), related.split(' ').map((r) => stemmed(r))]),
);

const AGENT = /^(?:e?r|or|ar|ist|ian)$/;

/**
 * Word families the stemmer leaves apart (derivational morphology): a doer and the deed ("driver" / drive,
 * "teacher" / teach, "sailor" / sail) and two forms of one word sharing a long stem ("marriag" / "marri").
 */
export function derived(a: string, b: string): boolean {
  if (a === b || /^n\d/.test(a) || /^n\d/.test(b)) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (short.length >= 3 && long.startsWith(short) && AGENT.test(long.slice(short.length))) return true;
  if (short.endsWith('e') && long.startsWith(short.slice(0, -1)) && AGENT.test(long.slice(short.length - 1)))
    return true;
  let common = 0;
  while (common < short.length && short[common] === long[common]) common++;
  return common >= 6 && long.length - common <= 3 && short.length - common <= 2;
}

/** Whether `terms` hold the question term `term`: itself, a word related to it, or one of its family. */
export function holdsTerm(terms: ReadonlySet<string> | readonly string[], term: string): boolean {
  const has = (t: string) => ('has' in terms ? terms.has(t) : terms.includes(t));
  if (has(term) || RELATED.get(term)?.some(has) || relatedTerms(term).some(has)) return true;
  for (const t of terms) if (derived(t, term) || isKindOf(t, term)) return true;
  return false;
}

const isNoun = (pos: string) => pos === 'NOUN' || pos === 'PROPN' || pos === 'NUM';

/**
 * The sentence term standing for an absent question term, and how much it counts: a related word (the hand
 * list, then WordNet's synonyms and derived forms, then the word-family rule), else a kind of the thing asked.
 */
function standIn(tf: ReadonlyMap<string, number>, { term, pos }: Term): [string, number] | undefined {
  const related =
    RELATED.get(term)?.find((r) => tf.has(r)) ??
    relatedTerms(term).find((r) => tf.has(r)) ??
    [...tf.keys()].find((t) => derived(t, term));
  if (related) return [related, retrieveTuning.relatedWeight];
  // "Dad bought a green Chevrolet" names the car itself, as a synonym would (not a kind among many).
  const make = isNoun(pos) ? [...tf.keys()].find((t) => isMakeOf(t, term)) : undefined;
  if (make) return [make, retrieveTuning.relatedWeight];
  // Kinds are of things: a question verb ("when did it close") has none.
  const kind = isNoun(pos) ? [...tf.keys()].find((t) => isKindOf(t, term)) : undefined;
  return kind ? [kind, retrieveTuning.kindWeight] : undefined;
}

/**
 * Whether a sentence says a word related to `term` that the index leaves out as a stop word ("where do you
 * keep the cards" / "I have all of them in a shoebox").
 */
export function saysInWords(sentence: string, term: string): boolean {
  const words = new Set(sentence.toLowerCase().match(/[a-z]+/g) ?? []);
  return RELATED.get(term)?.some((r) => words.has(r)) ?? false;
}

const FRAME_TERMS = new Set([...FRAME_WORDS].flatMap((w) => [w, stemmed(w)]));
const NAMING_TERMS = new Set(['call', 'called', 'name', 'named'].flatMap((w) => [w, stemmed(w)]));

export interface StoryIndex {
  /** Sentence ids in order, 0 (the details) first. */
  ids: number[];
  texts: string[];
  /** Terms of each sentence, with the nouns of the one before when it opens with a pronoun. */
  terms: string[][];
  facts: Fact[][];
  df: Map<string, number>;
  avgLength: number;
  /** Every lower-case word of the story (for the normalize stage). */
  words: Set<string>;
  /** Words the story uses other than after "my"/"our" (for kinship words: someone else's kin). */
  otherKin: Set<string>;
  /** Terms the story writes capitalised inside a sentence: names of people and places. */
  names: Set<string>;
  /** Whether the narrator speaks of herself as a woman or himself as a man, when the story says so. */
  narratorSex?: NarratorSex;
}

export { KIN_TERMS };

import { type NarratorSex, narratorSexOf } from './narrator.ts';

/** Index per sentence list and details (the domain hands the same array for the same story text). */
const indexes = new WeakMap<readonly StorySentence[], Map<string, StoryIndex>>();

export function storyIndex(request: Pick<AnswerRequest, 'sentences' | 'story'>): StoryIndex {
  let byDetails = indexes.get(request.sentences);
  if (!byDetails) {
    byDetails = new Map();
    indexes.set(request.sentences, byDetails);
  }
  const details = detailsSentence(request.story);
  const cached = byDetails.get(details);
  if (cached) return cached;
  const texts = [details, ...request.sentences.map((s) => s.text)];
  const ids = [DETAILS_SENTENCE_ID, ...request.sentences.map((s) => s.id)];
  // "Tío Ramón", "Partagás": the normalize stage drops accents from the question (listeners type "tio
  // ramon"), so the story's terms and words are read without them too.
  const analyzed = texts.map((t) => {
    const a = analyzeShort(t);
    return { ...a, terms: a.terms.map((x) => (ACCENTED.test(x.term) ? { ...x, term: unaccented(x.term) } : x)) };
  });
  const carried = carriedTerms(texts, analyzed);
  const terms = analyzed.map((a, i) => {
    const own = a.terms.map((t) => t.term);
    return [...own, ...carried[i]!.filter((t) => !own.includes(t))];
  });
  const df = new Map<string, number>();
  for (const list of terms) for (const term of new Set(list)) df.set(term, (df.get(term) ?? 0) + 1);
  const avgLength = terms.reduce((n, t) => n + t.length, 0) / Math.max(1, terms.length);
  const words = new Set(texts.slice(1).flatMap((t) => unaccented(t.toLowerCase()).match(/[a-z][a-z'-]*/g) ?? []));
  for (const w of [...words]) if (w.endsWith("'s")) words.add(w.slice(0, -2));
  // Kinship words the story uses for someone other than its narrator's own kin ("your grandfather", "Nana
  // ji"), not "my grandmother": the listener's "grandma" then means that person, not the narrator.
  const otherKin = new Set<string>();
  for (const t of texts.slice(1)) {
    const w = unaccented(t.toLowerCase()).match(/[a-z][a-z-]*/g) ?? [];
    w.forEach((word, i) => {
      // "People ask me, dadi, were you happy": a family word said to the narrator is her own.
      if (w[i - 1] !== 'my' && w[i - 1] !== 'our' && w[i - 1] !== 'me') otherKin.add(word);
    });
  }
  const names = new Set<string>();
  // "the Sun Lee Laundry" and "in the laundry": a word the story also writes in lower case is a common noun.
  const lowerWritten = new Set(
    texts.slice(1).flatMap((t) => unaccented(t).match(/(?<![\p{L}'-])[a-z][a-z'-]*/gu) ?? []),
  );
  analyzed.slice(1).forEach((a) => {
    a.tokens.forEach((t, i) => {
      if (
        i > 0 &&
        /^[A-Z]/.test(t.value) &&
        t.value !== 'I' &&
        t.type === 'word' &&
        !lowerWritten.has(t.value.toLowerCase())
      ) {
        const term = a.terms.find((x) => x.term === unaccented(stemmed(t.value.toLowerCase())))?.term;
        if (term) names.add(term);
      }
    });
  });
  const built: StoryIndex = {
    narratorSex: narratorSexOf(texts.slice(1).join(' ')),
    ids,
    texts,
    terms,
    facts: texts.map((t) => withContext(t, factsIn(t)) as Fact[]),
    df,
    avgLength,
    words,
    otherKin,
    names,
  };
  byDetails.set(details, built);
  return built;
}

const ACCENTED = /[^\p{ASCII}]/u;
/** A word without its accents ("ramón" → "ramon"), as the normalize stage reads the question. */
export function unaccented(text: string): string {
  return ACCENTED.test(text) ? text.normalize('NFD').replace(/\p{M}/gu, '') : text;
}

export interface Candidate {
  /** Position in the index (0 = details). */
  index: number;
  id: number;
  bm25: number;
  /** Share of the question's weight the sentence matches (0–1). */
  coverage: number;
}

/** The question's content terms (frame words such as "how old", "what colour" left to the type match). */
export function questionTerms(question: NormalizedQuestion, index?: StoryIndex): Term[] {
  const seen = new Map<string, Term>();
  const framing = new Set(
    [...question.text.matchAll(/\bhow ([a-z]+)/g)]
      .map((m) => m[1]!)
      .filter((w) => HOW_FRAME_WORDS.has(w))
      .flatMap((w) => [w, stemmed(w)]),
  );
  // "why is she called Pinky": the naming is what a why-question asks about, not the kind of answer.
  const kept = question.want === 'reason' ? NAMING_TERMS : undefined;
  for (const t of analyzeShort(question.text).terms)
    if ((!FRAME_TERMS.has(t.term) || kept?.has(t.term)) && !framing.has(t.term) && !seen.has(t.term))
      // "where did you work back home": the tagger reads "home" after a verb as one; it is where, not a deed.
      seen.set(t.term, t.term === 'home' && t.pos === 'VERB' ? { ...t, pos: 'ADV' } : t);
  // "who were her roomates", "what did harjeet do": a word the story never uses, one or two letters from one
  // it does (the one nearest, if only one is), is that word typed wrong.
  if (index)
    for (const [term, t] of seen) {
      // A word the lexicon knows ("study") is spelled as meant.
      if (
        term.length < 5 ||
        index.df.has(term) ||
        !/^[a-z]+$/.test(term) ||
        relatedTerms(term).length ||
        kindsOf(term).length
      )
        continue;
      const most = term.length >= 7 ? 2 : 1;
      let best: string | undefined;
      let bestDistance = most + 1;
      let tied = false;
      for (const known of index.df.keys()) {
        if (known[0] !== term[0] || Math.abs(known.length - term.length) > most) continue;
        const d = leven(term, known);
        if (d < bestDistance) [best, bestDistance, tied] = [known, d, false];
        else if (d === bestDistance) tied = true;
      }
      if (best && !tied && !seen.has(best)) {
        seen.delete(term);
        seen.set(best, { ...t, term: best });
      }
    }
  // "What ship did you come on" of a story that never says "ship": the word names the kind of answer (the
  // decide stage wants a sentence that says which one), not something the answer must repeat.
  const which = question.which?.term;
  if (which && index && !index.df.has(which)) seen.delete(which);
  // "how cold did it get": with nothing else to go on, the measure itself is what the story talks about
  // ("it was thirty below, so cold the nails popped"); not "old"/"long", which every story says of anything.
  if (seen.size === 0 && question.want === 'measure')
    for (const t of analyzeShort(question.text).terms) if (framing.has(t.term)) seen.set(t.term, t);
  return [...seen.values()];
}

/** Every sentence that matches at least one question term, with its BM25 and coverage. */
export function retrieve(index: StoryIndex, question: Term[]): Candidate[] {
  const n = index.terms.length;
  const idf = new Map<string, number>();
  let totalWeight = 0;
  for (const { term, pos } of question) {
    const df = index.df.get(term) ?? 0;
    const weight = Math.log(1 + (n - df + 0.5) / (df + 0.5));
    idf.set(term, weight);
    // A thing the story never mentions weighs fully (a tempting question asks about something the story
    // lacks); a verb or adjective it never uses is more likely the listener's paraphrase.
    totalWeight +=
      df === 0 ? weight * (isNoun(pos) ? retrieveTuning.absentNounWeight : retrieveTuning.absentVerbWeight) : weight;
  }
  const { k1, b } = retrieveTuning;
  const out: Candidate[] = [];
  index.terms.forEach((terms, i) => {
    const tf = new Map<string, number>();
    for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
    let bm25 = 0;
    let matched = 0;
    for (const q of question) {
      const { term } = q;
      let f = tf.get(term) ?? 0;
      let w = idf.get(term)!;
      if (f === 0) {
        const stand = standIn(tf, q);
        if (!stand) continue;
        const [related, share] = stand;
        f = tf.get(related)!;
        // The related word's own rarity in the story, not the absent question word's.
        w =
          Math.min(w, Math.log(1 + (n - (index.df.get(related) ?? 0) + 0.5) / ((index.df.get(related) ?? 0) + 0.5))) *
          share;
      }
      matched += w;
      bm25 += (w * (f * (k1 + 1))) / (f + k1 * (1 - b + (b * terms.length) / index.avgLength));
    }
    if (bm25 > 0 || question.length === 0)
      out.push({
        index: i,
        id: index.ids[i]!,
        bm25,
        coverage: totalWeight > 0 ? Math.min(1, matched / totalWeight) : 0,
      });
  });
  return out;
}
