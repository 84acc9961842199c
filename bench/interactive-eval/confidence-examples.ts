/**
 * The calibrated decline's examples (train-confidence.ts, confidence-cv.ts): every dev question the answerer
 * answers with the gate off, what the stages measured of its chosen sentence, and whether the cited sentence
 * holds the gold answer (an answer to a question the story does not answer is wrong). Dev split only.
 */
import { answerLocally, decideLocally } from '@storyloom/functions/adapters/answerer/local';
import { type ConfidenceInput, confidenceTuning } from '@storyloom/functions/adapters/answerer/local/confidence';
import { splitSentences } from '@storyloom/functions/adapters/answerer/text';
import { heardCountFor, loadEvalSet } from './score.ts';

export interface DevAnswer {
  story: string;
  input: ConfidenceInput;
  heardCount: number;
  right: number;
  answerable: boolean;
}

export function devAnswers(): DevAnswer[] {
  const out: DevAnswer[] = [];
  const was = confidenceTuning.on;
  confidenceTuning.on = false;
  try {
    for (const story of loadEvalSet('dev')) {
      const sentences = splitSentences(story.content);
      const request = {
        story: { title: story.title, location: story.location, startDate: story.start_date, endDate: story.end_date },
        sentences,
      };
      for (const q of story.questions) {
        const heardCount = heardCountFor(sentences, story.content, q.asked_after);
        const answer = answerLocally({ ...request, heardCount, question: q.q });
        if (answer.declined) continue;
        const expected = q.expect;
        const cited = answer.citedSentenceIds.map((id) => sentences.find((s) => s.id === id)?.text ?? '');
        const right = typeof expected !== 'string' && cited.some((t) => expected.answer.some((p) => t.includes(p)));
        const { index, question, terms, judged, decision } = decideLocally({ ...request, heardCount, question: q.q });
        if (decision.kind !== 'answer') continue;
        out.push({
          story: story.file,
          input: { judged, chosen: decision.chosen, question, terms, index },
          heardCount,
          right: right ? 1 : 0,
          answerable: typeof expected !== 'string',
        });
      }
    }
  } finally {
    confidenceTuning.on = was;
  }
  return out;
}
