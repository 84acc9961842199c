/**
 * The dev answers one check rule changes (`node --import tsx bench/interactive-eval/dev-rule-diff.ts only-owner`):
 * each question whose answer differs with the rule on and off, both answers. Dev only.
 */
import { answerLocally } from '@storyloom/functions/adapters/answerer/local';
import { checkTuning } from '@storyloom/functions/adapters/answerer/local/check';
import { splitSentences } from '@storyloom/functions/adapters/answerer/sentences';
import { heardCountFor, loadEvalSet } from './score.ts';

const rule = process.argv[2]!;
for (const story of loadEvalSet('dev')) {
  const sentences = splitSentences(story.content);
  for (const q of story.questions) {
    const req = {
      story: { title: story.title, location: story.location, startDate: story.start_date, endDate: story.end_date },
      sentences,
      heardCount: heardCountFor(sentences, story.content, q.asked_after),
      question: q.q,
    };
    checkTuning.off.clear();
    const on = answerLocally(req);
    checkTuning.off.add(rule);
    const off = answerLocally(req);
    if (on.answer !== off.answer)
      console.log(
        `${story.file} "${q.q}" expect ${JSON.stringify(q.expect)}\n   on:  ${on.answer}\n   off: ${off.answer}`,
      );
  }
}
