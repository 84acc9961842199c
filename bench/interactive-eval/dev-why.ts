/**
 * Why dev's answerable questions miss (`node --import tsx bench/interactive-eval/dev-why.ts [prefix…]`): for each
 * one whose gold sentence is not cited, what became of that sentence in the stages — never retrieved, or the
 * reasons the decide and check stages turned it down — tallied, with the questions under each reason. Dev split
 * only: the validation and test splits are never read here.
 */
import { answerLocally, decideLocally } from '@storyloom/functions/adapters/answerer/local';
import { splitSentences } from '@storyloom/functions/adapters/answerer/text';
import { heardCountFor, loadEvalSet } from './score.ts';

const prefixes = process.argv.slice(2);
const tally = new Map<string, string[]>();
const add = (reason: string, line: string) => tally.set(reason, [...(tally.get(reason) ?? []), line]);
for (const story of loadEvalSet('dev').filter((s) => !prefixes.length || prefixes.some((p) => s.file.startsWith(p)))) {
  const sentences = splitSentences(story.content);
  const request = {
    story: { title: story.title, location: story.location, startDate: story.start_date, endDate: story.end_date },
    sentences,
  };
  for (const q of story.questions) {
    const expected = q.expect;
    if (typeof expected === 'string') continue;
    const heardCount = heardCountFor(sentences, story.content, q.asked_after);
    const gold = sentences.filter((s) => expected.answer.some((a) => s.text.includes(a))).map((s) => s.id);
    const answer = answerLocally({ ...request, heardCount, question: q.q });
    if (answer.citedSentenceIds.some((id) => gold.includes(id))) continue;
    const { judged, terms } = decideLocally({ ...request, heardCount, question: q.q });
    const mine = judged.filter((j) => gold.includes(j.id));
    const line = `${story.file.slice(0, 3)} "${q.q}" → ${answer.declined ?? answer.answer.slice(0, 60)}`;
    if (mine.length === 0)
      add(
        `not retrieved (terms ${terms.length ? 'match nothing there' : 'none'})`,
        `${line} [${terms.map((t) => t.term).join(' ')}]`,
      );
    else {
      const best = mine.sort((a, b) => b.value - a.value)[0]!;
      const reason = best.passes
        ? answer.declined
          ? 'passes, but declined'
          : 'passes, another chosen'
        : (best.blocked ?? ['?']).map((b) => b.replace(/\(.*\)/, '')).join('+');
      add(reason, line);
    }
  }
}
for (const [reason, lines] of [...tally].sort((a, b) => b[1].length - a[1].length)) {
  console.log(`${lines.length}\t${reason}`);
  if (process.env.SHOW === reason || process.env.SHOW === 'all') for (const l of lines) console.log(`\t${l}`);
}
