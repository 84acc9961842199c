import { REDIRECT_AFTER_STORY_UPDATE_MS } from '@storyloom/shared/constants';
import { fallback, success } from '@storyloom/shared/messages';
import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Breadcrumbs } from '#web/components/ui/Breadcrumbs.tsx';
import { LoadError } from '#web/components/ui/LoadError.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { useToast } from '#web/components/ui/Toasts.tsx';
import { paths } from '#web/config/paths.ts';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useLoad } from '#web/hooks/use-load.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { getStory } from '../api/get-story.ts';
import { updateStory } from '../api/update-story.ts';
import { LeaveFormDialog } from '../components/LeaveFormDialog.tsx';
import { StoryAudio } from '../components/StoryAudio.tsx';
import { StoryForm, useStoryFieldRefs } from '../components/StoryForm.tsx';
import { checkEdit, isDirty, type StoryField, valuesOf } from '../utils/story-form.ts';

/** /edit-story/{id} (spec section 2): change a story; on success a message, then the dashboard after 1.5 s. */
export function EditStoryRoute() {
  useDocumentTitle('Edit Story');
  const { id = '' } = useParams();
  const { state } = useLoad(id, (signal) => getStory(id, { signal, fallback: fallback.editLoad }), fallback.editLoad);

  if (state.status === 'loading') return <Spinner label="Loading your story…" className="page-spinner" />;
  // Spec section 6: any load failure, or a story the user may read but not change, says the same.
  if (state.status === 'error' || !state.data.permissions.manage) {
    return (
      <section className="page page-narrow">
        <h1>Edit Story</h1>
        <LoadError message={fallback.editLoad} />
        <p>
          <Link to={paths.dashboard.getHref()}>Back to your dashboard</Link>
        </p>
      </section>
    );
  }
  return <EditStoryForm story={state.data} />;
}

function EditStoryForm({ story }: { story: StoryDto }) {
  const navigate = useNavigate();
  const toast = useToast();
  const fieldRefs = useStoryFieldRefs();
  const isAudio = story.story_type === 'audio';
  const [initial] = useState(() => valuesOf(story));
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [invalidField, setInvalidField] = useState<StoryField | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const [leaving, setLeaving] = useState(false);

  // Spec: after 'Story updated successfully!' the user goes to /dashboard after 1.5 seconds.
  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => navigate(paths.dashboard.getHref()), REDIRECT_AFTER_STORY_UPDATE_MS);
    return () => clearTimeout(timer);
  }, [saved, navigate]);

  const onChange = (field: StoryField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (invalidField === field || (error && !invalidField)) {
      setError(null);
      setInvalidField(null);
    }
  };

  const onSubmit = async () => {
    const checked = checkEdit(values, isAudio);
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
      await updateStory(story.ID, checked.value);
      toast.success(success.storyUpdated);
      setSaved(true);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : fallback.updateStory);
    } finally {
      setBusy(false);
    }
  };

  const backToStory = () => navigate(paths.story.getHref(story.ID));
  const onCancel = () => (isDirty(values, initial) ? setLeaving(true) : backToStory());

  return (
    <section className="page page-narrow story-editor">
      <Breadcrumbs
        items={[
          { label: 'Dashboard', to: paths.dashboard.getHref() },
          { label: story.title, to: paths.story.getHref(story.ID) },
          { label: 'Edit' },
        ]}
      />
      <header className="page-header">
        <h1>Edit Story</h1>
      </header>
      {isAudio && (
        <div className="notice">
          {story.audio_url && <StoryAudio src={story.audio_url} label="Current recording" />}
          <p>Only the title and description of audio stories can be edited.</p>
        </div>
      )}
      <StoryForm
        values={values}
        onChange={onChange}
        onSubmit={onSubmit}
        onCancel={onCancel}
        submitLabel="Save Changes"
        busyLabel="Saving…"
        busy={busy}
        locked={saved}
        error={error}
        invalidField={invalidField}
        isAudio={isAudio}
        fieldRefs={fieldRefs}
      />
      {/* The toast announces the success; this line only explains why the form stopped. */}
      {saved && <p className="form-success story-saved">Saved. Taking you to your dashboard…</p>}
      <LeaveFormDialog open={leaving} onLeave={backToStory} onStay={() => setLeaving(false)} />
    </section>
  );
}
