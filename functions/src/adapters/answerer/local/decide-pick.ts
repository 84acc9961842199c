import type { Judged } from './decide.ts';
import { decideTuning } from './decide-tuning.ts';
import type { StoryIndex } from './retrieve.ts';

/**
 * The decide stage's last step: among the judged sentences, the heard one that answers, or which decline
 * ("not yet heard" only when the unheard part answers with the same confidence and better).
 */
export type Decision =
  | { kind: 'answer'; chosen: Judged }
  | { kind: 'not-yet-heard'; unheard: Judged }
  | { kind: 'not-in-story' };

function best(list: Judged[]): Judged | undefined {
  let top: Judged | undefined;
  for (const j of list) if (!top || j.value > top.value) top = j;
  return top;
}

/** The heard sentence that answers, or which decline. `heardCount`: sentences heard (ids 1…heardCount). */
export function decide(judged: readonly Judged[], index: StoryIndex, heardCount: number): Decision {
  const lastId = (j: Judged) => index.ids[j.bridge ?? j.index]!;
  const passing = judged.filter((j) => j.passes);
  const heardAll = judged.filter((j) => lastId(j) <= heardCount);
  // A sentence a check rule turned down (its fact is of another thing: "my first year") does not outweigh one
  // that answers with less of the question's words ("thirty-two years at that refinery").
  const bestCoverage = Math.max(
    0,
    ...heardAll.filter((j) => !j.blocked?.some((b) => b.startsWith('check:'))).map((j) => j.coverage),
  );
  const heard = best(
    passing.filter(
      (j) => lastId(j) <= heardCount && (!j.facts.length || j.coverage + decideTuning.typedShortfall >= bestCoverage),
    ),
  );
  const unheard = best(passing.filter((j) => lastId(j) > heardCount));
  if (unheard && (!heard || unheard.coverage > heard.coverage + decideTuning.unheardMargin))
    return { kind: 'not-yet-heard', unheard };
  if (!heard) {
    // The looser pass: the story says the thing asked about and the fact, but not with the question's verb
    // ("who owned the stand" / "the fella with the fruit stand, Nick"). Taken only when exactly one
    // sentence of the whole story qualifies so, heard, and none passes in the unheard part.
    const loose = judged.filter((j) => j.looseOnly && !j.untold);
    if (decideTuning.loosePass && loose.length === 1 && !unheard && lastId(loose[0]!) <= heardCount)
      return { kind: 'answer', chosen: loose[0]! };
  }
  if (!heard || heard.untold) return { kind: 'not-in-story' };
  return { kind: 'answer', chosen: heard };
}
