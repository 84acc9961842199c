/**
 * Traces the local answerer's stages on dev questions (`node --import tsx bench/interactive-eval/dev-trace.ts
 * <story file prefix> [question substring]`); a question none of the story's contains is asked as written (heard
 * to the end). Dev split only: the test split is never read here.
 */
import { answerLocally, type Trace } from '@storyloom/functions/adapters/answerer/local';
import { splitSentences } from '@storyloom/functions/adapters/answerer/text';
import { heardCountFor, loadEvalSet } from './score.ts';

const [prefix = '', needle = ''] = process.argv.slice(2);
for (const story of loadEvalSet('dev').filter((s) => s.file.startsWith(prefix))) {
  const sentences = splitSentences(story.content);
  const matching = story.questions.filter((x) => x.q.includes(needle));
  const asked = matching.length ? matching : [{ q: needle, asked_after: undefined, expect: '(asked as written)' }];
  for (const q of asked) {
    const trace: Trace = [];
    const heardCount = heardCountFor(sentences, story.content, q.asked_after);
    answerLocally(
      {
        story: { title: story.title, location: story.location, startDate: story.start_date, endDate: story.end_date },
        sentences,
        heardCount,
        question: q.q,
      },
      'local',
      trace,
    );
    console.log(`${story.file} "${q.q}" heard ${heardCount}/${sentences.length} expect ${JSON.stringify(q.expect)}`);
    for (const line of trace) console.log(`  ${line}`);
  }
}
