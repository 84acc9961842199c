import { useCallback, useEffect, useRef, useState } from 'react';
import type { Recording } from '#web/components/media/Recorder.tsx';
import { useDraftOwner } from '#web/hooks/use-draft.ts';
import { deleteRecordingDraft, readRecordingDraft, recordingDraftKey, writeRecordingDraft } from '#web/lib/drafts.ts';

export interface RecordingDraft {
  recording: Recording;
  savedAt: number;
}

export interface RecordingDraftStore {
  /** A take found on arrival, offered back ("Restore your recording?"). */
  offered: RecordingDraft | null;
  /** Takes the offered take (the caller shows it in the recorder). */
  accept: () => RecordingDraft | null;
  /** Throws the offered take away. */
  discard: () => void;
  /** Keeps the page's take (written at once: a take is made rarely and is hard to make again); null removes it. */
  keep: (recording: Recording | null) => void;
}

/**
 * The recorder's draft (issue 18): the take is written to IndexedDB the moment Stop makes it, per user
 * and per recorder (`slot`), so a reload, a navbar link answered "Leave", a crash or an expired session
 * never costs the recording. On arrival a stored take is offered back, or given back at once when
 * `restoreNow` (back from the login after an expired session) via `onRestore`.
 */
export function useRecordingDraft(
  slot: string,
  opts: { restoreNow?: boolean; onRestore?: (draft: RecordingDraft) => void } = {},
): RecordingDraftStore {
  const userId = useDraftOwner();
  const key = userId ? recordingDraftKey(userId, slot) : null;
  const [offered, setOffered] = useState<RecordingDraft | null>(null);
  const optsRef = useRef(opts);
  optsRef.current = opts;
  /** Once the page has a take of its own, a draft read late must not be offered over it. */
  const decided = useRef(false);

  useEffect(() => {
    if (!key) return;
    let live = true;
    void readRecordingDraft(key).then((found) => {
      if (!live || !found || decided.current) return;
      const draft = {
        recording: { blob: new Blob([found.bytes], { type: found.type }), seconds: found.seconds },
        savedAt: found.savedAt,
      };
      const { restoreNow, onRestore } = optsRef.current;
      if (restoreNow && onRestore) onRestore(draft);
      else setOffered(draft);
    });
    return () => {
      live = false;
    };
  }, [key]);

  const accept = useCallback(() => {
    const draft = offered;
    setOffered(null);
    decided.current = true;
    return draft;
  }, [offered]);

  const discard = useCallback(() => {
    setOffered(null);
    decided.current = true;
    if (key) void deleteRecordingDraft(key);
  }, [key]);

  const keep = useCallback(
    (recording: Recording | null) => {
      decided.current = true;
      setOffered(null);
      if (!key) return;
      void (recording ? writeRecordingDraft(key, recording) : deleteRecordingDraft(key));
    },
    [key],
  );

  return { offered, accept, discard, keep };
}
