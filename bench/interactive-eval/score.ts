/**
 * Scores an answerer on the evaluation corpus (bench/interactive-eval/README.md): the dev split (develop and
 * tune on it) and the test split (report only). Used by `npm run bench -- interactive` and the quality gate.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { Answer, Answerer, StorySentence } from '@storyloom/functions/adapters/answerer/port';
import { splitSentences } from '@storyloom/functions/adapters/answerer/text';
import { statesFact } from './normalize.ts';

export type QuestionType = 'who' | 'where' | 'when' | 'howmany' | 'fact' | 'yesno' | 'why' | 'how' | 'what';

export interface EvalQuestion {
  q: string;
  /** What the question asks for; the text of who/where/when/how-many/fact answers is judged against `fact`. */
  type?: QuestionType;
  /** What makes it hard: paraphrase, kinship, tempting, notyet, correction, confusable, numwords, … */
  tags?: string[];
  asked_after?: string;
  expect: { answer: string[] } | 'not-in-story' | 'not-yet-heard';
  /** The fact the answer must state (any one of them), compared after `normalizeFact`. */
  fact?: string[];
}

export interface EvalStory {
  file: string;
  title: string;
  location?: string;
  start_date?: string;
  end_date?: string;
  narrator?: string;
  style?: 'written' | 'spoken';
  content: string;
  questions: EvalQuestion[];
}

export type Split = 'dev' | 'validation' | 'test';

/** Question types whose answer text is judged (the acceptance figure: who, where, when, how many). */
export const FACT_TYPES: readonly QuestionType[] = ['who', 'where', 'when', 'howmany'];

export interface Tally {
  total: number;
  right: number;
}

export interface EvalResult {
  /** Answerable questions: the cited sentence holds the answer. */
  answerable: Tally;
  /** Unanswerable and not-yet-heard questions: declined (rightKind: with the right kind of decline). */
  declines: Tally & { rightKind: number };
  /** Answers given (not declined) where the heard story does not tell the answer. */
  unsupported: { count: number; answersGiven: number };
  /** Who/where/when/how-many answerable questions with a gold fact: the answer text states it. */
  factText: Tally;
  /** The same for `fact` questions (what was X called, what did Y do). */
  otherFactText: Tally;
  /** Per tag: right (cited or declined as expected) / total. */
  byTag: Map<string, Tally>;
  /** Milliseconds per answer (text only). */
  latencies: number[];
  failures: string[];
}

const here = dirname(fileURLToPath(import.meta.url));

export function loadEvalSet(split: Split): EvalStory[] {
  const dir = join(here, split);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => ({ file, ...(JSON.parse(readFileSync(join(dir, file), 'utf8')) as Omit<EvalStory, 'file'>) }));
}

/** How many sentences were heard when the question was asked. */
export function heardCountFor(sentences: readonly StorySentence[], content: string, askedAfter?: string): number {
  if (!askedAfter) return sentences.length;
  const at = content.indexOf(askedAfter);
  if (at < 0) throw new Error(`asked_after phrase not in story: ${askedAfter}`);
  const sentence = sentences.find((s) => s.start <= at && at < s.end);
  if (!sentence) throw new Error(`no sentence holds: ${askedAfter}`);
  return sentence.id;
}

/**
 * Problems of the gold itself (not of an answerer): a gold phrase no heard sentence holds, a not-yet-heard
 * question whose asked_after phrase is missing. Printed by the bench so a broken question is fixed, not scored.
 */
