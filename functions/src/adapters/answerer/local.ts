import {
  type Answer,
  type Answerer,
  type AnswerRequest,
  DETAILS_SENTENCE_ID,
  declineText,
  detailsSentence,
  type StorySentence,
} from './port.ts';
import { analyzeShort, type Term, type TokenInfo } from './text.ts';

/**
 * The local answerer (default): extractive. Sentences are ranked by BM25 over lemmas against the question;
 * the best heard sentence (and an adjacent one when it scores close) is the answer, when it covers enough of
 * the question and is the kind of sentence the question asks for (a number for "how many", a name for
 * "who"). The same ranking over the unheard part tells "not yet heard" from "not in the story".
 * Tuned on bench/interactive-eval (docs/interactive.md has the figures).
 */
export const localTuning = {
  k1: 1.2,
  b: 0.75,
  /** Share of the question's IDF weight a sentence must match to be an answer. */
  minCoverage: 0.5,
  /** The same, for a sentence of the kind of answer the question wants (see `wanted`). */
  minTypedCoverage: 0.35,
  /** An adjacent heard sentence joins the answer when it scores at least this share of the best. */
  neighbourShare: 0.5,
  /** An unheard sentence wins ("not yet heard") when its coverage beats the best heard one by this much. */
  unheardMargin: -0.1,
  /** Weight of a question verb/adjective the story never uses, in the coverage denominator. */
  absentVerbWeight: 0.25,
  /** Least IDF weight of matched question terms (one common word of the story is not an answer). */
  minEvidence: 0,
  /** Nouns say what a question is about; they weigh more than its verbs. */
  nounBoost: 1,
  /** Ranking value: bm25 × coverage^power. */
  coveragePower: 1,
  /** A related word counts this much of the question word it stands for. */
  relatedWeight: 0.7,
  /** A sentence answering together with the next one counts this share of its score. */
  bridgeShare: 0.9,
};

/**
 * Words of family stories that answer a listener's word without repeating it (question term -> story terms).
 * Generic, not fitted to the evaluation stories: what people ask about (eating, owning, hurting, travelling,
 * keeping, selling, dying) and how memoirs tend to say it.
 */
const RELATED_WORDS: Record<string, string> = {
  eat: 'food soup dinner supper breakfast lunch meal bread order ate cook',
  drink: 'coffee tea milk beer wine',
  lend: 'borrow loan',
  borrow: 'lend loan',
  own: 'owner belong',
  popular: 'best seller favorite love',
  favorite: 'love best',
  survive: 'save saved rescue',
  hurt: 'break broke crash injure fall cast hospital',
  injure: 'break broke crash hurt fall cast hospital',
  leave: 'left go went move',
  trip: 'voyage crossing journey drive ride',
  crossing: 'voyage trip journey',
  journey: 'voyage trip crossing drive',
  keep: 'still have save',
  sell: 'sale sold buy',
  buy: 'bought purchase sell',
  live: 'home apartment house rent room',
  meet: 'met first saw',
  die: 'death died pass',
  marry: 'wedding married',
  propose: 'proposal ring',
  dance: 'danced dancer',
  care: 'hold help nurse look',
  upset: 'cry sad angry end world miss',
  sad: 'cry upset miss',
  happy: 'laugh smile',
  afraid: 'scared terrified fear',
  scared: 'afraid terrified fear',
  gift: 'give gave bought present',
  give: 'bought buy gift present',
  deep: 'high tall up',
  start: 'begin began open',
  open: 'start begin',
  job: 'work',
  work: 'job',
  name: 'named called',
};

const RELATED = new Map<string, string[]>(
  Object.entries(RELATED_WORDS).map(([word, related]) => [stemmed(word), related.split(' ').map((r) => stemmed(r))]),
);

function stemmed(word: string): string {
  return analyzeShort(word).terms[0]?.term ?? word;
}

