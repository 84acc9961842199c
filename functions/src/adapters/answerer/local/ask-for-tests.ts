import { answerLocally } from '../local.ts';
import { splitSentences } from '../text.ts';
import { decide, judge } from './decide.ts';
import { normalizeQuestion } from './question.ts';
import { questionTerms, retrieve, storyIndex } from './retrieve.ts';

/**
 * One story, one question: what the decide stage makes of it, heard up to sentence `heard` (else to the end).
 * The stage tests share it so each states only its story and question; not used by the answerer itself.
 */
export function askStages(story: string, q: string, heard?: number) {
  const sentences = splitSentences(story);
  const index = storyIndex({ sentences, story: { title: 'T' } });
  const question = normalizeQuestion(q, index.words, index.otherKin);
  const terms = questionTerms(question, index);
  return {
    decision: decide(judge(index, retrieve(index, terms), question, terms), index, heard ?? sentences.length),
    terms,
  };
}

/** One story, one question, heard to the end: the whole local answerer's answer. */
export function answerStory(story: string, question: string) {
  const sentences = splitSentences(story);
  return answerLocally({ story: { title: 'T' }, sentences, heardCount: sentences.length, question });
}
