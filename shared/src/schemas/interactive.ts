import * as z from 'zod/mini';
import { QUESTION_MAX_CHARS } from '../constants.ts';

/** At most this many sentences an answer cites (the answerer cites one or two), with ids in a story's range. */
const FOLLOWS_MAX_IDS = 4;
const FOLLOWS_MAX_ID = 100_000;

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
  /**
   * The sentence ids (`cited[].id`) of the listener's previous answer in this session, so that a follow-up
   * ("what year was that") is asked about what that answer told. Ids the listener has not heard are ignored.
   */
  follows: z.optional(
    z.nullable(
      z
        .array(
          z
            .int({ error: interactiveText.followsInvalid })
            .check(
              z.gte(0, { error: interactiveText.followsInvalid }),
              z.lte(FOLLOWS_MAX_ID, { error: interactiveText.followsInvalid }),
            ),
          { error: interactiveText.followsInvalid },
        )
        .check(z.maxLength(FOLLOWS_MAX_IDS, { error: interactiveText.followsInvalid })),
    ),
  ),
});
export type QuestionInput = z.infer<typeof questionSchema>;
