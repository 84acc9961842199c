import { promptText } from '@storyloom/shared/messages';
import { libraryPrompt } from '@storyloom/shared/prompts/catalog';
import { getFamilyQuestion, getOwnQuestion, putAnswered } from '../../data/prompts.ts';
import { NotFound } from '../../lib/errors.ts';
import { loadOwnedStory } from '../stories/access.ts';
import { findListenerQuestion, listenerQuestions, parseListenerPromptId, settleListenerQuestion } from './listeners.ts';
import { type Candidate, selectNext } from './order.ts';
import { readLiveState } from './state.ts';

/**
 * The next question for a storyteller, and marking one answered (docs/family-loop.md, "Which question comes
 * next"). The weekly prompt email (#20 B) calls these too: keep their signatures stable.
 */
export type NextPrompt = Candidate;

/**
 * The question to offer now, or null when every one is answered, hidden or excluded:
 * 1. questions the family sent, oldest first; then the listeners' unanswered questions, oldest first;
 * 2. the storyteller's own questions, oldest first;
 * 3. the library, in this user's order (order.ts).
 * `exclude`: ids to skip as well (the ones already shown on the card, or mailed).
 */
export async function nextPromptFor(userId: string, opts: { exclude?: string[] } = {}): Promise<NextPrompt | null> {
  return selectNext(userId, await readLiveState(userId), () => listenerQuestions(userId), opts.exclude ?? []);
}

/**
 * The question a prompt id names for this storyteller, or NotFound: a library prompt, one of their own
 * questions, a question sent to them, or a listener's question on one of their stories.
 */
export async function promptOf(userId: string, promptId: string): Promise<Candidate> {
  const fromLibrary = libraryPrompt(promptId);
  if (fromLibrary) return { id: promptId, text: fromLibrary.text, kind: 'library' };
  if (promptId.startsWith('own.')) {
    const own = await getOwnQuestion(userId, promptId);
    if (own) return { id: promptId, text: own.text, kind: 'own' };
  } else if (promptId.startsWith('family.')) {
    const q = await getFamilyQuestion(userId, promptId);
    if (q) return { id: promptId, text: q.text, kind: 'family', askedBy: { userId: q.askerId, name: q.askerName } };
  } else {
    const q = await findListenerQuestion(userId, promptId);
    if (q) return { id: promptId, text: q.text, kind: 'family' };
  }
  throw new NotFound(promptText.promptNotFound);
}

/**
 * Marks a prompt answered by one of the storyteller's stories. Both are checked: the prompt must be one this
 * storyteller may answer (promptOf) and the story their own (404 otherwise). A listener's question also leaves
 * its story's "Your family asked" list.
 */
export async function markPromptAnswered(userId: string, promptId: string, storyId: string): Promise<Candidate> {
  const [prompt] = await Promise.all([promptOf(userId, promptId), loadOwnedStory(storyId, userId)]);
  await putAnswered(userId, promptId, storyId, new Date().toISOString());
  const listener = parseListenerPromptId(promptId);
  if (listener) await settleListenerQuestion(listener.storyId, listener.questionId);
  return prompt;
}
