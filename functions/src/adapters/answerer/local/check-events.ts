import { analyzeShort } from '../text.ts';
import type { CheckContext } from './check.ts';
import type { Judged } from './decide.ts';
import type { Fact } from './entities.ts';
import { mainQuestion } from './evidence.ts';
import { KINSHIP_GROUPS } from './question-words.ts';
import { holdsTerm, saysInWords } from './retrieve.ts';

/**
 * Which event a date belongs to. A family story dates its life events again and again (born, married,
 * died, buried), and a question about one of them shares its people with every other: "when did you and
 * grandpa get married" is not answered by the day they met, nor "when did he go to England" by the year his
 * son was born.
 */

/** Index terms of the life events (wink lemma stems): born, died / death, married / wedding, buried, killed. */
const LIFE_EVENTS = new Set(['bear', 'die', 'death', 'dead', 'marri', 'buri', 'kill', 'divorc', 'christen', 'baptiz']);

/** The words a sentence dates a life event with, and the event's index term. */
const EVENT_WORDS: Record<string, string> = {
  born: 'bear',
  died: 'die',
  married: 'marri',
  wed: 'marri',
  buried: 'buri',
  killed: 'kill',
  'passed away': 'die',
  'passed on': 'die',
  christened: 'christen',
  baptized: 'baptiz',
  baptised: 'baptiz',
  divorced: 'divorc',
};
/** A life event said right before a fact ("born in the spring of 1959", "died that winter"). */
const EVENT_BEFORE = new RegExp(`\\b(${Object.keys(EVENT_WORDS).join('|')})\\b[^,;:.!?]{0,25}$`, 'i');

const DATED = new Set(['when', 'year', 'time']);

/** The life events the question's main clause asks about (not a "when…" clause that says which time). */
function askedEvents(ctx: CheckContext): string[] {
  const main = new Set(analyzeShort(mainQuestion(ctx.question.text)).terms.map((t) => t.term));
  return ctx.terms.filter((t) => LIFE_EVENTS.has(t.term) && main.has(t.term)).map((t) => t.term);
}

/**
 * "When did you get married" / "I met your grandfather in 1970": a date answers a question about a life
 * event only from a sentence that tells that event (or a word for it: "wedding", "passed away"); so does a
 * place ("where did you get married" / "…at a dance in the Drill Hall").
 */
export function saysAskedEvent(ctx: CheckContext, j: Judged): string | undefined {
  if (!DATED.has(ctx.question.want) && ctx.question.want !== 'where') return undefined;
  const { index } = ctx;
  const at = [j.index, ...(j.bridge !== undefined ? [j.bridge] : [])];
  for (const event of askedEvents(ctx))
    if (!at.some((i) => holdsTerm(index.terms[i]!, event) || saysInWords(index.texts[i]!, event))) return event;
  return undefined;
}

/**
 * "When did he go to England" / "…your uncle, who was born in fifty-nine": a date said right after another
 * life event than the one asked dates that event.
 */
export function otherEventFact(ctx: CheckContext, sentence: string, fact: Fact): string | undefined {
  if (!DATED.has(ctx.question.want)) return undefined;
  const word = EVENT_BEFORE.exec(sentence.slice(Math.max(0, fact.start - 60), fact.start))?.[1]?.toLowerCase();
  if (!word) return undefined;
  const event = EVENT_WORDS[word]!;
  const asked = ctx.terms.map((t) => t.term);
  return holdsTerm(asked, event) ? undefined : word;
}

/** Words that tell each life event in a sentence, by the event's index term. */
const EVENT_TOLD: Record<string, RegExp> = {
  bear: /\bborn\b/gi,
  die: /\b(?:died|dies|die|death|dead|passed (?:away|on))\b/gi,
  death: /\b(?:died|dies|die|death|dead|passed (?:away|on))\b/gi,
  dead: /\b(?:died|dies|die|death|dead|passed (?:away|on))\b/gi,
  marri: /\b(?:married|marry|marries|wed|wedding)\b/gi,
  buri: /\b(?:buried|burial|funeral)\b/gi,
};
/** Where a sentence turns to another statement: "…when he died, but when I found his papers I saw…". */
const TURN = /[;:]|\b(?:but|though|although|because|so|which|then)\b/i;

