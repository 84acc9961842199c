import { useCallback, useEffect, useRef, useState } from 'react';
import { useAuth } from '#web/lib/auth.tsx';
import { TEXT_DRAFT_PREFIX } from '#web/lib/drafts.ts';
import { readTokenClaims } from '#web/lib/token-storage.ts';

/** How long typing rests before the draft is written (it is also written when the page goes away). */
const SAVE_DELAY_MS = 400;

export interface Draft<V> {
  values: V;
  /** When it was last written, in ms since the epoch. */
  savedAt: number;
  /** The version of the story the draft was written against (edit forms). */
  version?: number;
}

export interface DraftStore<V> {
  /** A draft found on arrival that differs from what the form shows: offered back ("Restore your draft?"). */
  offered: Draft<V> | null;
  /** Takes the offered draft (the caller puts its values in the form). */
  accept: () => Draft<V> | null;
  /** Throws the offered draft away. */
  discard: () => void;
  /** Records the form's current values (debounced); `null` values remove the draft. */
  write: (values: V | null) => void;
  /** Removes the draft for good, e.g. once saved. Later writes are ignored. */
  drop: () => void;
}

function read<V>(key: string): Draft<V> | null {
  try {
    const text = localStorage.getItem(key);
    if (!text) return null;
    const draft = JSON.parse(text) as Draft<V>;
    return draft && typeof draft === 'object' && 'values' in draft ? draft : null;
  } catch {
    return null;
  }
}

function store(key: string, draft: Draft<unknown> | null): void {
  try {
    if (draft) localStorage.setItem(key, JSON.stringify(draft));
    else localStorage.removeItem(key);
  } catch {
    // Storage full or off: the leave question still protects the typing on this page.
  }
}

/**
 * Whose drafts these are: the signed-in user, from the profile or, before it has loaded, from the token
 * (a draft typed in the first second is still theirs); null when nobody is signed in.
 */
export function useDraftOwner(): string | null {
  const { user, token } = useAuth();
  return user?.ID ?? (token ? readTokenClaims(token)?.sub : undefined) ?? null;
}

/**
 * One line of text kept as the user's draft under `slot` (a comment on a story, a question for a
 * storyteller): `useDraft` with the owner's key, cleared at logout with the other drafts.
 */
export function useTextDraft(slot: string): DraftStore<{ text: string }> {
  const owner = useDraftOwner();
  return useDraft<{ text: string }>({
    key: owner ? draftKey(owner, slot) : null,
    current: { text: '' },
    same: (a, b) => a.text === b.text,
  });
}

/** The storage key of a draft: one per user and per story (`new` for the create form). */
export function draftKey(userId: string, storyId: string): string {
  return `${TEXT_DRAFT_PREFIX}.${userId}.${storyId}`;
}

/**
 * A local draft of a form (issue 11: drafts survive every way out). The values are kept in local
 * storage per user and per story as the user types, and written at once when the page is hidden or
 * the form goes away (a session that ends mid-sentence sends the user to /login). On arrival a
 * stored draft that differs from `current` is offered back; `autoRestore` takes it without asking
 * (coming back from a login after the session expired).
 */
export function useDraft<V>({
  key,
  current,
  same,
  version,
}: {
  /** null: no draft for this form (no user known). */
  key: string | null;
  /** What the form shows on arrival. */
  current: V;
  same: (a: V, b: V) => boolean;
  version?: number;
}): DraftStore<V> {
  const [offered, setOffered] = useState<Draft<V> | null>(() => {
    if (!key) return null;
    const draft = read<V>(key);
    return draft && !same(draft.values, current) ? draft : null;
  });
  const pending = useRef<V | null | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const dropped = useRef(false);
  const keyRef = useRef(key);
  keyRef.current = key;
  const versionRef = useRef(version);
  versionRef.current = version;

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const values = pending.current;
    pending.current = undefined;
    const k = keyRef.current;
    if (values === undefined || !k || dropped.current) return;
    store(k, values === null ? null : { values, savedAt: Date.now(), version: versionRef.current });
  }, []);

  const write = useCallback(
    (values: V | null) => {
      if (dropped.current) return;
      pending.current = values;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(flush, SAVE_DELAY_MS);
    },
    [flush],
  );

  // Written at once when the tab is hidden or closed, and when the form unmounts.
  useEffect(() => {
    window.addEventListener('pagehide', flush);
    const onVisibility = () => document.visibilityState === 'hidden' && flush();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
      flush();
    };
  }, [flush]);

  const accept = useCallback(() => {
    const draft = offered;
    setOffered(null);
    return draft;
  }, [offered]);

  const discard = useCallback(() => {
    setOffered(null);
    pending.current = undefined;
    if (keyRef.current) store(keyRef.current, null);
  }, []);

  const drop = useCallback(() => {
    dropped.current = true;
    pending.current = undefined;
    if (timer.current) clearTimeout(timer.current);
    if (keyRef.current) store(keyRef.current, null);
  }, []);

  return { offered, accept, discard, write, drop };
}
