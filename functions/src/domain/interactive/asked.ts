import { ASKED_QUESTIONS_KEPT } from '@storyloom/shared/constants';
import { type AskedQuestionDto, interactiveText } from '@storyloom/shared/interactive';
import { deleteAskedQuestion, listAskedQuestions } from '../../data/interactive.ts';
import { loadOwnedStory } from '../stories/access.ts';

/**
 * The storyteller's list of what the family asked and the story could not answer (docs/interactive.md,
 * "What is kept about listeners"). Kept apart from the question route so these routes bundle neither the
 * answerer's language model nor the voice engine.
 */

/** GET /api/interactive/questions/{storyId}: what listeners asked that the story did not answer (owner only). */
export async function askedQuestions(storyId: string, userId: string): Promise<{ questions: AskedQuestionDto[] }> {
  await loadOwnedStory(storyId, userId);
  const all = await listAskedQuestions(storyId);
  // Capped per story: the most recently asked are kept, the rest deleted here (the question route stays at
  // its calls; the storyteller's list is where the cap is seen, and said: familyAskedNote).
  const byRecency = [...all].sort((a, b) => b.lastAskedAt.localeCompare(a.lastAskedAt));
  const dropped = byRecency.slice(ASKED_QUESTIONS_KEPT);
  await Promise.all(dropped.map((q) => deleteAskedQuestion(storyId, q.id)));
  const kept = new Set(byRecency.slice(0, ASKED_QUESTIONS_KEPT).map((q) => q.id));
  const questions = all.filter((q) => kept.has(q.id));
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
