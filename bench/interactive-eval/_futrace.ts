import { answerLocally } from '@storyloom/functions/adapters/answerer/local';
import { splitSentences } from '@storyloom/functions/adapters/answerer/text';
import { loadFollowUps } from './follow-ups.ts';
import { heardCountFor, loadEvalSet } from './score.ts';

const [file, then] = process.argv.slice(2);
const pair = loadFollowUps('dev').find((p) => p.story.startsWith(file!) && p.then.q === then)!;
const story = loadEvalSet('dev').find((s) => s.file === pair.story)!;
const sentences = splitSentences(story.content);
const heardCount = heardCountFor(sentences, story.content, pair.asked_after);
const req = { story: { title: story.title }, sentences, heardCount };
const first = answerLocally({ ...req, question: pair.first.q });
console.log('first', first.citedSentenceIds, first.answer);
for (const id of first.citedSentenceIds) for (let i = id - 1; i <= id + 2; i++) console.log(i, sentences[i - 1]?.text);
const trace: string[] = [];
const a = answerLocally({ ...req, question: pair.then.q, follows: first.citedSentenceIds }, 'local', trace);
console.log(trace.join('\n'));
console.log(a);
