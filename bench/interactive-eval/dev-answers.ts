/**
 * Prints every dev answer, one line a question (file, question, answer), so two versions of the answerer can
 * be compared with `diff` (`node --import tsx bench/interactive-eval/dev-answers.ts > before.txt`). Dev only.
 */
import { answerLocally } from '@storyloom/functions/adapters/answerer/local';
import { splitSentences } from '@storyloom/functions/adapters/answerer/text';
import { heardCountFor, loadEvalSet } from './score.ts';

for (const story of loadEvalSet('dev')) {
  const sentences = splitSentences(story.content);
  for (const q of story.questions) {
    const heardCount = heardCountFor(sentences, story.content, q.asked_after);
    const details = {
      title: story.title,
      location: story.location,
      startDate: story.start_date,
      endDate: story.end_date,
    };
    const answer = answerLocally({ story: details, sentences, heardCount, question: q.q });
    console.log(`${story.file}\t${q.q}\t${answer.answer}`);
  }
}
