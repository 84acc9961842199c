import { createHash } from 'node:crypto';
import {
  type CitedSentence,
  type DeclineKind,
  interactiveText,
  QUESTIONS_PER_CLIENT_PER_HOUR,
  QUESTIONS_PER_SESSION,
  type QuestionAnswerDto,
} from '@storyloom/shared/interactive';
import { speakableAnswer } from '../../adapters/answerer/grounding.ts';
import { pointsBack } from '../../adapters/answerer/local/follow-up.ts';
import { answerLocally } from '../../adapters/answerer/local.ts';
import { DETAILS_SENTENCE_ID, detailsSentence, grounded, type StorySentence } from '../../adapters/answerer/port.ts';
import { answerer } from '../../adapters/answerer/select.ts';
import { splitSentences } from '../../adapters/answerer/sentences.ts';
import { VoiceEngineError } from '../../adapters/voice/engine.ts';
import { ANSWER_SPEECH_BUDGET_MS } from '../../adapters/voice/provider.ts';
import { speechEngine } from '../../adapters/voice/speech.ts';
import { putAnswerAudio, recordAskedQuestion } from '../../data/interactive.ts';
import { headMedia, presignDownload } from '../../data/media.ts';
import type { StoryRecord } from '../../data/stories.ts';
import type { VoiceProfile } from '../../data/voice.ts';
import { logger } from '../../lib/logger.ts';
import { listeningText, listensToTranscript, storytellerVoice } from '../transcripts/listening.ts';
import { storyAnswerVoice } from '../voice/voices.ts';
import { heardCountFromTimes, type SentenceTimes } from './heard.ts';
import { type Caller, claimQuestion, clientKey, isSpoken } from './sessions.ts';
import { cachedSentenceTimes } from './timings.ts';

/** The author's voice profile as the question's batch read found it (sessions.ts `claimQuestion`). */
type KnownProfile = { profile: VoiceProfile | undefined };

/** A spoken answer's presigned URL lives this long. */
const ANSWER_URL_SECONDS = 15 * 60;
/** Answers kept per container (the answerer is deterministic locally; a provider's answer is paid for). */
const MAX_CACHED_ANSWERS = 500;

interface StoryText {
  version: string;
  sentences: StorySentence[];
  length: number;
}

/** An answer as the question route keeps it (per container, see `answers`). */
interface CachedAnswer {
  answer: string;
  declined: false | DeclineKind;
  citedSentenceIds: number[];
}

/** Sentences per story text, kept per container: the answerer's index is built once per story text too. */
const texts = new Map<string, StoryText>();
/** Answers per container by cache key: same story text, part heard, question and engine → same answer. */
const answers = new Map<string, CachedAnswer>();

