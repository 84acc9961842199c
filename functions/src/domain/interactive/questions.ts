import { createHash } from 'node:crypto';
import {
  type AskedQuestionDto,
  type CitedSentence,
  interactiveText,
  QUESTIONS_PER_CLIENT_PER_HOUR,
  QUESTIONS_PER_SESSION,
  type QuestionAnswerDto,
} from '@storyloom/shared/interactive';
import type { NarrationTimings } from '@storyloom/shared/narration';
import { DETAILS_SENTENCE_ID, detailsSentence, grounded, type StorySentence } from '../../adapters/answerer/port.ts';
import { answerer } from '../../adapters/answerer/select.ts';
import { splitSentences } from '../../adapters/answerer/text.ts';
import { VoiceEngineError } from '../../adapters/voice/engine.ts';
import { ANSWER_SPEECH_BUDGET_MS } from '../../adapters/voice/provider.ts';
import { speechEngine } from '../../adapters/voice/speech.ts';
import {
  type CachedAnswer,
  countQuestion,
  deleteAskedQuestion,
  getCachedAnswer,
  listAskedQuestions,
  putAnswerAudio,
  putCachedAnswer,
  recordAskedQuestion,
} from '../../data/interactive.ts';
import { presignDownload } from '../../data/media.ts';
import { consumeRateLimit } from '../../data/rate-limit.ts';
import type { StoryRecord } from '../../data/stories.ts';
import { TooManyRequests } from '../../lib/errors.ts';
import { logger } from '../../lib/logger.ts';
import { loadOwnedStory } from '../stories/access.ts';
import { getNarrationTimings } from '../voice/narration.ts';
import { heardCountAt, sentenceStartTimes } from './heard.ts';
import { type Caller, clientKey, idleTtl, isSpoken, loadSession } from './sessions.ts';

/** Cached answers live this long (the spoken ones a day: the bucket's lifecycle rule, ANSWER_AUDIO_TAG). */
const ANSWER_CACHE_SECONDS = 6 * 60 * 60;
/** A spoken answer's presigned URL lives this long. */
const ANSWER_URL_SECONDS = 15 * 60;

interface StoryText {
  version: string;
  sentences: StorySentence[];
}

/** Sentences per story text, kept per container: the answerer's index is built once per story text too. */
const texts = new Map<string, StoryText>();

function storyText(story: StoryRecord): StoryText {
  const version = hash(story.content).slice(0, 16);
  const cached = texts.get(story.id);
  if (cached?.version === version) return cached;
  const fresh = { version, sentences: splitSentences(story.content) };
  if (texts.size >= 50) texts.delete(texts.keys().next().value!);
  texts.set(story.id, fresh);
  return fresh;
}

function hash(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}

/** The same question however it is typed: lower case, single spaces, no closing punctuation. */
export function normaliseQuestion(question: string): string {
  return question
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[?!.\s]+$/, '')
    .trim();
}

/**
 * POST …/interactive/question/{sessionId}: an answer from the text heard at `asked_at` (or at the last time
 * report), grounded in cited sentences, spoken in the narrator's voice when the story has one.
 */
export async function askQuestion(
  sessionId: string,
  caller: Caller,
  input: { question: string; askedAt?: number | null },
  sourceIp: string,
): Promise<QuestionAnswerDto> {
  const { session, story } = await loadSession(sessionId, caller);
  await consumeRateLimit({
    scope: 'iquestion',
    subject: clientKey(caller, sourceIp),
    limit: QUESTIONS_PER_CLIENT_PER_HOUR,
    windowSeconds: 3600,
    message: interactiveText.clientCap,
  });
  if (!(await countQuestion(sessionId, QUESTIONS_PER_SESSION, idleTtl()))) {
    throw new TooManyRequests(interactiveText.sessionCap, 60);
  }

  const text = storyText(story);
  const timings = await readTimings(story);
  const position = input.askedAt ?? session.currentTime;
  const heardCount = heardCountAt(text.sentences, timings, position, story.content.length);
  const engine = await answerer();
  const details = {
    title: story.title,
    location: story.location,
    startDate: story.startDate,
    endDate: story.endDate,
  };
  // Same story text, same part heard, same question, same engine: the same answer (and the same audio).
  const cacheKey = hash(
    [text.version, heardCount, normaliseQuestion(input.question), engine.name, detailsSentence(details)].join('\n'),
  ).slice(0, 32);
  let answer = await getCachedAnswer(story.id, cacheKey);
  const cacheHit = answer !== undefined;
  // The local answerer standing in for a failed provider: its answer is not kept under the provider's key.
  let fallback = false;
  if (!answer) {
    const fresh = grounded(
      await engine.answer({ story: details, sentences: text.sentences, heardCount, question: input.question }),
      heardCount,
    );
    answer = { answer: fresh.answer, declined: fresh.declined, citedSentenceIds: fresh.citedSentenceIds };
    fallback = fresh.engine === 'local-fallback';
    logger.info('interactive answer', { engine: fresh.engine, declined: fresh.declined, heardCount });
  }

  let audioUrl: string | null = null;
  let newAudio = false;
  if (isSpoken(story)) {
    if (!answer.audioKey) {
      answer.audioKey = await speak(story, answer, cacheKey);
      newAudio = answer.audioKey !== undefined;
    }
    if (answer.audioKey) audioUrl = await presignDownload(answer.audioKey, ANSWER_URL_SECONDS);
  }
  if ((!cacheHit || newAudio) && !fallback) {
    await putCachedAnswer(story.id, cacheKey, answer, Math.floor(Date.now() / 1000) + ANSWER_CACHE_SECONDS);
  }
  // The storyteller hears what the family wanted to know; the owner's own questions are not recorded.
  if (answer.declined && session.listener.kind !== 'owner') {
    const question = input.question.trim();
    await recordAskedQuestion(
      story.id,
      hash(normaliseQuestion(question)).slice(0, 22),
      question,
      answer.declined,
      new Date().toISOString(),
    );
  }
  return {
    answer: answer.answer,
    answer_audio_url: audioUrl,
    declined: answer.declined,
    cited: cite(answer, text.sentences, timings, details),
    heard_sentences: heardCount,
  };
}

