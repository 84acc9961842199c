import { deleteItems } from '../../data/items.ts';
import {
  type AnswerRecord,
  listAnswerMarks,
  listAnswers,
  listPromptKeys,
  listQuestionKeysByAsker,
  moveAnswered,
} from '../../data/prompts.ts';
import { getStories } from '../../data/stories.ts';

/**
 * A deleted account's prompt data (user-data-purgers.ts): its answered, hidden and own questions and the
 * questions sent to it, and the questions it sent to others (they name the asker). Idempotent.
 */
export async function purgePromptData(userId: string): Promise<void> {
  await deleteItems(await listPromptKeys(userId));
  await deleteItems(await listQuestionKeysByAsker(userId));
}

/**
 * A deleted story's answers (domain/stories/deletion.ts), called once the story item is gone: its answer
 * items go, and a mark that named it moves to the latest other story of this storyteller that answers the
 * same question; only when none is left does the mark go and the question open again. Nothing names the
 * story afterwards. Idempotent; readLiveState ignores a mark that a race left behind.
 */
export async function forgetAnswersOf(authorId: string, storyId: string): Promise<void> {
  const [answers, marks] = await Promise.all([listAnswers(authorId), listAnswerMarks(authorId)]);
  await deleteItems(answers.filter((a) => a.storyId === storyId).map((a) => a.key));
  const cleared = marks.filter((m) => m.storyId === storyId);
  if (cleared.length === 0) return;
  const prompts = new Set(cleared.map((m) => m.promptId));
  const others = answers.filter((a) => a.storyId !== storyId && prompts.has(a.promptId));
  // Another story being deleted at the same moment may not have taken its answers along yet.
  const live = new Set(
    (await getStories(others.map((a) => a.storyId))).filter((s) => s.authorId === authorId).map((s) => s.id),
  );
  for (const mark of cleared) {
    const remaining = latestAnswer(others.filter((a) => a.promptId === mark.promptId && live.has(a.storyId)));
    await moveAnswered(authorId, mark.promptId, storyId, remaining);
  }
}

/** The answer saved last (ties by story id, so the choice does not depend on the read's order). */
function latestAnswer(answers: readonly AnswerRecord[]): AnswerRecord | undefined {
  return [...answers].sort((a, b) => b.answeredAt.localeCompare(a.answeredAt) || b.storyId.localeCompare(a.storyId))[0];
}
