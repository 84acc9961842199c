import { createHash } from 'node:crypto';
import { type LibraryPrompt, libraryPrompts } from '@storyloom/shared/prompts/catalog';
import type { PromptState } from '../../data/prompts.ts';

/**
 * The order prompts are offered in (docs/family-loop.md, "Which question comes next"). Pure functions, so the
 * selection is unit-tested without a table.
 */

/** A question that could be offered, in the shape nextPromptFor returns. */
export interface Candidate {
  id: string;
  text: string;
  kind: 'family' | 'library' | 'own';
  askedBy?: { userId: string; name: string };
}

const rank = (seed: string) => createHash('sha256').update(seed).digest('hex');

/**
 * The library in one user's order: the same every time for that user (a prompt skipped today is not
 * suddenly first tomorrow), different between users (two siblings' parents are not asked the same thing in
 * the same week), and varied from one prompt to the next — themes take turns, so "Another question" moves from
 * childhood to work to recipes rather than through sixteen childhood questions in a row.
 */
export function libraryOrder(userId: string, prompts: readonly LibraryPrompt[]): LibraryPrompt[] {
  const byTheme = new Map<string, LibraryPrompt[]>();
  for (const p of prompts) byTheme.set(p.theme, [...(byTheme.get(p.theme) ?? []), p]);
  const themes = [...byTheme.keys()].sort((a, b) => rank(`${userId}#${a}`).localeCompare(rank(`${userId}#${b}`)));
  const queues = themes.map((t) =>
    (byTheme.get(t) ?? []).sort((a, b) => rank(`${userId}#${a.id}`).localeCompare(rank(`${userId}#${b.id}`))),
  );
  const ordered: LibraryPrompt[] = [];
  for (let round = 0; ordered.length < prompts.length; round++) {
    for (const queue of queues) {
      const p = queue[round];
      if (p) ordered.push(p);
    }
  }
  return ordered;
}

/** The first candidate not answered, hidden or skipped (`skip` holds all three). */
export function firstOpen(candidates: Iterable<Candidate>, skip: ReadonlySet<string>): Candidate | null {
  for (const c of candidates) if (!skip.has(c.id)) return c;
  return null;
}

/**
 * The selection itself, given what the storyteller's partition holds (nextPromptFor reads it):
 * 1. questions the family sent by name, oldest first; then listeners' unanswered questions, oldest first
 *    (`listeners` is called only when no question sent by name is waiting: it costs a Query per story);
 * 2. the storyteller's own questions, oldest first;
 * 3. the library in this user's order.
 * Answered and hidden prompts are never offered, nor the ids in `exclude`.
 */
export async function selectNext(
  userId: string,
  state: PromptState,
  listeners: () => Promise<Candidate[]>,
  exclude: readonly string[],
): Promise<Candidate | null> {
  const skip = new Set([...state.answered.keys(), ...state.hidden, ...exclude]);
  const family = firstOpen(
    state.family.map((q) => ({
      id: q.id,
      text: q.text,
      kind: 'family' as const,
      askedBy: { userId: q.askerId, name: q.askerName },
    })),
    skip,
  );
  if (family) return family;
  const listener = firstOpen(await listeners(), skip);
  if (listener) return { id: listener.id, text: listener.text, kind: 'family' };
  const own = firstOpen(
    state.own.map((q) => ({ id: q.id, text: q.text, kind: 'own' as const })),
    skip,
  );
  if (own) return own;
  return firstOpen(
    libraryOrder(userId, libraryPrompts).map((p) => ({ id: p.id, text: p.text, kind: 'library' as const })),
    skip,
  );
}