/** The sentences answers come from: a text story's content, an audio story's transcript (docs/stories.md). */
async function storyText(story: StoryRecord): Promise<StoryText & { length: number }> {
  const content = await listeningText(story);
  const version = hash(content).slice(0, 16);
  const cached = texts.get(story.id);
  if (cached?.version === version) return cached;
  const fresh = { version, sentences: splitSentences(content), length: content.length };
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
 * The same question for the storyteller's list (docs/interactive.md, "What is kept about listeners"):
 * also without punctuation, apostrophes, articles, filler and a closing "s", so "What's Grandpa's dog
 * called?" and "whats grandpas dog called" are one entry.
 */
export function questionIdentity(question: string): string {
  return (
    normaliseQuestion(question)
      .replace(/['’]/g, '')
      .replace(/[^\p{L}\p{N}\s]/gu, ' ')
      .split(/\s+/)
      .filter((w) => w && !/^(a|an|the|um|uh|so|and|please|hey|hi|just|ever)$/.test(w))
      .map((w) => ({ u: 'you', ur: 'your', whats: 'what is', wats: 'what is', didnt: 'did not' })[w] ?? w)
      // "grandpa's", "grandpas", "grandpa": one word.
      .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w))
      .join(' ')
  );
}

/**
 * POST …/interactive/question/{sessionId}: an answer from the text heard at `asked_at` (or at the last time
 * report), grounded in cited sentences, spoken in the narrator's voice when the story has one. At most three
 * DynamoDB calls (docs/interactive.md, "Calls per question"): one read (session, story, voice), one
 * transaction (the session claimed and the client's hourly count), and for a family question the story
 * cannot answer the storyteller's record.
 */
export async function askQuestion(
  sessionId: string,
  caller: Caller,
  input: { question: string; askedAt?: number | null; follows?: readonly number[] | null },
  sourceIp: string,
): Promise<QuestionAnswerDto> {
  // The session claimed and the client counted in one all-or-nothing write, before any answer is made.
  const { session, story, known } = await claimQuestion(sessionId, caller, QUESTIONS_PER_SESSION, {
    scope: 'iquestion',
    subject: clientKey(caller, sourceIp),
    limit: QUESTIONS_PER_CLIENT_PER_HOUR,
    windowSeconds: 3600,
    message: interactiveText.clientCap,
  });

  const text = await storyText(story);
  const times = await cachedSentenceTimes(story, text.version, text.sentences);
  const position = input.askedAt ?? session.currentTime;
  const heardCount = heardCountFromTimes(text.sentences, times, position, text.length);
  // The previous answer's sentences, as far as they are heard now (the player sends what it was shown), for a
  // question that points back at them. Any other question is answered (and its answer kept) as if asked alone:
  // the player sends them with nearly every question.
  const follows = pointsBack(input.question)
    ? [...new Set(input.follows ?? [])].filter((id) => id <= heardCount).sort((a, b) => a - b)
    : [];
  const engine = await answerer();
  const details = {
    title: story.title,
    location: story.location,
    startDate: story.startDate,
    endDate: story.endDate,
  };
  // Same story text, same part heard, same question, same engine: the same answer (and the same audio).
  const cacheKey = hash(
    [
      text.version,
      heardCount,
      normaliseQuestion(input.question),
      engine.name,
      detailsSentence(details),
      follows.join(','),
    ].join('\n'),
  ).slice(0, 32);
  let answer = answers.get(cacheKey);
  if (!answer) {
    const fresh = grounded(
      await engine.answer({ story: details, sentences: text.sentences, heardCount, question: input.question, follows }),
      heardCount,
    );
    answer = { answer: fresh.answer, declined: fresh.declined, citedSentenceIds: fresh.citedSentenceIds };
    logger.info('interactive answer', { engine: fresh.engine, declined: fresh.declined, heardCount });
    // The local answerer standing in for a failed provider: its answer is not kept under the provider's key.
    if (fresh.engine !== 'local-fallback') {
      if (answers.size >= MAX_CACHED_ANSWERS) answers.delete(answers.keys().next().value!);
      answers.set(cacheKey, answer);
    }
  }

  // Story text is data: an answer that reads as an instruction, or says what its sentences do not, stays text.
  const spoken = speakableAnswer({
    answer: answer.answer,
    citedSentenceIds: answer.citedSentenceIds,
    declined: answer.declined !== false,
    question: input.question,
    sentences: text.sentences,
    details: detailsSentence(details),
  });
  if (!spoken.speak) logger.warn('answer not spoken', { storyId: story.id, reason: spoken.reason });
  const audioUrl = spoken.speak ? await spokenAnswer(story, answer.answer, known) : null;
  // The storyteller hears what the family wanted to know and the story really does not tell: not what is
  // only further on ("not yet heard"), not what the whole story answers, never the owner's own questions.
  if (
    answer.declined === 'not-in-story' &&
    session.listener.kind !== 'owner' &&
    answerLocally({
      story: details,
      sentences: text.sentences,
      heardCount: text.sentences.length,
      question: input.question,
      follows,
    }).declined
  ) {
    const question = askedAbout(input.question.trim(), follows, text.sentences);
    await recordAskedQuestion(
      story.id,
      hash(questionIdentity(question)).slice(0, 22),
      question,
      answer.declined,
      new Date().toISOString(),
    );
  }
  return {
    answer: answer.answer,
    answer_audio_url: audioUrl,
    declined: answer.declined,
    cited: cite(answer, text.sentences, times, details),
    heard_sentences: heardCount,
  };
}

/**
 * The question as the storyteller's list shows it: a follow-up ("what year was that", `follows` not empty)
 * says what it followed, or it would mean nothing there.
 */
function askedAbout(question: string, follows: readonly number[], sentences: readonly StorySentence[]): string {
  const about = follows.length ? sentences[follows[0]! - 1]?.text : undefined;
  if (!about) return question;
  const cut = about.length > ABOUT_CHARS ? `${about.slice(0, ABOUT_CHARS).replace(/\s+\S*$/, '')}…` : about;
  return `${question} (after ‘${cut}’)`;
}

/** How much of the followed sentence the storyteller's list shows. */
const ABOUT_CHARS = 80;

function cite(
  answer: CachedAnswer,
  sentences: readonly StorySentence[],
  times: SentenceTimes | undefined,
  details: Parameters<typeof detailsSentence>[0],
): CitedSentence[] {
  return answer.citedSentenceIds.map((id) => {
    if (id === DETAILS_SENTENCE_ID) return { id, text: detailsSentence(details), start: -1, end: -1, time: null };
    const sentence = sentences[id - 1]!;
    return { id, text: sentence.text, start: sentence.start, end: sentence.end, time: times?.first[id - 1] ?? null };
  });
}

/**
 * The answer spoken in the story's narration voice, as a presigned URL: the object is named by the voice
 * and the words, so the same answer is synthesized once (a day: the bucket's lifecycle rule) whichever
 * container answers. Null (text only) when the engine fails.
 */
async function spokenAnswer(story: StoryRecord, words: string, known?: KnownProfile): Promise<string | null> {
  try {
    const voiceId = await answerVoice(story, known);
    if (voiceId === null) return null;
    if (!voiceId) {
      logger.warn("answer not spoken: the narration voice is not the storyteller's to use", { storyId: story.id });
      return null;
    }
    const key = `users/${story.authorId}/stories/${story.id}/answers/${hash(`${voiceId}\n${words}`).slice(0, 32)}.mp3`;
    if (!(await headMedia(key))) await putAnswerAudio(key, await speakWithinBudget(voiceId, words));
    return await presignDownload(key, ANSWER_URL_SECONDS);
  } catch (error) {
    logger.warn('answer could not be spoken; text only', {
      reason: (error as Error).name,
      detail: (error as Error).message,
    });
    return null;
  }
}

/**
 * The voice answers are spoken in: a narrated text story's narration voice (storyAnswerVoice), an audio
 * story's storyteller's own voice (a clone, or the local voice); null when the story has no voice at all.
 */
async function answerVoice(story: StoryRecord, known?: KnownProfile): Promise<string | null | undefined> {
  if (isSpoken(story)) return storyAnswerVoice(story, known);
  const own = listensToTranscript(story) ? await storytellerVoice(story, known) : undefined;
  if (!own) return null;
  return storyAnswerVoice({ authorId: story.authorId, narrationVoiceId: own, narrationVoiceOwn: true }, known);
}

/**
 * Speaks within the speech budget (ANSWER_SPEECH_BUDGET_MS, docs/interactive.md "Spoken answers"): the
 * provider engine stops at the signal; an engine that cannot (the local one) is raced against it.
 */
async function speakWithinBudget(voiceId: string, words: string): Promise<Uint8Array> {
  const budget = new AbortController();
  const timer = setTimeout(
    () => budget.abort(new VoiceEngineError('spoken answer over its time budget', true)),
    ANSWER_SPEECH_BUDGET_MS,
  );
  try {
    const engine = await speechEngine();
    const overBudget = new Promise<never>((_, reject) =>
      budget.signal.addEventListener('abort', () => reject(budget.signal.reason), { once: true }),
    );
    const { mp3 } = await Promise.race([engine.synthesize(voiceId, words, { signal: budget.signal }), overBudget]);
    return mp3;
  } finally {
    clearTimeout(timer);
  }
}
