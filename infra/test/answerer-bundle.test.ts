import { routeId, routes } from '@storyloom/functions/routes';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyseHandlers, functionsContaining, handlerEntries } from '../lib/bundle.ts';

/**
 * The local answerer's lexicon (WordNet, ~1 MB) and language model ship only where questions are answered:
 * the read-along and the storyteller's list of asked questions split sentences without them
 * (docs/interactive.md).
 */
const interactive = routes.filter((r) => r.path.includes('/interactive/'));
const QUESTION_ROUTES = interactive
  .filter((r) => r.method === 'POST' && r.path.includes('/interactive/question/'))
  .map(routeId)
  .sort();

let carriers: (input: string) => string[];
beforeAll(async () => {
  const metafile = await analyseHandlers(handlerEntries(interactive, []));
  carriers = (input) => functionsContaining(metafile, input).sort();
}, 120_000);

describe('interactive bundles', () => {
  it('carry the lexicon in the question routes only, with the language model', () => {
    expect(QUESTION_ROUTES).toHaveLength(2);
    expect(carriers('functions/src/adapters/answerer/local/lexicon/lexicon.json')).toEqual(QUESTION_ROUTES);
    expect(carriers('node_modules/wink-eng-lite-web-model/dist/model.js')).toEqual(
      expect.arrayContaining(QUESTION_ROUTES),
    );
  });
  it('keep the lexicon and the language model out of the read-along and asked-questions routes', () => {
    const splitOnly = interactive.filter((r) => /read-along|\/questions\//.test(r.path)).map(routeId);
    expect(splitOnly.length).toBeGreaterThanOrEqual(3);
    const lexicon = carriers('functions/src/adapters/answerer/local/lexicon/lexicon.json');
    const model = carriers('node_modules/wink-eng-lite-web-model/dist/model.js');
    for (const fn of splitOnly) {
      expect(lexicon).not.toContain(fn);
      expect(model).not.toContain(fn);
    }
  });
});
