import { type PromptState, readPromptState } from '../../data/prompts.ts';
import { getStories } from '../../data/stories.ts';

/**
 * A storyteller's prompt state with only the answers that still stand: a mark whose story was deleted since
 * is left out, so its question is offered again and "Browse all" does not link to a story that is gone. The
 * mark is ignored rather than deleted here (these reads only read); answering again overwrites it. One
 * BatchGet per 100 answered prompts.
 */
export async function readLiveState(userId: string): Promise<PromptState> {
  const state = await readPromptState(userId);
  const storyIds = [...new Set([...state.answered.values()].map((a) => a.storyId))];
  if (storyIds.length === 0) return state;
  const live = new Set((await getStories(storyIds)).filter((s) => s.authorId === userId).map((s) => s.id));
  const answered = new Map([...state.answered].filter(([, a]) => live.has(a.storyId)));
  return { ...state, answered };
}