interface Indexed {
  ids: number[];
  terms: string[][];
  /** Each sentence's own terms (without the nouns carried over from an earlier sentence). */
  ownTerms: string[][];
  facts: Facts[];
  /** By sentence id: the sentence goes on about the one before (opens with a pronoun or "so", "but"). */
  continues: boolean[];
  df: Map<string, number>;
  avgLength: number;
}

/** Index per sentence list (the domain hands the same array for the same story text, so this is per story). */
const indexes = new WeakMap<readonly StorySentence[], Map<string, Indexed>>();

const PRONOUN_START = new Set(['he', 'she', 'they', 'it', 'his', 'her', 'their', 'its', 'this', 'that']);
const CONTINUATION_START = new Set([...PRONOUN_START, 'so', 'but', 'because', 'then', 'there', 'after']);

function indexFor(request: AnswerRequest): Indexed {
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
  const analyzed = texts.map((t) => analyzeShort(t));
  // "He stepped on my feet": a sentence opening with a pronoun also speaks of the nouns of the one before
  // (and, through a run of such sentences, of the one that named them).
  const context: string[][] = [];
  const terms = analyzed.map((a, i) => {
    const own = a.terms.map((t) => t.term);
    const nouns = a.terms.filter((t) => t.pos === 'PROPN' || t.pos === 'NOUN').map((t) => t.term);
    const first = a.tokens[0]?.value.toLowerCase() ?? '';
    const carried = i > 1 && PRONOUN_START.has(first) ? (context[i - 1] ?? []) : [];
    context[i] = [...new Set([...nouns, ...carried])];
    return [...own, ...carried.filter((t) => !own.includes(t))];
  });
  const facts = analyzed.map((a, i) => factsOf(texts[i]!, a.tokens));
  // A sentence goes on about the one before when it opens with a pronoun or a connective, or refers back
  // early on ("I still have all of them in a shoebox").
  const continues = analyzed.map(
    (a, i) =>
      CONTINUATION_START.has(a.tokens[0]?.value.toLowerCase() ?? '') ||
      /^(\S+\s+){0,5}(them|it|those|these)\b/i.test(texts[i] ?? ''),
  );
  const df = new Map<string, number>();
  for (const list of terms) for (const term of new Set(list)) df.set(term, (df.get(term) ?? 0) + 1);
  const avgLength = terms.reduce((n, t) => n + t.length, 0) / Math.max(1, terms.length);
  const ownTerms = analyzed.map((a) => a.terms.map((t) => t.term));
  const built = { ids, terms, ownTerms, facts, continues, df, avgLength };
  byDetails.set(details, built);
  return built;
}

interface Facts {
  number: boolean;
  year: boolean;
  time: boolean;
  duration: boolean;
  money: boolean;
  age: boolean;
  colour: boolean;
  name: boolean;
  person: boolean;
  reason: boolean;
}

const NUMBER_WORDS =
  /\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|dozen|half|twice)\b/i;
