import type { StorySentence } from './port.ts';

/**
 * Sentence splitting without a language model, so the routes that only split (read-along, the owner's list
 * of asked questions) do not load one (docs/interactive.md, "Bundles"), and every route numbers sentences
 * the same way the answerer cites them. A sentence ends at . ! ? or … (with closing quotes or brackets)
 * before a capital, a digit, an opening quote or the end; never after a title or an initial ("Mrs.",
 * "J."), never inside a number ("2.5"); a line break always ends one.
 */
const ABBREVIATIONS = new Set(
  'mr mrs ms mx dr st jr sr mt ft prof rev gen col capt lt sgt cpl pte fr sen rep gov pres supt messrs ave rd blvd vs v e.g i.e a.m p.m cf approx dept est fig inc ltd co corp bros'.split(
    ' ',
  ),
);

const BOUNDARY = /[.!?…]+["'”’)\]]*(?=\s+["'“‘([]?[\p{Lu}\p{N}]|\s*$)/gu;

/** Sentences numbered from 1, with offsets (UTF-16 code units) into `content`. */
export function splitSentences(content: string): StorySentence[] {
  const out: StorySentence[] = [];
  const push = (start: number, end: number) => {
    while (start < end && /\s/.test(content[start]!)) start++;
    while (end > start && /\s/.test(content[end - 1]!)) end--;
    if (end > start) out.push({ id: out.length + 1, text: content.slice(start, end), start, end });
  };
  for (const line of content.matchAll(/[^\n\r]+/g)) {
    const base = line.index!;
    const text = line[0];
    let start = 0;
    for (const m of text.matchAll(BOUNDARY)) {
      const end = m.index! + m[0].length;
      if (m[0] === '.' && isAbbreviation(text, m.index!, text.slice(end))) continue;
      push(base + start, base + end);
      start = end;
    }
    push(base + start, base + text.length);
  }
  return out;
}

/** The word before a single period is a title, an abbreviation or an initial ("Mrs.", "a.m.", "J.", "No. 5"). */
function isAbbreviation(text: string, period: number, after: string): boolean {
  const word = /([\p{L}.]+)$/u.exec(text.slice(0, period))?.[1] ?? '';
  if (/^\p{Lu}$/u.test(word)) return true;
  // "No. 5" is a number; "I said no." ends a sentence.
  if (/^no$/i.test(word)) return /^\s*\d/.test(after);
  return ABBREVIATIONS.has(word.toLowerCase());
}
