import { randomBytes } from 'node:crypto';
import { promptText } from '@storyloom/shared/messages';
import { libraryThemes } from '@storyloom/shared/prompts/catalog';
import { OWN_QUESTIONS_HOURLY, OWN_QUESTIONS_MAX } from '@storyloom/shared/prompts/limits';
import type { OwnQuestionInput, PromptDto, PromptLibraryDto } from '@storyloom/shared/schemas/prompts';
import { countOwnQuestions, putOwnQuestion, setHidden } from '../../data/prompts.ts';
import { consumeRateLimit } from '../../data/rate-limit.ts';
import { Conflict } from '../../lib/errors.ts';
import { listenerQuestions } from './listeners.ts';
import { nextPromptFor, promptOf } from './next.ts';
import type { Candidate } from './order.ts';
import { readLiveState } from './state.ts';
import { hashed } from './subjects.ts';

/** The storyteller's own use of their prompts: the card, "Browse all", hiding, own questions (docs/family-loop.md). */

export function toPromptDto(c: Candidate): PromptDto {
  return {
    id: c.id,
    text: c.text,
    kind: c.kind,
    ...(c.askedBy ? { asked_by: { user_id: c.askedBy.userId, name: c.askedBy.name } } : {}),
  };
}

/**
 * GET /api/prompts/next: the question for the card. "Another question" sends the ids it has shown; once
 * every open question has been shown, the list starts again from the first (`cycled`) — still never an
 * answered or hidden one, and not the one on the card now when another is open.
 */
export async function anotherPrompt(
  userId: string,
  exclude: string[],
): Promise<{ prompt: PromptDto | null; cycled: boolean }> {
  const next = await nextPromptFor(userId, { exclude });
  if (next || exclude.length === 0) return { prompt: next ? toPromptDto(next) : null, cycled: false };
  const current = exclude.at(-1) as string;
  const again = (await nextPromptFor(userId, { exclude: [current] })) ?? (await nextPromptFor(userId));
  return { prompt: again ? toPromptDto(again) : null, cycled: true };
}

/**
 * GET /api/prompts/{id}: one question the storyteller may answer (the answer screens show it), with the story
 * that answers it already, if any (readLiveState: a mark whose story is gone does not count).
 */
export async function getPrompt(userId: string, promptId: string): Promise<PromptDto> {
  const [prompt, state] = await Promise.all([promptOf(userId, promptId), readLiveState(userId)]);
  const answered = state.answered.get(promptId);
  return { ...toPromptDto(prompt), ...(answered ? { answered_story_id: answered.storyId } : {}) };
}

/** GET /api/prompts: every library prompt by theme and the storyteller's own questions, marked answered or hidden. */
export async function browsePrompts(userId: string): Promise<PromptLibraryDto> {
  const state = await readLiveState(userId);
  const mark = (id: string) => {
    const answered = state.answered.get(id);
    return { ...(answered ? { answered_story_id: answered.storyId } : {}), hidden: state.hidden.has(id) };
  };
  return {
    themes: libraryThemes.map((t) => ({
      id: t.id,
      stage: t.stage,
      title: t.title,
      prompts: t.prompts.map((p) => ({ id: p.id, text: p.text, ...mark(p.id) })),
    })),
    own: state.own.map((q) => ({ id: q.id, text: q.text, created_at: q.createdAt, ...mark(q.id) })),
  };
}

/** PUT /api/prompts/{id}/hidden: hides a question from the card (or shows it again); any question the storyteller has. */
export async function setPromptHidden(userId: string, promptId: string, hidden: boolean): Promise<{ message: string }> {
  await promptOf(userId, promptId);
  await setHidden(userId, promptId, hidden, new Date().toISOString());
  return { message: hidden ? promptText.hiddenSaved : promptText.unhiddenSaved };
}

/** POST /api/prompts/own: a question the storyteller writes for themself; offered before the library. */
export async function addOwnQuestion(
  userId: string,
  input: OwnQuestionInput,
): Promise<{ message: string; prompt: PromptDto }> {
  await consumeRateLimit({
    scope: 'prompt-own',
    subject: hashed(userId),
    limit: OWN_QUESTIONS_HOURLY,
    windowSeconds: 60 * 60,
    message: promptText.ownQuota,
  });
  if ((await countOwnQuestions(userId)) >= OWN_QUESTIONS_MAX) throw new Conflict(promptText.ownLimit);
  const question = {
    id: `own.${randomBytes(12).toString('base64url')}`,
    text: input.text,
    createdAt: new Date().toISOString(),
  };
  await putOwnQuestion(userId, question);
  return { message: promptText.ownAdded, prompt: toPromptDto({ id: question.id, text: question.text, kind: 'own' }) };
}

/**
 * GET /api/prompts/family: "Questions from your family" — questions sent by name and the listeners'
 * unanswered questions on the storyteller's stories, open ones only (not answered, not hidden), oldest first.
 */
export async function familyQuestions(userId: string): Promise<{ questions: PromptDto[] }> {
  const [state, listeners] = await Promise.all([readLiveState(userId), listenerQuestions(userId)]);
  const closed = (id: string) => state.answered.has(id) || state.hidden.has(id);
  const sent = state.family
    .filter((q) => !closed(q.id))
    .map((q) => ({
      ...toPromptDto({ id: q.id, text: q.text, kind: 'family', askedBy: { userId: q.askerId, name: q.askerName } }),
      asked_at: q.askedAt,
    }));
  const heard = listeners
    .filter((q) => !closed(q.id))
    .map((q) => ({ ...toPromptDto(q), asked_at: q.askedAt, story: q.story }));
  return { questions: [...sent, ...heard].sort((a, b) => a.asked_at.localeCompare(b.asked_at)) };
}