const TIME_WORDS =
  /\b(january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday|spring|summer|autumn|fall|winter|morning|afternoon|evening|night|midnight|dawn|christmas|easter|birthday|yesterday|today|o'clock|day|week|month|year)s?\b/i;
const DURATION_UNITS =
  /\b(second|minute|hour|day|week|month|year|summer|winter|season)s?\b|\ball (day|night|week|summer)\b/i;
const MONEY = /\$|\b(dollar|cent|penny|pennies|pound|buck|nickel|dime|quarter)s?\b/i;
const COLOURS =
  /\b(red|blue|green|yellow|white|black|brown|orange|pink|purple|grey|gray|silver|gold|golden|violet|navy|crimson|painted)\b/i;
const PERSON_NOUNS =
  /\b(father|mother|brother|sister|uncle|aunt|cousin|grandfather|grandmother|grandpa|grandma|son|daughter|husband|wife|friend|neighbou?r|teacher|doctor|nurse|man|woman|boy|girl|family|owner|couple)s?\b/i;
const TITLED_NAME =
  /\b(Mr|Mrs|Ms|Miss|Dr|Uncle|Aunt|Nonna|Grandma|Grandpa)\.? [A-Z]|\b(named|called)\b|\b(brother|sister|friend|uncle|aunt|cousin|neighbou?r) [A-Z]/;

function factsOf(text: string, tokens: TokenInfo[]): Facts {
  const number = tokens.some((t) => t.type === 'number' || t.pos === 'NUM') || NUMBER_WORDS.test(text);
  // Months, days and holidays are proper nouns but not people.
  const properNoun = tokens.some((t, i) => t.pos === 'PROPN' && i > 0 && t.value !== 'I' && !TIME_WORDS.test(t.value));
  return {
    number,
    year: /\b(1[6-9]\d\d|20\d\d)\b/.test(text),
    time: TIME_WORDS.test(text) || /\b(1[6-9]\d\d|20\d\d)\b/.test(text),
    duration: number && DURATION_UNITS.test(text),
    money: MONEY.test(text) && number,
    // An age is a small number, never a year: "I was seven", "he was only twenty-one".
    age: NUMBER_WORDS.test(text) || /\b\d{1,2}\b/.test(text),
    colour: COLOURS.test(text),
    name: TITLED_NAME.test(text),
    person: properNoun || PERSON_NOUNS.test(text),
    reason: /\b(because|so that|so|since|to make|in order to|for|thought|afraid|wanted|happy|sad|missed)\b/i.test(text),
  };
}

type Want = keyof Facts | 'any';

/** What kind of sentence can answer the question. */
function wanted(question: string): Want {
  const q = ` ${question.toLowerCase().replace(/[^a-z' ]/g, ' ')} `;
  if (/ (what|which) colou?r /.test(q)) return 'colour';
  if (/ how much /.test(q) && / (cost|pay|paid|money|price|charge|rent|spend|spent|worth) /.test(q)) return 'money';
  if (/ how much /.test(q) && / (sell|sold|buy|bought) .*for\s*$/.test(q)) return 'money';
  if (/ how long /.test(q)) return 'duration';
  if (/ how old /.test(q) || / what age /.test(q)) return 'age';
  if (/ how (many|much|old|far|big|tall|deep) /.test(q)) return 'number';
  if (/ (what|which) year /.test(q)) return 'year';
  if (/^ when /.test(q) || / what time /.test(q)) return 'time';
  if (/ name/.test(q) || / called /.test(q)) return 'name';
  if (/^ (who|whose|whom) /.test(q)) return 'person';
  if (/^ why /.test(q)) return 'reason';
  return 'any';
}

/** Words that say what kind of answer is wanted, not what it is about (the answer-type check covers them). */
const FRAME_WORDS = new Set(
  'color colour name happen kind sort type thing old long much many year time really ever exactly get got like tell'
    .split(' ')
    .flatMap((word) => [word, ...analyzeShort(word).terms.map((t) => t.term)]),
);

interface Scored {
  index: number;
  id: number;
  bm25: number;
  coverage: number;
  /** Sum of the IDF weights of the question terms the sentence matches. */
  evidence: number;
  /** The sentence matches the question, the next one has the kind of answer wanted: cite both. */
  bridged?: boolean;
}

export class LocalAnswerer implements Answerer {
  readonly name = 'local';

  async answer(request: AnswerRequest): Promise<Answer> {
    return answerLocally(request);
  }
}

/** Synchronous core of the local answerer (the OpenAI adapter uses it for its fallback and unheard check). */
export function answerLocally(request: AnswerRequest, engine: Answer['engine'] = 'local'): Answer {
  const index = indexFor(request);
  const { terms } = analyzeShort(request.question);
  const want = wanted(request.question);
  const qTerms = uniqueTerms(terms.filter((t) => !FRAME_WORDS.has(t.term)));
  // The details answer only "when" and "where" questions about the story itself.
  const detailsFit = want === 'time' || want === 'year' || /^\s*where\b/i.test(request.question);
  // "What was the name of Mrs. Abbott's dog?": a sentence that names someone answers only if it speaks of the
  // dog. The thing to be named must be among the sentence's own words.
  const named = want === 'name' ? namedThing(request.question) : undefined;
  const fitsWant = (i: number) =>
    (want === 'any' || want === 'reason' || index.facts[i]![want]) && (!named || index.ownTerms[i]!.includes(named));
  // "The big oven broke down… / Our neighbor, Frank Delgado, let us use his ovens": when the sentence about the
  // thing asked lacks the kind of answer wanted and the next one has it, the two answer together.
  const scored: Scored[] = [];
  for (const s of rank(index, qTerms)) {
    if (s.id === DETAILS_SENTENCE_ID && !detailsFit) continue;
    if (fitsWant(s.index)) scored.push(s);
    else if (
      want !== 'name' &&
      s.id !== DETAILS_SENTENCE_ID &&
      s.index + 1 < index.ids.length &&
      fitsWant(s.index + 1)
    ) {
      scored.push({ ...s, bm25: s.bm25 * localTuning.bridgeShare, bridged: true });
    }
  }
  const isHeard = (s: Scored) => s.id + (s.bridged ? 1 : 0) <= request.heardCount;
  // A sentence of the kind the question asks for (a name for "who", a number for "how many") needs to share
  // less of the question's wording.
  const minCoverage = want === 'any' || want === 'reason' ? localTuning.minCoverage : localTuning.minTypedCoverage;
  const passes = (s: Scored) => s.coverage >= minCoverage && s.evidence >= localTuning.minEvidence;
  const heard = scored.filter(isHeard);
  const bestHeard = pick(heard.filter(passes));
  const bestUnheard = pick(scored.filter((s) => !isHeard(s) && passes(s)));

  if (bestUnheard && (!bestHeard || bestUnheard.coverage > bestHeard.coverage + localTuning.unheardMargin)) {
    return decline('not-yet-heard', engine);
  }
  if (!bestHeard) return decline('not-in-story', engine);

  const cited = [bestHeard];
  if (bestHeard.bridged) cited.push({ ...bestHeard, id: bestHeard.id + 1 });
  else if (bestHeard.id !== DETAILS_SENTENCE_ID) {
    const neighbour = pick(
      heard.filter(
        (s) =>
          s.id !== DETAILS_SENTENCE_ID &&
          Math.abs(s.id - bestHeard.id) === 1 &&
          s.bm25 >= bestHeard.bm25 * localTuning.neighbourShare,
      ),
    );
    const nextId = bestHeard.id + 1;
    if (neighbour) cited.push(neighbour);
    // "We wrote letters every week… / I still have all of them in a shoebox": the sentence after the best
    // one often carries the answer when it goes on about the same thing.
    else if (
      nextId <= request.heardCount &&
      (index.continues[nextId] || (want === 'reason' && !index.facts[bestHeard.index]!.reason))
    ) {
      cited.push({ ...bestHeard, id: nextId });
    }
  }
  cited.sort((a, b) => a.id - b.id);
  const texts = cited.map((s) =>
    s.id === DETAILS_SENTENCE_ID
      ? detailsSentence(request.story)
      : (request.sentences.find((x) => x.id === s.id)?.text ?? ''),
  );
  return {
    answer: toFirstPerson(texts.join(' '), request.narratorNames ?? []),
    citedSentenceIds: cited.map((s) => s.id),
    declined: false,
    engine,
  };
}

function pick(list: Scored[]): Scored | undefined {
  let best: Scored | undefined;
  const value = (s: Scored) => s.bm25 * s.coverage ** localTuning.coveragePower;
  for (const s of list) if (!best || value(s) > value(best)) best = s;
  return best;
}

function uniqueTerms(terms: Term[]): Term[] {
  const seen = new Map<string, Term>();
  for (const t of terms) if (!seen.has(t.term)) seen.set(t.term, t);
  return [...seen.values()];
}

function rank(index: Indexed, question: Term[]): Scored[] {
  const n = index.terms.length;
  const idf = new Map<string, number>();
  let totalWeight = 0;
  const qTerms = question.map((t) => t.term);
  for (const { term, pos } of question) {
    const df = index.df.get(term) ?? 0;
    const weight = Math.log(1 + (n - df + 0.5) / (df + 0.5)) * (isNoun(pos) ? localTuning.nounBoost : 1);
    idf.set(term, weight);
    // A thing the story never mentions (a noun, a name) weighs fully in the coverage denominator: a tempting
    // question shares words with the story but asks about something it lacks. A verb or adjective the story
    // never uses is more likely the listener's paraphrase, so it weighs less.
    const absentNonNoun = df === 0 && !isNoun(pos);
    totalWeight += absentNonNoun ? weight * localTuning.absentVerbWeight : weight;
  }
  const score = (terms: string[], index_: number, id: number): Scored | undefined => {
    const tf = new Map<string, number>();
    for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
    let bm25 = 0;
    let matched = 0;
    for (const term of qTerms) {
      let f = tf.get(term) ?? 0;
      let w = idf.get(term)!;
      if (f === 0) {
        // A listener's word the sentence does not use, but a related one it does ("eat" / "soup").
        const related = RELATED.get(term)?.find((r) => tf.has(r));
        if (!related) continue;
        f = tf.get(related)!;
        w *= localTuning.relatedWeight;
      }
      matched += w;
      const { k1, b } = localTuning;
      bm25 += (w * (f * (k1 + 1))) / (f + k1 * (1 - b + (b * terms.length) / index.avgLength));
    }
    if (bm25 <= 0) return undefined;
    return { index: index_, id, bm25, evidence: matched, coverage: totalWeight > 0 ? matched / totalWeight : 0 };
  };
  const out: Scored[] = [];
  index.terms.forEach((terms, i) => {
    const single = score(terms, i, index.ids[i]!);
    if (single) out.push(single);
  });
  return out;
}

/** The thing whose name a question asks for ("the name of the boat" -> boat, "your mother's name" -> mother). */
function namedThing(question: string): string | undefined {
  const q = question.toLowerCase().replace(/[?!.]/g, '');
  const match =
    /names? of (?:[\w.']+\s+)*?([\w-]+)(?:\s+(?:who|that|which|did|was|were|in|on|at|from|you|your)\b|\s*$)/.exec(q) ??
    /([\w-]+)(?:'s|s') names?\b/.exec(q) ??
    /(?:what|who) (?:was|were|is|are) (?:the )?([\w-]+) called/.exec(q);
  const word = match?.[1];
  return word ? analyzeShort(word).terms[0]?.term : undefined;
}

function isNoun(pos: string): boolean {
  return pos === 'NOUN' || pos === 'PROPN' || pos === 'NUM';
}

function decline(kind: 'not-in-story' | 'not-yet-heard', engine: Answer['engine']): Answer {
  return { answer: declineText[kind], citedSentenceIds: [], declined: kind, engine };
}

/**
 * The answer in the narrator's first person. Stories are mostly told in the first person already; where a
 * story names its narrator in the third person ("Grandma Rose was born…"), the name becomes "I"/"my".
 * Leading connectives that only made sense in the flow of the story are dropped.
 */
export function toFirstPerson(text: string, narratorNames: readonly string[]): string {
  let out = text.replace(/\s+/g, ' ').trim();
  for (const name of narratorNames) {
    const escaped = name.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (!escaped) continue;
    out = out
      .replace(new RegExp(`(^|[.!?]\\s+)${escaped}'s\\b`, 'g'), '$1My')
      .replace(new RegExp(`\\b${escaped}'s\\b`, 'g'), 'my')
      .replace(new RegExp(`(^|[.!?]\\s+)${escaped}\\b`, 'g'), '$1I')
      .replace(new RegExp(`\\b(and|but|when|then|that|because|so) ${escaped}\\b`, 'g'), '$1 I')
      .replace(new RegExp(`\\b${escaped}\\b`, 'g'), 'me');
  }
  out = out.replace(/^(And|But|So|Then|Well),?\s+(\w)/, (_m, _c, first: string) => first.toUpperCase());
  return out;
}
