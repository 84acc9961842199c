import * as z from 'zod/mini';
import { promptText } from '../messages/prompts.ts';
import { EXCLUDE_MAX, PROMPT_QUESTION_MAX } from '../prompts/limits.ts';
import { requiredText } from './fields.ts';
import { STORY_ID_PATTERN } from './stories.ts';

/**
 * Prompts and family questions (docs/family-loop.md). A prompt id says what it is:
 * - `childhood-01`: a library prompt (shared/src/prompts/library.ts);
 * - `own.<16>`: a question the storyteller wrote;
 * - `family.<9 time digits><16 hex>`: a question someone the storyteller shares with by name sent (sorts by time);
 * - `asked.<storyId>.<22>`: a question a listener asked that a story could not answer ("Your family asked").
 */
export const PROMPT_ID_PATTERN =
  /^(?:[a-z]+-\d{2}|own\.[A-Za-z0-9_-]{16}|family\.[0-9a-z]{9}[0-9a-f]{16}|asked\.[0-9a-f-]{36}\.[A-Za-z0-9_-]{22})$/;

export type PromptKind = 'family' | 'library' | 'own';

/** The kind a well-formed prompt id names (listeners' questions are family questions). */
export function kindOfPromptId(id: string): PromptKind {
  if (id.startsWith('own.')) return 'own';
  if (id.startsWith('family.') || id.startsWith('asked.')) return 'family';
  return 'library';
}

const promptId = z
  .string({ error: promptText.promptId })
  .check(z.maxLength(120, promptText.promptId), z.regex(PROMPT_ID_PATTERN, promptText.promptId));

/** {id} of /api/prompts/{id}/... */
export const promptParamsSchema = z.object({ id: promptId });

/** GET /api/prompts/next?exclude=a,b: the ids already seen on the card ("Another question"). */
export const nextPromptQuerySchema = z.object({
  exclude: z.optional(
    z.pipe(
      z.string().check(z.maxLength(EXCLUDE_MAX * 122, promptText.excludeInvalid)),
      z.pipe(
        z.transform((v: string) => (v ? v.split(',') : [])),
        z
          .array(z.string().check(z.regex(PROMPT_ID_PATTERN, promptText.excludeInvalid)))
          .check(z.maxLength(EXCLUDE_MAX, promptText.excludeInvalid)),
      ),
    ),
  ),
});

/** A letter or a digit in any script: a question of only emoji or punctuation asks nothing (as interactive.ts). */
const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/**
 * A question's text: one line, visible, at most PROMPT_QUESTION_MAX characters (it becomes a title), with
 * at least one word in it — '🙂🙂' would otherwise become the storyteller's "question to answer".
 */
const questionText = z.pipe(
  requiredText(promptText.questionRequired, PROMPT_QUESTION_MAX, 'Questions'),
  z.string().check(z.refine((v) => WORD_CHARACTER.test(v), promptText.questionNoWords)),
);

/** POST /api/prompts/own */
export const ownQuestionSchema = z.object({ text: questionText });
export type OwnQuestionInput = z.infer<typeof ownQuestionSchema>;

/** PUT /api/prompts/{id}/hidden */
export const hidePromptSchema = z.object({ hidden: z.boolean({ error: promptText.hiddenRequired }) });

/** POST /api/prompts/{id}/answered: the story that answers it (the caller's own; checked server-side). */
export const answerPromptSchema = z.object({
  story_id: z.string({ error: promptText.storyRequired }).check(z.regex(STORY_ID_PATTERN, promptText.storyRequired)),
});

/** {id} of /api/family-questions/{id}: the storyteller's user id (as on the author page). */
export const storytellerParamsSchema = z.object({
  id: z
    .string({ error: promptText.storytellerId })
    .check(
      z.minLength(1, promptText.storytellerId),
      z.maxLength(100, promptText.storytellerId),
      z.regex(/^[A-Za-z0-9_-]+$/, promptText.storytellerId),
    ),
});

/** POST /api/family-questions/{id} */
export const askQuestionSchema = z.object({ text: questionText });
export type AskQuestionInput = z.infer<typeof askQuestionSchema>;

/** One prompt as the API returns it. */
export interface PromptDto {
  id: string;
  text: string;
  kind: PromptKind;
  asked_by?: { user_id: string; name: string };
  asked_at?: string;
  /** Listeners' questions: the story they were listening to. */
  story?: { id: string; title: string };
  /**
   * GET /api/prompts/{id} only: the storyteller's story that answers it already (an old email's button or
   * Back can open an answered question again; the answer screen says so and links to it).
   */
  answered_story_id?: string;
}

/** GET /api/prompts: everything "Browse all" shows. */
export interface PromptLibraryDto {
  themes: Array<{
    id: string;
    stage: string;
    title: string;
    prompts: Array<{ id: string; text: string; answered_story_id?: string; hidden: boolean }>;
  }>;
  own: Array<{ id: string; text: string; answered_story_id?: string; hidden: boolean; created_at: string }>;
}

/** GET /api/prompts/family: questions from the family, oldest first. */
export interface FamilyQuestionsDto {
  questions: PromptDto[];
}

/** GET /api/family-questions/{id}: may the caller ask this storyteller? */
export interface CanAskDto {
  can_ask: boolean;
  name: string;
}
