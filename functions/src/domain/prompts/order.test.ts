import { libraryPrompts } from '@storyloom/shared/prompts/catalog';
import { describe, expect, it } from 'vitest';
import type { PromptState } from '../../data/prompts.ts';
import { type Candidate, libraryOrder, selectNext } from './order.ts';

const empty = (): PromptState => ({ answered: new Map(), hidden: new Set(), own: [], family: [] });
const noListeners = async () => [] as Candidate[];

const family = (id: string, text: string, askedAt: string) => ({
  id,
  text,
  askerId: 'grandchild',
  askerName: 'Sam',
  askedAt,
});

describe('libraryOrder', () => {
  it('holds every library prompt once', () => {
    const order = libraryOrder('user-a', libraryPrompts);
    expect(order).toHaveLength(libraryPrompts.length);
    expect(new Set(order.map((p) => p.id)).size).toBe(libraryPrompts.length);
  });

  it('is the same for the same user, and different for another user', () => {
    const ids = (u: string) => libraryOrder(u, libraryPrompts).map((p) => p.id);
    expect(ids('user-a')).toEqual(ids('user-a'));
    expect(ids('user-a')).not.toEqual(ids('user-b'));
  });

  it('moves between themes: no two neighbours share a theme while every theme still has prompts', () => {
    const order = libraryOrder('user-c', libraryPrompts);
    const themes = new Set(libraryPrompts.map((p) => p.theme)).size;
    // The shortest theme has 15 prompts: the first 15 rounds visit every theme once each.
    const firstRounds = order.slice(0, 15 * themes);
    for (let i = 1; i < firstRounds.length; i++) {
      expect(firstRounds[i]?.theme).not.toBe(firstRounds[i - 1]?.theme);
    }
  });
});

describe('selectNext', () => {
  it('offers a new storyteller the first library prompt of their order', async () => {
    const next = await selectNext('new-user', empty(), noListeners, []);
    expect(next).toEqual({
      id: libraryOrder('new-user', libraryPrompts)[0]?.id,
      text: libraryOrder('new-user', libraryPrompts)[0]?.text,
      kind: 'library',
    });
  });

  it('puts questions sent by the family first, oldest first, with who asked', async () => {
    const state = empty();
    state.family = [
      family('family.00000000a0000000000000001', 'What was your first car?', '2026-01-01T00:00:00Z'),
      family('family.00000000b0000000000000002', 'Where did you meet Grandpa?', '2026-01-02T00:00:00Z'),
    ];
    state.own = [{ id: 'own.aaaaaaaaaaaaaaaa', text: 'My own', createdAt: '2025-01-01T00:00:00Z' }];
    const next = await selectNext('u', state, noListeners, []);
    expect(next).toEqual({
      id: 'family.00000000a0000000000000001',
      text: 'What was your first car?',
      kind: 'family',
      askedBy: { userId: 'grandchild', name: 'Sam' },
    });
    state.answered.set('family.00000000a0000000000000001', { storyId: 's', answeredAt: 'x' });
    expect((await selectNext('u', state, noListeners, []))?.id).toBe('family.00000000b0000000000000002');
  });

  it('asks for the listeners’ questions only when no question sent by name is waiting, and offers them next', async () => {
    const state = empty();
    state.family = [family('family.00000000a0000000000000001', 'Sent', '2026-01-01T00:00:00Z')];
    state.own = [{ id: 'own.aaaaaaaaaaaaaaaa', text: 'My own', createdAt: '2025-01-01T00:00:00Z' }];
    let calls = 0;
    const listeners = async () => {
      calls++;
      return [{ id: 'asked.x', text: 'Did you have a dog?', kind: 'family' as const }];
    };
    await selectNext('u', state, listeners, []);
    expect(calls).toBe(0);
    state.hidden.add('family.00000000a0000000000000001');
    expect(await selectNext('u', state, listeners, [])).toEqual({
      id: 'asked.x',
      text: 'Did you have a dog?',
      kind: 'family',
    });
    expect(calls).toBe(1);
  });

  it('offers own questions before the library, and skips answered, hidden and excluded ones', async () => {
    const state = empty();
    state.own = [
      { id: 'own.aaaaaaaaaaaaaaaa', text: 'First own', createdAt: '2025-01-01T00:00:00Z' },
      { id: 'own.bbbbbbbbbbbbbbbb', text: 'Second own', createdAt: '2025-01-02T00:00:00Z' },
    ];
    expect((await selectNext('u', state, noListeners, []))?.id).toBe('own.aaaaaaaaaaaaaaaa');
    expect((await selectNext('u', state, noListeners, ['own.aaaaaaaaaaaaaaaa']))?.id).toBe('own.bbbbbbbbbbbbbbbb');
    state.hidden.add('own.bbbbbbbbbbbbbbbb');
    state.answered.set('own.aaaaaaaaaaaaaaaa', { storyId: 's', answeredAt: 'x' });
    const order = libraryOrder('u', libraryPrompts);
    state.answered.set(order[0]?.id as string, { storyId: 's', answeredAt: 'x' });
    state.hidden.add(order[1]?.id as string);
    expect((await selectNext('u', state, noListeners, [order[2]?.id as string]))?.id).toBe(order[3]?.id);
  });

  it('returns null once everything is answered, hidden or excluded', async () => {
    const state = empty();
    for (const p of libraryPrompts) state.answered.set(p.id, { storyId: 's', answeredAt: 'x' });
    expect(await selectNext('u', state, noListeners, [])).toBeNull();
  });
});
