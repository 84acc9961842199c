import * as z from 'zod/mini';
import { QUESTION_MAX_CHARS } from '../constants.ts';
import { interactiveText } from '../messages/interactive.ts';
import { requiredText, withoutBidiControls } from './fields.ts';

/**
 * Bidi embeddings, overrides and isolates (fields.ts, BIDI_CONTROLS): other free text has them stripped,
 * a question is refused with them (issue 16: a clear 400, nothing stored), before requiredText strips
 * them. A question never needs them, and in the storyteller's "Your family asked" list they could reorder
 * what is shown around them. The marks LRM/RLM/ALM reorder nothing and stay allowed, as everywhere.
 */
const hasBidiControls = (value: string) => withoutBidiControls(value) !== value;
/** A letter or a digit in any script: a question of only emoji or punctuation asks nothing. */
const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/**
 * POST …/interactive/question/{sessionId}. Each refusal is a 400 with its own text (docs/interactive.md,
 * "Limits"), checked before anything is counted or stored.
 */
export const questionSchema = z.object({
  question: z.pipe(
    z.pipe(
      z.string({ error: interactiveText.questionRequired }),
      z.string().check(z.refine((v) => !hasBidiControls(v), interactiveText.questionDirection)),
    ),
    z.pipe(
      requiredText(interactiveText.questionRequired, QUESTION_MAX_CHARS, 'Questions'),
      z.string().check(z.refine((v) => WORD_CHARACTER.test(v), interactiveText.questionNoWords)),
    ),
  ),
  /**
   * Seconds into the narration audio when the question was asked (fractions allowed). The answer may use
   * the text spoken up to then. Absent: the position of the last time report.
   */
  asked_at: z.optional(z.nullable(z.number().check(z.gte(0), z.lte(24 * 3600)))),
});
export type QuestionInput = z.infer<typeof questionSchema>;
