import * as z from 'zod/mini';
import { interactiveTimings, QUESTION_MAX_CHARS, QUESTIONS_PER_SESSION, TIME_REPORT_SECONDS } from './constants.ts';
import { interactiveText } from './messages/interactive.ts';

/**
 * Interactive listening (docs/interactive.md): the payloads of the session calls, what an answer carries,
 * the limits and the texts the spec leaves open. Used by the SPA and the handlers.
 */

export { QUESTION_MAX_CHARS, QUESTIONS_PER_SESSION };
/** Questions one client (address, or signed-in user) may ask per hour, across sessions. */
export const QUESTIONS_PER_CLIENT_PER_HOUR = 120;
/** Sessions one client may start per hour (sessions end on close; this bounds the ones left open). */
export const SESSIONS_PER_CLIENT_PER_HOUR = 30;
/** A session without a call for this long has expired. */
export const SESSION_IDLE_SECONDS = 30 * 60;

// The question's rules live with the other request schemas; re-exported for the handlers' imports.
export { type QuestionInput, questionSchema } from './schemas/interactive.ts';
export { interactiveText, interactiveTimings, TIME_REPORT_SECONDS };

export const timeSchema = z.object({
  /** Whole seconds into the narration audio (spec section 9). */
  current_time: z.int().check(z.gte(0), z.lte(24 * 3600)),
});
export type TimeInput = z.infer<typeof timeSchema>;

/**
 * Session ids: 32 random bytes, base64url (they carry the listener's right to the story), then
 * `.<storyId>.<authorId>`: a question reads its session, story and voice in one call (docs/interactive.md,
 * "Calls per question"). Sessions started before ids named their story are the 43 characters alone.
 */
export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{43}(?:\.[0-9a-f-]{36}\.[A-Za-z0-9_-]{1,64})?$/;
// An id no session can have is told as an unknown one is (never the pattern itself).
export const sessionParamsSchema = z.object({
  sessionId: z.string().check(z.regex(SESSION_ID_PATTERN, interactiveText.sessionEnded)),
});

export type DeclineKind = 'not-in-story' | 'not-yet-heard';

/** A sentence an answer stands on; `start`/`end` index the story's content (-1 for the story details). */
export interface CitedSentence {
  id: number;
  text: string;
  start: number;
  end: number;
  /** Seconds into the narration where the sentence is spoken (for seeking); null without timings. */
  time: number | null;
}

/** POST …/interactive/start/… */
export interface InteractiveSessionDto {
  session_id: string;
  /** Whether answers will be spoken (the story has a narration voice and audio). */
  spoken: boolean;
  expires_in: number;
  /** An audio story answered from its transcript: what the note says about the answers (and whose voice). */
  spoken_label?: string;
}

/** POST …/interactive/question/{sessionId}: the spec's two fields, then what the overlay shows. */
export interface QuestionAnswerDto {
  answer: string;
  answer_audio_url: string | null;
  declined: false | DeclineKind;
  cited: CitedSentence[];
  /** How many sentences the answer could draw on. */
  heard_sentences: number;
}

/** GET /api/interactive/questions/{storyId}: what listeners asked that the story did not answer. */
export interface AskedQuestionDto {
  id: string;
  question: string;
  kind: DeclineKind;
  times: number;
  last_asked_at: string;
}

export const askedQuestionParamsSchema = z.object({
  id: z.string({ error: interactiveText.storyId }).check(z.regex(/^[0-9a-f-]{36}$/, interactiveText.storyId)),
  questionId: z
    .string({ error: interactiveText.questionId })
    .check(z.regex(/^[A-Za-z0-9_-]{22}$/, interactiveText.questionId)),
});

/** GET …/interactive/read-along/…: the sentences of a narrated story and when the narration starts each. */
export interface ReadAlongDto {
  duration: number | null;
  sentences: Array<{ id: number; start: number; end: number; time: number | null }>;
}
