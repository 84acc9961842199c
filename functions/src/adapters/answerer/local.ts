import { check } from './local/check.ts';
import { confidence } from './local/confidence.ts';
import { denies, isCorrection, laterCorrection } from './local/corrections.ts';
import { continues, decide, type Judged, judge } from './local/decide.ts';
import { preferDefinitions } from './local/definition.ts';
import { carriedTerms, followUpUnfit, pointsBack, withTopic } from './local/follow-up.ts';
import { phrase, phraseTuning, settledFact, toFirstPerson } from './local/phrase.ts';
import { normalizeQuestion } from './local/question.ts';
import { questionTerms, retrieve, type StoryIndex, storyIndex } from './local/retrieve.ts';
import { isTyped } from './local/type-match.ts';
import { type Answer, type Answerer, type AnswerRequest, DETAILS_SENTENCE_ID, declineText } from './port.ts';

export { toFirstPerson };

/**
 * The local answerer (default, and the fallback of the LLM one): a pipeline of named stages
 * (docs/interactive.md): normalize → retrieve → type-match → resolve corrections → decide → phrase. Each
 * stage lives in `local/` with its own tests; `trace` collects what each decided for one question
 * (`npm run answer-trace`… or pass an array). Tuned on the dev split of bench/interactive-eval only.
 */
export class LocalAnswerer implements Answerer {
  readonly name = 'local';

  async answer(request: AnswerRequest): Promise<Answer> {
    return answerLocally(request);
  }
}

/** One line per stage: what it made of the question. */
export type Trace = string[];

function decline(kind: 'not-in-story' | 'not-yet-heard', engine: Answer['engine']): Answer {
  return { answer: declineText[kind], citedSentenceIds: [], declined: kind, engine };
}

/**
 * The stages up to the decision (normalize, retrieve, type-match, check, decide), for one question heard up to
 * `request.heardCount`. The answerer goes on from here; the evaluation tools (dev-why, train-confidence) read
 * the same stages through it instead of wiring them again.
 */