export function goldProblems(stories: readonly EvalStory[]): string[] {
  const problems: string[] = [];
  for (const story of stories) {
    const sentences = splitSentences(story.content);
    for (const q of story.questions) {
      let heard: number;
      try {
        heard = heardCountFor(sentences, story.content, q.asked_after);
      } catch (error) {
        problems.push(`${story.file}: "${q.q}": ${(error as Error).message}`);
        continue;
      }
      if (q.expect === 'not-yet-heard' && !q.asked_after)
        problems.push(`${story.file}: "${q.q}": not-yet-heard without asked_after`);
      if (typeof q.expect === 'object') {
        const ok = q.expect.answer.some((p) => sentences.slice(0, heard).some((s) => s.text.includes(p)));
        if (!ok) problems.push(`${story.file}: "${q.q}": no heard sentence holds [${q.expect.answer.join(' | ')}]`);
      }
    }
  }
  return problems;
}

export function bump(map: Map<string, Tally>, key: string, right: boolean): void {
  const tally = map.get(key) ?? { total: 0, right: 0 };
  tally.total++;
  if (right) tally.right++;
  map.set(key, tally);
}

export async function scoreAnswerer(answerer: Answerer, stories: readonly EvalStory[]): Promise<EvalResult> {
  const result = emptyResult();
  for (const story of stories) {
    const sentences = splitSentences(story.content);
    for (const question of story.questions) {
      const heardCount = heardCountFor(sentences, story.content, question.asked_after);
      const started = performance.now();
      const answer = await answerer.answer({
        story: { title: story.title, location: story.location, startDate: story.start_date, endDate: story.end_date },
        sentences,
        heardCount,
        question: question.q,
      });
      result.latencies.push(performance.now() - started);
      const label = `${story.file}: "${question.q}"${question.asked_after ? ` (after "${question.asked_after}")` : ''}`;
      tallyAnswer(result, label, sentences, question, answer);
    }
  }
  return result;
}

/** An empty tally of every figure. */
export function emptyResult(): EvalResult {
  return {
    answerable: { total: 0, right: 0 },
    declines: { total: 0, right: 0, rightKind: 0 },
    unsupported: { count: 0, answersGiven: 0 },
    factText: { total: 0, right: 0 },
    otherFactText: { total: 0, right: 0 },
    byTag: new Map(),
    latencies: [],
    failures: [],
  };
}

/**
 * Counts one answer to one question into the figures (and its miss, if it is one, into `failures`); whether it
 * was right (cited the answer, or declined as expected).
 */
export function tallyAnswer(
  result: EvalResult,
  label: string,
  sentences: readonly StorySentence[],
  question: EvalQuestion,
  answer: Answer,
): boolean {
  if (!answer.declined) result.unsupported.answersGiven++;
  let right: boolean;
  if (typeof question.expect === 'string') {
    result.declines.total++;
    right = Boolean(answer.declined);
    if (right) result.declines.right++;
    else result.unsupported.count++;
    if (answer.declined === question.expect) result.declines.rightKind++;
    else result.failures.push(`${label}: expected ${question.expect}, got ${answer.declined || answer.answer}`);
  } else {
    result.answerable.total++;
    const phrases = question.expect.answer;
    const cited = answer.citedSentenceIds.map((id) => sentences.find((s) => s.id === id)?.text ?? '');
    right = !answer.declined && cited.some((text) => phrases.some((p) => text.includes(p)));
    if (right) result.answerable.right++;
    else
      result.failures.push(`${label}: expected [${phrases.join(' | ')}], got ${answer.declined || cited.join(' / ')}`);
    if (question.fact && question.type) {
      const tally = FACT_TYPES.includes(question.type)
        ? result.factText
        : question.type === 'fact'
          ? result.otherFactText
          : undefined;
      if (tally) {
        tally.total++;
        const stated = !answer.declined && question.fact.some((f) => statesFact(answer.answer, f));
        if (stated) tally.right++;
        else if (right)
          result.failures.push(
            `${label}: cited right but the answer "${answer.answer}" does not state [${question.fact.join(' | ')}]`,
          );
      }
    }
  }
  for (const tag of question.tags ?? []) bump(result.byTag, tag, right);
  bump(result.byTag, `type:${question.type ?? 'untyped'}`, right);
  return right;
}

export const rate = (part: Tally) => (part.total ? part.right / part.total : 0);