/**
 * "When did your father die" / "we put thirty years in the paper when he died, but when I found his papers I
 * saw that he started in 1949": a date the sentence says in another statement than the asked event's (a
 * "but", "so" or semicolon between them) dates that other statement.
 */
export function dateAcrossTurn(ctx: CheckContext, sentence: string, fact: Fact): string | undefined {
  if (!DATED.has(ctx.question.want)) return undefined;
  const events = askedEvents(ctx).filter((e) => EVENT_TOLD[e]);
  if (events.length === 0) return undefined;
  const spans = events.flatMap((e) =>
    [...sentence.matchAll(EVENT_TOLD[e]!)].map((m) => [m.index!, m.index! + m[0].length]),
  );
  if (spans.length === 0) return undefined;
  const joined = spans.some(([start, end]) => {
    const between = end! <= fact.start ? sentence.slice(end, fact.start) : sentence.slice(fact.end, start);
    return !TURN.test(between);
  });
  return joined ? undefined : `${fact.text} told apart from the event`;
}

/** A life event of one person and the word before it (its subject): "I was born", "Anna, was born", "he died". */
const EVENT_SUBJECT =
  /([\w'-]+)\s*,?\s+(?:(?:was|were|had been|'d been|got|had|has)\s+)?(?:just\s+|finally\s+|already\s+)?(born|died|buried|killed|passed away|passed on)\b/gi;
/** Words before the event that do not say whose it was ("who was born", "that died"). */
const NO_SUBJECT = /^(?:who|that|which|it|this|and|but|or|then|when|after|before|since|had|was|were|been)$/i;
/** The person a question asks a life event of: "what year was hilja born" → hilja, "when did you die" → you. */
const ASKED_SUBJECT = /\b(?:was|were|did|is|are)\s+(.+?)\s+(?:born|die|died|buried|killed)\b/;

/**
 * "What year was Hilja born" / "…who had cooked since before I was born": a birth or a death told of the
 * narrator ("I was born") answers only a question about her, and one told of someone else ("your mother,
 * Anna, was born") only a question about someone else.
 */
export function eventOfOther(ctx: CheckContext, j: Judged): string | undefined {
  if (!DATED.has(ctx.question.want) && ctx.question.want !== 'where') return undefined;
  const asked = ASKED_SUBJECT.exec(ctx.question.text)?.[1];
  if (!asked) return undefined;
  const askedSelf = asked === 'you';
  // "what year was nain born": a family word the normalize stage kept may still be the listener's word for
  // the narrator; only "your mother" or a name the story gives someone is surely someone else.
  if (!askedSelf && !/^(?:your|his|her|their)\s/.test(asked) && !namedInStory(ctx, asked)) return undefined;
  const subjects: string[] = [];
  // "I was born in 1940, and my sister in 1942": the person asked, said after the event, has it too.
  const person = askedSelf ? /\b(?:I|me|we)\b/ : new RegExp(`\\b${asked.split(/\s+/).pop()}\\b`, 'i');
  for (const i of [j.index, ...(j.bridge !== undefined ? [j.bridge] : [])]) {
    const text = ctx.index.texts[i]!;
    for (const m of text.matchAll(EVENT_SUBJECT)) {
      subjects.push(m[1]!);
      if (person.test(text.slice(m.index! + m[0].length))) return undefined;
    }
  }
  if (subjects.length === 0 || subjects.some((s) => NO_SUBJECT.test(s))) return undefined;
  const self = (s: string) => /^(?:i|we)$/i.test(s);
  return subjects.some((s) => self(s) === askedSelf) ? undefined : `${subjects.join('/')} not ${asked}`;
}

/** Whether the story writes the word as someone's name (capitalised inside a sentence), not a family word. */
function namedInStory(ctx: CheckContext, word: string): boolean {
  if (KINSHIP_GROUPS.some((g) => g.includes(word))) return false;
  const term = analyzeShort(word).terms[0]?.term;
  return term !== undefined && ctx.index.names.has(term);
}
