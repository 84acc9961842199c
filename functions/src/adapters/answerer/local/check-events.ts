import { analyzeShort } from '../text.ts';
import type { CheckContext } from './check.ts';
import type { Judged } from './decide.ts';
import type { Fact } from './entities.ts';
import { mainQuestion } from './evidence.ts';
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
 * event only from a sentence that tells that event (or a word for it: "wedding", "passed away").
 */
export function saysAskedEvent(ctx: CheckContext, j: Judged): string | undefined {
  if (!DATED.has(ctx.question.want)) return undefined;
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
