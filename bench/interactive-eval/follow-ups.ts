/**
 * Follow-up questions (bench/interactive-eval/README.md, "Follow-ups"): a listener asks a question, hears the
 * answer, then asks one that points back at it ("what year was that"). Each pair names a story of the dev or
 * test split; the follow-up is asked with the sentences the answerer itself cited for the first question (as
 * the player sends them), and, for comparison, alone (as it was before follow-ups were read).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { Answerer } from '@storyloom/functions/adapters/answerer/port';
import { splitSentences } from '@storyloom/functions/adapters/answerer/text';
import {
  bump,
  type EvalQuestion,
  type EvalResult,
  emptyResult,
  heardCountFor,
  loadEvalSet,
  tallyAnswer,
} from './score.ts';

export interface FollowUpPair {
  story: string;
  asked_after?: string;
  /** `followup`: points back at the first answer; `fresh`: a new topic, to be answered as if asked alone. */
  kind: 'followup' | 'fresh';
  first: { q: string; answer: string[] };
  then: Omit<EvalQuestion, 'asked_after'>;
}

const here = dirname(fileURLToPath(import.meta.url));

export function loadFollowUps(split: 'dev' | 'test'): FollowUpPair[] {
  return JSON.parse(readFileSync(join(here, 'followups', `${split}.json`), 'utf8')) as FollowUpPair[];
}

export interface FollowUpResult {
  /** The follow-up asked with the first answer's citations (per kind of pair in `byTag`: `kind:followup`, `kind:fresh`). */
  withContext: EvalResult;
  /** The same follow-up asked alone. */
  alone: EvalResult;
  /** First questions whose answer cited the gold sentence (the context the follow-up was asked with). */
  firstRight: number;
  pairs: number;
}

export async function scoreFollowUps(answerer: Answerer, split: 'dev' | 'test'): Promise<FollowUpResult> {
  const stories = new Map(loadEvalSet(split).map((s) => [s.file, s]));
  const result: FollowUpResult = { withContext: emptyResult(), alone: emptyResult(), firstRight: 0, pairs: 0 };
  for (const pair of loadFollowUps(split)) {
    const story = stories.get(pair.story);
    if (!story) throw new Error(`follow-up names no ${split} story: ${pair.story}`);
    const sentences = splitSentences(story.content);
    const heardCount = heardCountFor(sentences, story.content, pair.asked_after);
    const request = {
      story: { title: story.title, location: story.location, startDate: story.start_date, endDate: story.end_date },
      sentences,
      heardCount,
    };
    const first = await answerer.answer({ ...request, question: pair.first.q });
    const cited = first.citedSentenceIds.map((id) => sentences.find((s) => s.id === id)?.text ?? '');
    if (cited.some((text) => pair.first.answer.some((p) => text.includes(p)))) result.firstRight++;
    result.pairs++;
    const label = `${pair.story}: "${pair.first.q}" → "${pair.then.q}" (${pair.kind})`;
    const question = { ...pair.then, asked_after: pair.asked_after };
    const started = performance.now();
    const answer = await answerer.answer({ ...request, question: pair.then.q, follows: first.citedSentenceIds });
    result.withContext.latencies.push(performance.now() - started);
    bump(
      result.withContext.byTag,
      `kind:${pair.kind}`,
      tallyAnswer(result.withContext, label, sentences, question, answer),
    );
    const alone = await answerer.answer({ ...request, question: pair.then.q });
    bump(result.alone.byTag, `kind:${pair.kind}`, tallyAnswer(result.alone, label, sentences, question, alone));
  }
  return result;
}
