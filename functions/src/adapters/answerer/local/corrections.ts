/**
 * The resolve-corrections stage: narrators correct themselves ("For years I told people forty… it was
 * twenty-six", "the sixteenth, no, hang on, ours broke the seventeenth"). A later heard sentence that says
 * it corrects, and speaks of the same thing, supersedes the one chosen; within one sentence, the fact after
 * the correction wins (phrase stage).
 */
export const CORRECTION =
  /\b(no,? wait|wait,? no|i tell a lie|no,? hang on|hang on|i'?m sorry|sorry,|actually|turned out|it was never|was really|in fact|i mean|correction|i said earlier|i told people|for years i|i was wrong|that'?s not right|not [\w-]+,? (?:but|it was)|no,? no|let me think)\b|^no\b|^okay,|, no,/i;

export function isCorrection(text: string): boolean {
  return CORRECTION.test(text);
}

/** Where, inside a sentence, a correction starts (-1 if none): the fact after it wins. */
export function correctionAt(text: string): number {
  const m = CORRECTION.exec(text);
  return m ? m.index : -1;
}
