/**
 * Traces one dev follow-up through the stages (`node --import tsx bench/interactive-eval/follow-ups-trace.ts d22
 * "where was he from"`): the first question's answer, the sentences around what it cited, then the follow-up's stages.
 * Dev split only.
 */
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
