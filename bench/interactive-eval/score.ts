/**
 * Scores an answerer on the evaluation set (bench/interactive-eval/README.md). Used by `npm run bench`
 * and by the quality-gate unit test.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { Answerer, StorySentence } from '@storyloom/functions/adapters/answerer/port';
import { splitSentences } from '@storyloom/functions/adapters/answerer/text';

export interface EvalQuestion {
  q: string;
  asked_after?: string;
  expect: { answer: string[] } | 'not-in-story' | 'not-yet-heard';
}

export interface EvalStory {
  file: string;
  title: string;
  location?: string;
  start_date?: string;
  end_date?: string;
  content: string;
  questions: EvalQuestion[];
}

export interface EvalResult {
  answerable: { total: number; right: number };
  declines: { total: number; right: number; rightKind: number };
  /** Milliseconds per answer (text only). */
  latencies: number[];
  failures: string[];
}

const here = dirname(fileURLToPath(import.meta.url));

export function loadEvalSet(): EvalStory[] {
  const dir = join(here, 'stories');
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

export async function scoreAnswerer(answerer: Answerer, stories = loadEvalSet()): Promise<EvalResult> {
  const result: EvalResult = {
    answerable: { total: 0, right: 0 },
    declines: { total: 0, right: 0, rightKind: 0 },
    latencies: [],
    failures: [],
  };
  for (const story of stories) {
    const sentences = splitSentences(story.content);
    for (const question of story.questions) {
      const heardCount = heardCountFor(sentences, story.content, question.asked_after);
      const started = performance.now();
      const answer = await answerer.answer({
        story: {
          title: story.title,
          location: story.location,
          startDate: story.start_date,
          endDate: story.end_date,
        },
        sentences,
        heardCount,
        question: question.q,
      });
      result.latencies.push(performance.now() - started);
      const label = `${story.file}: "${question.q}"${question.asked_after ? ` (after "${question.asked_after}")` : ''}`;
      if (typeof question.expect === 'string') {
        result.declines.total++;
        if (answer.declined) result.declines.right++;
        if (answer.declined === question.expect) result.declines.rightKind++;
        else result.failures.push(`${label}: expected ${question.expect}, got ${answer.declined || answer.answer}`);
      } else {
        result.answerable.total++;
        const phrases = question.expect.answer;
        const cited = answer.citedSentenceIds.map((id) => sentences.find((s) => s.id === id)?.text ?? '');
        if (!answer.declined && cited.some((text) => phrases.some((p) => text.includes(p)))) result.answerable.right++;
        else
          result.failures.push(
            `${label}: expected [${phrases.join(' | ')}], got ${answer.declined || cited.join(' / ')}`,
          );
      }
    }
  }
  return result;
}

export const rate = (part: { total: number; right: number }) => (part.total ? part.right / part.total : 0);