async function readTimings(story: StoryRecord): Promise<NarrationTimings | undefined> {
  try {
    return await getNarrationTimings(story.id);
  } catch (error) {
    logger.warn('narration timings unreadable; the whole text counts as heard', { reason: (error as Error).name });
    return undefined;
  }
}

function cite(
  answer: CachedAnswer,
  sentences: readonly StorySentence[],
  timings: NarrationTimings | undefined,
  details: Parameters<typeof detailsSentence>[0],
): CitedSentence[] {
  const times = sentenceStartTimes(sentences, timings);
  return answer.citedSentenceIds.map((id) => {
    if (id === DETAILS_SENTENCE_ID) return { id, text: detailsSentence(details), start: -1, end: -1, time: null };
    const sentence = sentences[id - 1]!;
    return { id, text: sentence.text, start: sentence.start, end: sentence.end, time: times.get(id) ?? null };
  });
}

/**
 * Speaks an answer in the story's narration voice within the speech budget (ANSWER_SPEECH_BUDGET_MS);
 * undefined (text only) when the engine fails or runs out of time: the listener gets the text answer.
 */
async function speak(story: StoryRecord, answer: CachedAnswer, cacheKey: string): Promise<string | undefined> {
  const budget = new AbortController();
  const timer = setTimeout(
    () => budget.abort(new VoiceEngineError('spoken answer over its time budget', true)),
    ANSWER_SPEECH_BUDGET_MS,
  );
  try {
    const engine = await speechEngine();
    // The provider engine stops at the signal; an engine that cannot (the local one) is raced against it.
    const overBudget = new Promise<never>((_, reject) =>
      budget.signal.addEventListener('abort', () => reject(budget.signal.reason), { once: true }),
    );
    const { mp3 } = await Promise.race([
      engine.synthesize(story.narrationVoiceId!, answer.answer, { signal: budget.signal }),
      overBudget,
    ]);
    const key = `users/${story.authorId}/stories/${story.id}/answers/${cacheKey}.mp3`;
    await putAnswerAudio(key, mp3);
    return key;
  } catch (error) {
    logger.warn('answer could not be spoken; text only', {
      reason: (error as Error).name,
      detail: (error as Error).message,
      overBudget: budget.signal.aborted,
    });
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

/** GET /api/interactive/questions/{storyId}: what listeners asked that the story did not answer (owner only). */
export async function askedQuestions(storyId: string, userId: string): Promise<{ questions: AskedQuestionDto[] }> {
  await loadOwnedStory(storyId, userId);
  const questions = await listAskedQuestions(storyId);
  return {
    questions: questions.map((q) => ({
      id: q.id,
      question: q.question,
      kind: q.kind,
      times: q.times,
      last_asked_at: q.lastAskedAt,
    })),
  };
}

/** DELETE /api/interactive/questions/{storyId}/{questionId}: the storyteller dismisses one. */
export async function dismissAskedQuestion(
  storyId: string,
  questionId: string,
  userId: string,
): Promise<{ message: string }> {
  await loadOwnedStory(storyId, userId);
  await deleteAskedQuestion(storyId, questionId);
  return { message: interactiveText.questionDismissed };
}
