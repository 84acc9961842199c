/**
 * Traces the local answerer's stages on dev questions (`node --import tsx bench/interactive-eval/dev-trace.ts
 * <story file prefix> [question substring]`). Dev split only: the test split is never read here.
 */
import { answerLocally, type Trace } from '@storyloom/functions/adapters/answerer/local';
import { splitSentences } from '@storyloom/functions/adapters/answerer/text';
import { heardCountFor, loadEvalSet } from './score.ts';

const [prefix = '', needle = ''] = process.argv.slice(2);
for (const story of loadEvalSet('dev').filter((s) => s.file.startsWith(prefix))) {
  const sentences = splitSentences(story.content);
  for (const q of story.questions.filter((x) => x.q.includes(needle))) {
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
