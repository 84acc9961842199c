import type { FollowUpResult } from './follow-ups.ts';
import type { EvalResult } from './score.ts';

const pct = (right: number, total: number) =>
  `${total ? ((right / total) * 100).toFixed(1) : '0.0'}% (${right}/${total})`;

function line(name: string, r: EvalResult): string {
  const kind = (k: string) => r.byTag.get(`kind:${k}`) ?? { total: 0, right: 0 };
  return (
    `  ${name}: cited ${pct(r.answerable.right, r.answerable.total)}; declined ${pct(r.declines.right, r.declines.total)}; ` +
    `unsupported ${pct(r.unsupported.count, r.unsupported.answersGiven)}; fact text ${pct(r.factText.right, r.factText.total)}; ` +
    `follow-ups right ${pct(kind('followup').right, kind('followup').total)}, fresh right ${pct(kind('fresh').right, kind('fresh').total)}`
  );
}

/** The follow-up figures of one split: with the previous answer's sentences, and alone. */
export function formatFollowUps(split: string, result: FollowUpResult): string[] {
  return [
    `${split} follow-ups: ${result.pairs} pairs; first answers cited right ${pct(result.firstRight, result.pairs)}`,
    line('with the previous answer', result.withContext),
    line('asked alone', result.alone),
  ];
}
