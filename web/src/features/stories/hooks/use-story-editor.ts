import { useEffect, useMemo, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { useLocation } from 'react-router-dom';
import type * as z from 'zod/mini';
import { draftKey, useDraft, useDraftOwner } from '#web/hooks/use-draft.ts';
import { useForm } from '#web/hooks/use-form.ts';
import { useLeaveGuard } from '#web/hooks/use-leave-guard.ts';
import { isDirty, STORY_OBJECT_FIELD, type StoryFormValues } from '../utils/story-form.ts';

/** Set by the login screen when it sends the user back to a form after their session expired. */
interface ReturnState {
  restoreDraft?: boolean;
}

/**
 * Everything a story form needs so nothing typed is lost (issue 11): the form (useForm on the shared
 * schema), a local draft per user and story written as the user types and offered back on arrival
 * (restored at once after a login that followed an expired session), and the question before the
 * page is left with changes (navbar, Back, reload, closing the tab).
 */
export function useStoryEditor<Out>({
  schema,
  initial,
  storyId,
  fallback,
  version,
}: {
  schema: z.ZodMiniType<Out, unknown>;
  initial: StoryFormValues;
  /** The story being edited, or `new` for the create form. */
  storyId: string;
  fallback: string;
  version?: number;
}) {
  const userId = useDraftOwner();
  const form = useForm({ schema, defaultValues: initial, fallback, objectField: STORY_OBJECT_FIELD });
  const values = useWatch({ control: form.form.control }) as StoryFormValues;
  const dirty = isDirty(values, initial);
  const draft = useDraft<StoryFormValues>({
    key: userId ? draftKey(userId, storyId) : null,
    current: initial,
    same: (a, b) => !isDirty(a, b),
    version,
  });
  const guard = useLeaveGuard(dirty);
  const restoreNow = (useLocation().state as ReturnState | null)?.restoreDraft === true;

  // Back from a login after the session ended mid-form: the text is simply there again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival.
  useEffect(() => {
    if (!restoreNow) return;
    const taken = draft.accept();
    if (taken) form.form.reset({ ...initial, ...taken.values });
  }, []);

  const { write } = draft;
  const snapshot = useMemo(() => JSON.stringify(values), [values]);
  // A draft offered on arrival stays stored until the user types (or discards it).
  const typed = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `snapshot` stands for `values`.
  useEffect(() => {
    if (dirty) typed.current = true;
    if (typed.current) write(dirty ? values : null);
  }, [snapshot, dirty, write]);

  const restore = () => {
    const taken = draft.accept();
    if (taken) form.form.reset({ ...initial, ...taken.values });
  };

  return { form, values, dirty, draft, guard, restore };
}
