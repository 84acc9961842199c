import { deleteAskedQuestion, listAskedQuestions } from '../../data/interactive.ts';
import { getStories, listStoryIdsByAuthor } from '../../data/stories.ts';
import type { Candidate } from './order.ts';

/**
 * The listeners' unanswered questions ("Your family asked", domain/interactive/asked.ts), joined into the
 * storyteller's questions from the family. They stay where the interactive feature keeps them (each story's
 * partition); only their ids are translated: `asked.<storyId>.<questionId>`.
 */
export interface ListenerQuestion extends Candidate {
  askedAt: string;
  story: { id: string; title: string };
}

const ASKED = /^asked\.([0-9a-f-]{36})\.([A-Za-z0-9_-]{22})$/;

export const listenerPromptId = (storyId: string, questionId: string) => `asked.${storyId}.${questionId}`;

/** The story and question a listener prompt id names, or undefined for any other id. */
export function parseListenerPromptId(id: string): { storyId: string; questionId: string } | undefined {
  const m = ASKED.exec(id);
  return m ? { storyId: m[1] as string, questionId: m[2] as string } : undefined;
}

/** Stories read at once: the question lists are one Query each. */
const PARALLEL = 8;

/** Every unanswered listener question on the storyteller's stories, oldest first (one Query per story). */
export async function listenerQuestions(userId: string): Promise<ListenerQuestion[]> {
  const storyIds = await listStoryIdsByAuthor(userId);
  const found: ListenerQuestion[] = [];
  const withQuestions: string[] = [];
  const perStory = new Map<string, Awaited<ReturnType<typeof listAskedQuestions>>>();
  for (let i = 0; i < storyIds.length; i += PARALLEL) {
    const batch = storyIds.slice(i, i + PARALLEL);
    const lists = await Promise.all(batch.map((id) => listAskedQuestions(id)));
    batch.forEach((id, n) => {
      const list = lists[n] ?? [];
      if (list.length > 0) {
        perStory.set(id, list);
        withQuestions.push(id);
      }
    });
  }
  if (withQuestions.length === 0) return found;
  for (const story of await getStories(withQuestions)) {
    for (const q of perStory.get(story.id) ?? []) {
      found.push({
        id: listenerPromptId(story.id, q.id),
        text: q.question,
        kind: 'family',
        askedAt: q.lastAskedAt,
        story: { id: story.id, title: story.title },
      });
    }
  }
  return found.sort((a, b) => a.askedAt.localeCompare(b.askedAt) || a.id.localeCompare(b.id));
}

/** A listener question of this storyteller, if it is still on their story. */
export async function findListenerQuestion(
  userId: string,
  promptId: string,
): Promise<{ storyId: string; questionId: string; text: string } | undefined> {
  const named = parseListenerPromptId(promptId);
  if (!named) return undefined;
  const [story] = await getStories([named.storyId]);
  if (!story || story.authorId !== userId) return undefined;
  const q = (await listAskedQuestions(named.storyId)).find((x) => x.id === named.questionId);
  return q ? { ...named, text: q.question } : undefined;
}

/** An answered listener question leaves the story's "Your family asked" list: it has its answer now. */
export async function settleListenerQuestion(storyId: string, questionId: string): Promise<void> {
  await deleteAskedQuestion(storyId, questionId);
}
