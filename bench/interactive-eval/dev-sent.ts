/** Prints a dev story's sentences with their ids (dev split only). */
import { splitSentences } from '@storyloom/functions/adapters/answerer/text';
import { loadEvalSet } from './score.ts';

const [prefix = '', from = '1', to = '9999'] = process.argv.slice(2);
for (const story of loadEvalSet('dev').filter((s) => s.file.startsWith(prefix)))
  for (const s of splitSentences(story.content).filter((x) => x.id >= Number(from) && x.id <= Number(to)))
    console.log(`#${s.id} ${s.text}`);
