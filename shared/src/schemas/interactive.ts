import * as z from 'zod/mini';
import { QUESTION_MAX_CHARS } from '../constants.ts';
import { interactiveText } from '../messages/interactive.ts';
import { requiredText } from './fields.ts';

/**
 * Bidi_Control characters (LRM, RLM, ALM, embeddings, overrides, isolates): a question never needs them,
 * and in the storyteller's "Your family asked" list they could reorder what is shown around them.
 */
const BIDI_CONTROL = /\p{Bidi_Control}/u;
/** A letter or a digit in any script: a question of only emoji or punctuation asks nothing. */
const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/**
 * POST …/interactive/question/{sessionId}. Each refusal is a 400 with its own text (docs/interactive.md,
 * "Limits"), checked before anything is counted or stored.
 */
export const questionSchema = z.object({
  question: z.pipe(
    requiredText(interactiveText.questionRequired, QUESTION_MAX_CHARS, 'Questions'),
    z.string().check(
      z.refine((v) => !BIDI_CONTROL.test(v), interactiveText.questionDirection),
      z.refine((v) => WORD_CHARACTER.test(v), interactiveText.questionNoWords),
    ),
  ),
  /**
   * Seconds into the narration audio when the question was asked (fractions allowed). The answer may use
   * the text spoken up to then. Absent: the position of the last time report.
   */
  asked_at: z.optional(z.nullable(z.number().check(z.gte(0), z.lte(24 * 3600)))),
});
export type QuestionInput = z.infer<typeof questionSchema>;
