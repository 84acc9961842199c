import type { Judged } from './decide.ts';
import type { StoryIndex } from './retrieve.ts';

/**
 * "whats a mocha", "what is churchkhela": a listener asks what a word of the story means — often a word of the
 * narrator's own language. The sentence that says what it is ("The machete for cane is called a mocha", "An
 * arroba is twenty-five pounds", "churchkhela, walnuts dipped in grape juice") answers, not another that only
 * uses the word ("But I kept the mocha"). Among the sentences that pass, one that defines the word comes first.
 */

/** The word a definition question asks about, lower case; undefined for any other question. */
export function definedWord(questionText: string): string | undefined {
  const m =
    /^(?:what|wat|wht)(?:'?s| is| are| was| were| does| do)\s+(?:a |an |the )?([\p{L}'-]+?)(?:s)?(?: mean)?\s*\??$/u.exec(
      questionText.trim().toLowerCase(),
    );
  return m?.[1];
}

/**
 * Whether the sentence says what `word` is: "X is/was a…" (not "the mace was taken off": a deed done to it), "…is
 * called (a) X", "X, a/an/the…", "X means…".
 */
export function defines(text: string, word: string): boolean {
  const w = word.replace(/[^\p{L}'-]/gu, '');
  if (!w) return false;
  const x = `${w}s?`;
  return new RegExp(
    `\\b${x}\\s+(?:(?:is|are|was|were)\\s+(?:an?|the|like|made|what|how|just|kind|sort|some|our|your|my|big|small|little)|means|meant)\\b|\\b(?:is|are|was|were)\\s+called\\s+(?:an?\\s+|the\\s+)?${x}\\b|\\bwe\\s+called\\s+(?:it|them)\\s+${x}\\b|\\b${x}\\s*(?:,|—|–|\\()\\s*(?:an?|the|which|that|what)\\b`,
    'iu',
  ).test(text);
}

/** The judged sentences with those that define the word asked about ranked first among those that pass. */
export function preferDefinitions(judged: Judged[], questionText: string, index: StoryIndex): Judged[] {
  const word = definedWord(questionText);
  if (!word) return judged;
  const top = Math.max(0, ...judged.map((j) => j.value));
  return judged.map((j) => (j.passes && defines(index.texts[j.index]!, word) ? { ...j, value: j.value + top + 1 } : j));
}
