import { tokensOf } from '../text.ts';
import type { CheckContext } from './check.ts';
import { clauseBefore } from './check-said.ts';
import type { Judged } from './decide.ts';
import { termOf } from './names.ts';

/**
 * Whose doing the fact tells. "When did you come to Chicago" asks the narrator's own coming; a date or place
 * said in a clause about someone else ("He played bass for a quintet that came in on Tuesdays") is that
 * person's, however many words it shares with the question.
 */

/** "when did you…", "where were you…", "what year did you…": a date or place asked of the narrator. */
const ASKS_NARRATOR =
  /^(?:when|where|what year|which year|what month|how (?:long|many|much|far|fast|big|high))\b.*\b(?:did|were|was|do|have|had) you\b/;
const NARRATOR = /\b(?:I|we|me|us|my|our|I'd|I'm|we'd|we're)\b/i;
const MY_RELATIVE =
  /\b(?:my|our)\s+(?:(?:little|older|younger|big|baby|eldest|oldest|youngest|late)\s+)?(?:sister|brother|mother|father|mom|mum|dad|aunt|uncle|cousin|son|daughter|husband|wife|grandmother|grandfather|friend)s?\b/gi;
const SOMEONE_ELSE = /\b(?:he|she|they)\b/i;
const ANYONE =
  /\byou\s+(?:gotta|got to|have to|had to|have got to|need to|needed to|must|can|could|can't|couldn't|would|wouldn't|'d|should|shouldn't|never|always)\b/i;

/**
 * A date or place asked of the narrator is not answered by a sentence whose every such fact stands in a
 * clause about him, her or them with no word for the narrator. A fact from the next sentence (a bridge) is
 * left alone: "I met your grandmother at a dance. She was studying pharmacy…" goes on about the meeting.
 */
export function otherSubject(ctx: CheckContext, j: Judged): string | undefined {
  if (j.facts.length === 0 || !ASKS_NARRATOR.test(ctx.question.text)) return undefined;
  if (!['when', 'year', 'where', 'duration', 'count', 'measure', 'money'].includes(ctx.question.want)) return undefined;
  const sentence = ctx.index.texts[j.index]!;
  // "How long did you stay on him" / "You gotta stay on eight. Eight seconds, one hand": "you" with "gotta",
  // "had to", "could" says what anyone must or may do (the rule), not what the narrator did; the next
  // sentence, when it holds the fact, goes on with the rule.
  const generic = /\b(?:have to|has to|had to|gotta|got to|need to|must|can|could|should|would|do you)\b/.test(
    ctx.question.text,
  );
  if (!generic && !NARRATOR.test(sentence) && ANYONE.test(sentence)) return 'told of anyone';
  if (j.bridge !== undefined) return undefined;
  const clauses = j.facts.map((fact) => clauseBefore(sentence, fact));
  // "Gurdev went to England first, in nineteen sixty-one": a clause opening with someone's name is theirs.
  const people = ctx.index.facts[j.index]!.filter((f) => f.kind === 'person' && /^\p{Lu}/u.test(f.text));
  const named = (c: string) => people.some((p) => c.trimStart().startsWith(p.text) && !NARRATOR.test(p.text));
  // "…and then my sister Olga, she was born in forty-three": "my" before a relative speaks of that relative.
  const narratorIn = (c: string) => NARRATOR.test(c.replace(MY_RELATIVE, ''));
  if (clauses.every((c) => !narratorIn(c) && (SOMEONE_ELSE.test(c) || named(c)))) return 'told of someone else';
  // The reverse (a date asked of "your dad" in a clause about "I") was tried and dropped: "where was Siobhan
  // from" / "…and a girl from Cork" shares the clause with the narrator (dev: −8 cited for −1 wrong fact).
  return undefined;
}

/** The subject and main verb of "(wh…) did your dad work", "where was Hilja born", "what did you study". */
const ASKED_CLAUSE =
  /^(?:what|which|where|when|how|why)\b[^?]*?\b(?:did|does|do|was|were|is|are|could|would|had|has|have)\s+((?:your\s+|his\s+|her\s+|my\s+|the\s+)?[a-z'-]+)\s+(?:ever\s+|first\s+|usually\s+|still\s+)?([a-z]+)/;
/** "who did you marry", "who did grandpa work for": whom someone did it to or for. */
const ASKED_WHOM =
  /^who\s+(?:did|does|do|would|had|has|have)\s+((?:your\s+|his\s+|her\s+|my\s+|the\s+)?[a-z'-]+)\s+(?:ever\s+|first\s+|usually\s+|still\s+)?([a-z]+)/;
/** Pronouns a clause's subject is said with. */
const SUBJECT = /\b(I|we|he|she|they)\b/gi;

/**
 * "Which mine did he work at" / "I left school at fifteen and worked in the Co-op drapery": the verb asked
 * about, said in the sentence of the narrator ("I worked") when the question asks it of someone else, or of
 * someone else ("he worked") when it asks the narrator, tells another person's doing. The subject is the
 * nearest subject pronoun before the verb in its clause; a sentence that also says the verb of the one asked
 * is left alone.
 */
export function verbOfOther(ctx: CheckContext, j: Judged): string | undefined {
  if (ctx.question.want === 'name') return undefined;
  // "who did you marry" asks whom the narrator married (the subject is "you"); "who married you" asks a subject.
  const m = (ctx.question.want === 'who' ? ASKED_WHOM : ASKED_CLAUSE).exec(ctx.question.text);
  if (!m) return undefined;
  const [, subject, verbWord] = m;
  const verb = termOf(verbWord!);
  if (!verb || !ctx.terms.some((t) => t.term === verb && t.pos === 'VERB')) return undefined;
  const asksNarrator = subject === 'you';
  // Someone else surely: "he", "she", "your dad", a name the story gives (not a family word alone, which may
  // be the listener's word for the narrator, nor a thing: "the surrender").
  const name = termOf(subject!);
  const someoneElse =
    /^(?:he|she)$/.test(subject!) || /^(?:your|his|her)\s/.test(subject!) || (!!name && ctx.index.names.has(name));
  if (!asksNarrator && !someoneElse) return undefined;
  const own = asksNarrator ? undefined : subject!.split(/\s+/).pop()!;
  const sentence = ctx.index.texts[j.index]!;
  // The one asked about, said in the sentence ("with Robbie asleep on a blanket… and I did not sleep"), may
  // be doing it in other words.
  if (own && new RegExp(`\\b${own}\\b`, 'i').test(sentence)) return undefined;
  const subjects: string[] = [];
  let offset = 0;
  for (const token of tokensOf(sentence)) {
    const at = sentence.indexOf(token.value, offset);
    if (at < 0) continue;
    offset = at + token.value.length;
    if (token.type !== 'word' || termOf(token.value.toLowerCase()) !== verb) continue;
    const clause = clauseBefore(sentence, { kind: 'count', text: token.value, start: at, end: offset });
    const last = [...clause.matchAll(SUBJECT)].at(-1);
    if (!last) return undefined;
    // The pronoun is the verb's subject only right before it ("I had worked") or joined by "and" ("I left
    // school and worked"), not across another verb ("the family I work for lived").
    const between = clause
      .slice(last.index! + last[0].length)
      .trim()
      .split(/\s+/)
      .filter(Boolean);
    // "she came up to marry him": the subject of a verb said after "to" is the one who came.
    if (
      between.length > 2 &&
      !/\band(?:\s+then)?$/i.test(between.join(' ')) &&
      !(between.length <= 4 && between.at(-1)!.toLowerCase() === 'to')
    )
      return undefined;
    subjects.push(last[1]!.toLowerCase());
  }
  if (subjects.length === 0) return undefined;
  const wrong = (s: string) => (asksNarrator ? /^(?:he|she|they)$/.test(s) : s === 'i');
  return subjects.every(wrong) ? `${subjects.join('/')} ${verbWord}, not ${subject}` : undefined;
}
