/**
 * Traces the local answerer on a made-up story (`node --import tsx bench/interactive-eval/try-story.ts '<story>'
 * '<question>' [check rule to switch off]`): for writing a rule's unit test on a story no split holds.
 */
import { answerLocally, type Trace } from '@storyloom/functions/adapters/answerer/local';
import { checkTuning } from '@storyloom/functions/adapters/answerer/local/check';
import { splitSentences } from '@storyloom/functions/adapters/answerer/sentences';

const [story, question, off] = process.argv.slice(2);
if (off) checkTuning.off.add(off);
const sentences = splitSentences(story!);
const trace: Trace = [];
answerLocally(
  {
    story: { title: 'My story', location: '', startDate: '', endDate: '' } as never,
    sentences,
    heardCount: sentences.length,
    question: question!,
  },
  'local',
  trace,
);
console.log(trace.join('\n'));
