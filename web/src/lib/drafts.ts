import { clear, createStore, del, get, set, type UseStore } from 'idb-keyval';

/**
 * Where unsaved work waits (issue 11, issue 18): typed text in local storage (`hooks/use-draft.ts`,
 * keys under TEXT_DRAFT_PREFIX), recordings in IndexedDB, which holds megabytes of audio where local
 * storage holds a few of text. `idb-keyval` (a ~600-byte wrapper) rather than the raw API: the same
 * get/set/delete with one object store, and its promise plumbing is maintained elsewhere.
 */
export const TEXT_DRAFT_PREFIX = 'storyloom.draft';

/** A take kept in the browser until it is saved. Bytes, not a Blob: older Safari cannot store Blobs. */
export interface StoredRecording {
  bytes: ArrayBuffer;
  type: string;
  seconds: number;
  savedAt: number;
}

let store: UseStore | null = null;
/** Opened on first use: the shell imports this module for logout, and most visits never record. */
function recordings(): UseStore {
  store ??= createStore('storyloom-drafts', 'recordings');
  return store;
}

/** One key per user and per recorder (`story-audio`, `voice-sample`). */
export function recordingDraftKey(userId: string, slot: string): string {
  return `${userId}:${slot}`;
}

export async function readRecordingDraft(key: string): Promise<StoredRecording | null> {
  try {
    const found = await get<StoredRecording>(key, recordings());
    return found && found.bytes instanceof ArrayBuffer && found.bytes.byteLength > 0 ? found : null;
  } catch {
    // IndexedDB off (some private modes): nothing kept, and the leave question still protects the take.
    return null;
  }
}

export async function writeRecordingDraft(key: string, recording: { blob: Blob; seconds: number }): Promise<void> {
  try {
    const bytes = await recording.blob.arrayBuffer();
    await set(key, { bytes, type: recording.blob.type, seconds: recording.seconds, savedAt: Date.now() }, recordings());
  } catch {
    // As above: storage full or off.
  }
}

export async function deleteRecordingDraft(key: string): Promise<void> {
  try {
    await del(key, recordings());
  } catch {
    // Nothing stored.
  }
}

/**
 * Removes every draft of this browser, text and audio, whoever wrote it: called at logout, so the next
 * person on a shared computer finds nothing of the last one's unsaved work.
 */
export async function clearAllDrafts(): Promise<void> {
  try {
    const doomed: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith(`${TEXT_DRAFT_PREFIX}.`)) doomed.push(key);
    }
    for (const key of doomed) localStorage.removeItem(key);
  } catch {
    // Storage off: nothing was kept.
  }
  try {
    await clear(recordings());
  } catch {
    // As above.
  }
}