export function decideLocally(request: AnswerRequest, trace?: Trace, follows: readonly number[] = []) {
  const story = storyIndex(request);
  // normalize
  const question = normalizeQuestion(request.question, story.words, story.otherKin, story.narratorSex);
  trace?.push(
    `normalize: "${question.text}" wants ${question.want}${question.yesNo ? ' (yes/no)' : ''}${question.narratorWord ? `; "${question.narratorWord}" = the narrator` : ''}`,
  );
  // retrieve (a follow-up carries the words of the previous answer's sentences: local/follow-up.ts)
  const own = questionTerms(question, story);
  const carried = follows.length ? carriedTerms(story, follows, own) : [];
  const terms = [...own, ...carried];
  const index = withTopic(story, follows, carried);
  if (follows.length)
    trace?.push(`follow-up: about [${follows.join(', ')}], carrying [${carried.map((t) => t.term).join(', ')}]`);
  const candidates = retrieve(index, terms);
  trace?.push(`retrieve: terms [${terms.map((t) => t.term).join(', ')}]; ${candidates.length} sentences match`);
  // type-match (inside judge: the fact each sentence states of the kind wanted)
  // check: a fact not about what is asked (another event, someone else's) is turned down before deciding.
  // A definition question ("whats a mocha") prefers the sentence that says what the word is (local/definition.ts).
  const judged = preferDefinitions(
    check(judge(index, candidates, question, terms), question, index, terms),
    question.text,
    index,
  );
  if (trace) {
    const top = [...judged].sort((a, b) => b.value - a.value).slice(0, 4);
    for (const j of top)
      trace.push(
        `type-match: #${j.id} coverage ${j.coverage.toFixed(2)} value ${j.value.toFixed(2)}${j.passes ? ' passes' : ''}; facts [${j.facts.map((f) => `${f.kind}:${f.text}`).join(', ')}]${j.bridge ? ' (in the next sentence)' : ''}${j.blocked?.length ? ` blocked: ${j.blocked.join(' ')}` : ''}`,
      );
  }
  // decide
  const decision = decide(judged, index, request.heardCount);
  trace?.push(`decide: ${decision.kind}${decision.kind === 'answer' ? ` #${decision.chosen.id}` : ''}`);
  return { index, question, terms, own, judged, decision };
}

/** Synchronous core of the local answerer (the OpenAI adapter uses it for its fallback and unheard check). */
export function answerLocally(request: AnswerRequest, engine: Answer['engine'] = 'local', trace?: Trace): Answer {
  // The previous answer's sentences, as far as they are heard (local/follow-up.ts).
  const follows = (request.follows ?? []).filter((id) => id >= 1 && id <= request.heardCount);
  // Only a question that points back is asked about them. One that stands alone ("where did you sleep" after the
  // pay) is asked alone (asking it about the last answer too when alone found nothing gained dev 1 answer for 4
  // wrong ones).
  if (!follows.length || !pointsBack(request.question)) return answerOnce(request, [], engine, trace);
  const answer = answerOnce(request, follows, engine, trace);
  if (!answer.declined) return answer;
  // A question that says "they" may still be a new one ("what did they eat on thursdays").
  trace?.push('follow-up: declined; asked alone');
  return answerOnce(request, [], engine, trace);
}

function answerOnce(
  request: AnswerRequest,
  follows: readonly number[],
  engine: Answer['engine'],
  trace?: Trace,
): Answer {
  const { index, question, terms, own, judged, decision } = decideLocally(request, trace, follows);
  if (decision.kind !== 'answer') return decline(decision.kind, engine);
  if (follows.length) {
    const unfit = followUpUnfit(index, question, own, decision.chosen);
    if (unfit) {
      trace?.push(`follow-up: ${unfit}`);
      return decline('not-in-story', engine);
    }
  }
  // calibrated decline: an answer the stages' own measures make unlikely is not given.
  const sure = confidence({ judged, chosen: decision.chosen, question, terms, index });
  trace?.push(`confidence: ${sure.score.toFixed(2)}${sure.confident ? '' : ', below the threshold'}`);
  if (!sure.confident) return decline('not-in-story', engine);
  // resolve corrections: a later heard sentence that corrects what the chosen one says about the same thing.
  const typed = isTyped(question.want);
  const chosen = typed ? decision.chosen : resolveCorrection(decision.chosen, judged, index, request.heardCount);
  let factIndex = chosen.bridge ?? chosen.index;
  let fact = chosen.facts.length ? settledFact(index.texts[factIndex]!, chosen.facts) : undefined;
  let cited = chosen.bridge ? [chosen.id, index.ids[chosen.bridge]!] : [chosen.id];
  if (typed && fact) {
    // A sentence that does not tell the event asked (its verb unsaid: "she was right" of a sum counted) takes
    // back nothing about it.
    const coverage = new Map(judged.map((j) => [j.index, j.blocked?.includes('verb') ? 0 : j.coverage]));
    const correction = laterCorrection(
      index,
      { index: chosen.index, bridge: chosen.bridge, fact },
      question.want,
      question.text,
      request.heardCount,
      (k) => (coverage.get(k) ?? 0) >= chosen.coverage * 0.6,
    );
    if (correction) {
      factIndex = correction.factIndex;
      fact = correction.fact;
      cited = [...new Set([correction.index, correction.factIndex])].map((i) => index.ids[i]!);
      trace?.push(`resolve corrections: #${chosen.id} corrected by #${index.ids[correction.index]}: ${fact.text}`);
    }
  }
  if (chosen !== decision.chosen) trace?.push(`resolve corrections: #${decision.chosen.id} corrected by #${chosen.id}`);
  // phrase
  const sentence = index.texts[factIndex]!;
  let said = phrase(sentence, fact, question.text);
  // "Why did you join? / I was seventeen. / My mother had to sign.": an answer to a question that wants no
  // particular fact goes on into the next sentence when that one continues it and the answer is short.
  const next = factIndex + 1;
  // "For years I told them we ate tulip bulbs all winter. / That is not true.": the narrator's denial right
  // after is part of the answer, whatever its length.
  const denial = next < index.texts.length && index.ids[next]! <= request.heardCount && denies(index.texts[next]!);
  if (denial && (!fact || question.yesNo)) {
    said = `${said} ${phrase(index.texts[next]!, undefined, question.text)}`;
    cited.push(index.ids[next]!);
  } else if (
    !fact &&
    chosen.index > 0 &&
    next < index.texts.length &&
    index.ids[next]! <= request.heardCount &&
    said.split(/\s+/).length < phraseTuning.maxWords / 2 &&
    continues(index.texts[next]!)
  ) {
    said = `${said} ${phrase(index.texts[next]!, undefined, question.text)}`;
    cited.push(index.ids[next]!);
  }
  const answer = toFirstPerson(said, request.narratorNames ?? []);
  trace?.push(`phrase: "${answer}" citing [${cited.join(', ')}]`);
  return { answer, citedSentenceIds: cited.filter((id) => id >= DETAILS_SENTENCE_ID), declined: false, engine };
}

/** An answer that wants no particular fact: a later passing sentence that says it corrects supersedes it. */
function resolveCorrection(chosen: Judged, judged: readonly Judged[], index: StoryIndex, heardCount: number): Judged {
  let out = chosen;
  for (const j of judged) {
    if (j.index <= chosen.index || index.ids[j.bridge ?? j.index]! > heardCount) continue;
    if (!j.passes) continue;
    if (j.coverage < chosen.coverage * 0.6) continue;
    if (isCorrection(index.texts[j.index]!)) out = j;
  }
  return out;
}
