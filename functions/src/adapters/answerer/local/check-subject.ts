import type { CheckContext } from './check.ts';
import { clauseBefore } from './check-said.ts';
import type { Judged } from './decide.ts';

/**
 * Whose doing the fact tells. "When did you come to Chicago" asks the narrator's own coming; a date or place
 * said in a clause about someone else ("He played bass for a quintet that came in on Tuesdays") is that
 * person's, however many words it shares with the question.
 */

/** "when did you…", "where were you…", "what year did you…": a date or place asked of the narrator. */
const ASKS_NARRATOR = /^(?:when|where|what year|which year|what month)\b.*\b(?:did|were|was|do|have|had) you\b/;
const NARRATOR = /\b(?:I|we|me|us|my|our|I'd|I'm|we'd|we're)\b/i;
const SOMEONE_ELSE = /\b(?:he|she|they)\b/i;

/**
 * A date or place asked of the narrator is not answered by a sentence whose every such fact stands in a
 * clause about him, her or them with no word for the narrator. A fact from the next sentence (a bridge) is
 * left alone: "I met your grandmother at a dance. She was studying pharmacy…" goes on about the meeting.
 */
export function otherSubject(ctx: CheckContext, j: Judged): string | undefined {
  if (j.bridge !== undefined || j.facts.length === 0) return undefined;
  if (!['when', 'year', 'where'].includes(ctx.question.want)) return undefined;
  const sentence = ctx.index.texts[j.index]!;
  const clauses = j.facts.map((fact) => clauseBefore(sentence, fact));
  if (ASKS_NARRATOR.test(ctx.question.text))
    return clauses.every((c) => !NARRATOR.test(c) && SOMEONE_ELSE.test(c)) ? 'told of someone else' : undefined;
  // The reverse (a date asked of "your dad" in a clause about "I") was tried and dropped: "where was Siobhan
  // from" / "…and a girl from Cork" shares the clause with the narrator (dev: −8 cited for −1 wrong fact).
  return undefined;
}
