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
import { logger } from '../../lib/logger.ts';

/**
 * A deleted account's prompt data (user-data-purgers.ts): its answered, hidden and own questions and the
 * questions sent to it, and the questions it sent to others (they name the asker). Idempotent.
 */
export async function purgePromptData(userId: string): Promise<void> {
  await deleteItems(await listPromptKeys(userId));
  await deleteItems(await listQuestionKeysByAsker(userId));
}

/** Tries at moving one mark: each retry reads the answers again (another of them went meanwhile). */
const MOVE_ATTEMPTS = 4;

/**
 * A deleted story's answers (domain/stories/deletion.ts), called once the story item is gone: its answer
 * items go, and a mark that named it moves to the latest other story of this storyteller that answers the
 * same question; only when none is left does the mark go and the question open again. Nothing names the
 * story afterwards. Two answers of one question deleted at the same moment: the move checks, in the same
 * transaction, that the answer it moves to is still there (data/prompts.ts, moveAnswered), and reads again
 * when it is not, so the mark never ends on a deleted story. Idempotent.
 */
export async function forgetAnswersOf(authorId: string, storyId: string): Promise<void> {
  const [answers, marks] = await Promise.all([listAnswers(authorId), listAnswerMarks(authorId)]);
  await deleteItems(answers.filter((a) => a.storyId === storyId).map((a) => a.key));
  const cleared = marks.filter((m) => m.storyId === storyId);
  for (const mark of cleared) await moveMarkOff(authorId, mark.promptId, storyId, answers);
}

/** Moves a prompt's mark off the deleted story `storyId`, to the latest answer still there, or deletes it. */
async function moveMarkOff(authorId: string, promptId: string, storyId: string, read: AnswerRecord[]) {
  let answers = read;
  for (let attempt = 1; ; attempt++) {
    const remaining = await latestLiveAnswer(authorId, promptId, storyId, answers);
    const outcome = await moveAnswered(authorId, promptId, storyId, remaining);
    if (outcome !== 'read-again') return;
    if (attempt >= MOVE_ATTEMPTS) {
      // Only when answers keep vanishing under it; the prompt screens ignore a mark naming a deleted story.
      logger.warn('prompt mark left on a deleted story', { promptId, storyId });
      return;
    }
    answers = await listAnswers(authorId);
  }
}

/** The latest other answer of the prompt whose story is still there (and the author's). */
async function latestLiveAnswer(
  authorId: string,
  promptId: string,
  storyId: string,
  answers: readonly AnswerRecord[],
): Promise<AnswerRecord | undefined> {
  const others = answers.filter((a) => a.storyId !== storyId && a.promptId === promptId);
  if (others.length === 0) return undefined;
  // Another story being deleted at the same moment may not have taken its answers along yet.
  const live = new Set(
    (await getStories(others.map((a) => a.storyId))).filter((s) => s.authorId === authorId).map((s) => s.id),
  );
  return latestAnswer(others.filter((a) => live.has(a.storyId)));
}

/** The answer saved last (ties by story id, so the choice does not depend on the read's order). */
function latestAnswer(answers: readonly AnswerRecord[]): AnswerRecord | undefined {
  return [...answers].sort((a, b) => b.answeredAt.localeCompare(a.answeredAt) || b.storyId.localeCompare(a.storyId))[0];
}
