import { fallback, success } from '@storyloom/shared/messages';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useToast } from '#web/components/ui/Toasts.tsx';
import { paths } from '#web/config/paths.ts';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { createStory } from '../api/create-story.ts';
import { LeaveFormDialog } from '../components/LeaveFormDialog.tsx';
import { StoryForm, useStoryFieldRefs } from '../components/StoryForm.tsx';
import { checkCreate, emptyStoryValues, isDirty, type StoryField } from '../utils/story-form.ts';

/** /create-story (spec section 2): a new text story; on success a toast and back to the dashboard. */
export function CreateStoryRoute() {
  useDocumentTitle('Create a Story');
  const navigate = useNavigate();
  const toast = useToast();
  const fieldRefs = useStoryFieldRefs();
  const [values, setValues] = useState(emptyStoryValues);
  const [error, setError] = useState<string | null>(null);
  const [invalidField, setInvalidField] = useState<StoryField | null>(null);
  const [busy, setBusy] = useState(false);
  const [leaving, setLeaving] = useState(false);

  const onChange = (field: StoryField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (invalidField === field || (error && !invalidField)) {
      setError(null);
      setInvalidField(null);
    }
  };

  const onSubmit = async () => {
    const checked = checkCreate(values);
    if (!checked.ok) {
      setError(checked.message);
      setInvalidField(checked.field);
      if (checked.field) fieldRefs[checked.field].current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    setInvalidField(null);
    try {
      await createStory(checked.value);
      toast.success(success.storyCreated);
      navigate(paths.dashboard.getHref());
    } catch (err) {
      setError(err instanceof ApiError ? err.message : fallback.createStory);
      setBusy(false);
    }
  };

  const leave = () => navigate(paths.dashboard.getHref());
  const onCancel = () => (isDirty(values, emptyStoryValues) ? setLeaving(true) : leave());

  return (
    <section className="page page-narrow story-editor">
      <header className="page-header">
        <h1>Create a Story</h1>
        <p className="section-lead">Write down a memory in your own words. Only you can see it until you share it.</p>
      </header>
      <StoryForm
        values={values}
        onChange={onChange}
        onSubmit={onSubmit}
        onCancel={onCancel}
        submitLabel="Create Text Story"
        busyLabel="Saving your story…"
        busy={busy}
        error={error}
        invalidField={invalidField}
        fieldRefs={fieldRefs}
      />
      <LeaveFormDialog open={leaving} onLeave={leave} onStay={() => setLeaving(false)} />
    </section>
  );
}
