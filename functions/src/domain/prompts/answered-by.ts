import { listAnswers, readPromptState } from '../../data/prompts.ts';

/** A question from the family a story answers: who asked it and what (as they wrote it). */
export interface AnsweredQuestion {
  askerName: string;
  text: string;
}

/**
 * Every question the family sent a storyteller (`family.` ids) that one of their stories answers, by story
 * id, oldest question first: the answer items (`PROMPT#ANSWERS#<prompt>#<story>`) and the marks (older data
 * has a mark only). Two Queries of the storyteller's own partition. A question whose item is gone (its
 * asker's account was deleted) is not named. Listeners' questions are not either: answering one removes it.
 */
export async function familyQuestionsAnsweredBy(userId: string): Promise<Map<string, AnsweredQuestion[]>> {
  const [state, answers] = await Promise.all([readPromptState(userId), listAnswers(userId)]);
  const questions = new Map(state.family.map((q) => [q.id, q]));
  const pairs = new Set<string>();
  const byStory = new Map<string, AnsweredQuestion[]>();
  const add = (promptId: string, storyId: string) => {
    const question = questions.get(promptId);
    const pair = `${promptId}\n${storyId}`;
    if (!question || pairs.has(pair)) return;
    pairs.add(pair);
    byStory.set(storyId, [...(byStory.get(storyId) ?? []), { askerName: question.askerName, text: question.text }]);
  };
  // Family question ids sort by the time they were asked (data/prompts.ts), so this is oldest first.
  const all = [
    ...answers.map((a) => [a.promptId, a.storyId] as const),
    ...[...state.answered].map(([promptId, mark]) => [promptId, mark.storyId] as const),
  ].sort(([a], [b]) => a.localeCompare(b));
  for (const [promptId, storyId] of all) add(promptId, storyId);
  return byStory;
}
