import { REDIRECT_AFTER_STORY_UPDATE_MS } from '@storyloom/shared/constants';
import { fallback, success } from '@storyloom/shared/messages';
import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Breadcrumbs } from '#web/components/ui/Breadcrumbs.tsx';
import { LeaveFormDialog } from '#web/components/ui/LeaveFormDialog.tsx';
import { LoadError } from '#web/components/ui/LoadError.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { useToast } from '#web/components/ui/Toasts.tsx';
import { paths } from '#web/config/paths.ts';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useStory } from '../api/get-story.ts';
import { conflictOf, useUpdateStory } from '../api/update-story.ts';
import { ConflictPanel } from '../components/ConflictPanel.tsx';
import { DraftOffer } from '../components/DraftOffer.tsx';
import { StoryAudio } from '../components/StoryAudio.tsx';
import { StoryForm } from '../components/StoryForm.tsx';
import { useStoryEditor } from '../hooks/use-story-editor.ts';
import { editFormSchema, type StoryFormValues, valuesOf } from '../utils/story-form.ts';

/** The version a story carries (issue 11), when the server sends one. */
function versionOf(story: StoryDto): number | undefined {
  const version = (story as StoryDto & { version?: unknown }).version;
  return typeof version === 'number' ? version : undefined;
}

/** /edit-story/{id} (spec section 2): change a story; on success a message, then the dashboard after 1.5 s. */
export function EditStoryRoute() {
  useDocumentTitle('Edit Story');
  const { id = '' } = useParams();
  // The form starts from the stored version, not from a copy cached earlier.
  const query = useStory(id, { fresh: true });

  if (query.isPending || (query.isFetching && !query.isFetchedAfterMount)) {
    return <Spinner label="Loading your story…" className="page-spinner" />;
  }
  // Spec section 6: any load failure, or a story the user may read but not change, says the same.
  if (query.isError || !query.data.permissions.manage) {
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
  return <EditStoryForm key={query.data.ID} story={query.data} />;
}

function EditStoryForm({ story: loaded }: { story: StoryDto }) {
  const navigate = useNavigate();
  const toast = useToast();
  const isAudio = loaded.story_type === 'audio';
  /** The stored story this edit is based on: its version goes with the save. */
  const [base, setBase] = useState(loaded);
  const [baseVersion, setBaseVersion] = useState(versionOf(loaded));
  const initial = useMemo(() => valuesOf(base), [base]);
  const schema = useMemo(() => editFormSchema(isAudio), [isAudio]);
  const update = useUpdateStory(loaded.ID);
  const { form, draft, guard, restore } = useStoryEditor({
    schema,
    initial,
    storyId: loaded.ID,
    fallback: fallback.updateStory,
    version: baseVersion,
  });
  const [saved, setSaved] = useState(false);
  const [conflict, setConflict] = useState<{ message: string; current: StoryDto; mine: StoryFormValues } | null>(null);

  // Spec: after 'Story updated successfully!' the user goes to /dashboard after 1.5 seconds.
  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => navigate(paths.dashboard.getHref()), REDIRECT_AFTER_STORY_UPDATE_MS);
    return () => clearTimeout(timer);
  }, [saved, navigate]);

  const save = (version: number | undefined) =>
    form.submit(
      async (changes) => {
        await update.mutateAsync(version === undefined ? changes : { ...changes, version });
        draft.drop();
        guard.allow();
        setConflict(null);
        toast.success(success.storyUpdated);
        setSaved(true);
      },
      {
        onError: (error) => {
          const found = conflictOf(error);
          if (!found) return false;
          setConflict({ ...found, mine: form.form.getValues() });
          return true;
        },
      },
    );

  const onRestore = () => {
    const version = draft.offered?.version;
    restore();
    // A draft written against an older version is saved against that version: a 409 shows both texts.
    if (version !== undefined && baseVersion !== undefined && version < baseVersion) setBaseVersion(version);
  };

  const takeSaved = () => {
    if (!conflict) return;
    setBase(conflict.current);
    setBaseVersion(versionOf(conflict.current));
    form.form.reset(valuesOf(conflict.current));
    setConflict(null);
  };

  const backToStory = () => navigate(paths.story.getHref(loaded.ID));

  return (
    <section className="page page-narrow story-editor">
      <Breadcrumbs
        items={[
          { label: 'Dashboard', to: paths.dashboard.getHref() },
          { label: base.title, to: paths.story.getHref(loaded.ID) },
          { label: 'Edit' },
        ]}
      />
      <header className="page-header">
        <h1>Edit Story</h1>
      </header>
      {isAudio && (
        <div className="notice">
          {loaded.audio_url && <StoryAudio src={loaded.audio_url} label="Current recording" />}
          <p>Only the title and description of audio stories can be edited.</p>
        </div>
      )}
      {draft.offered && !saved && (
        <DraftOffer savedAt={draft.offered.savedAt} onRestore={onRestore} onDiscard={draft.discard} />
      )}
      {conflict && (
        <ConflictPanel
          message={conflict.message}
          mine={conflict.mine}
          current={conflict.current}
          busy={form.busy}
          onKeepMine={() => void save(versionOf(conflict.current))()}
          onUseSaved={takeSaved}
        />
      )}
      <StoryForm
        form={form}
        onSubmit={(event) => void save(baseVersion)(event)}
        onCancel={backToStory}
        submitLabel="Save Changes"
        busyLabel="Saving…"
        locked={saved}
        isAudio={isAudio}
      />
      {/* The toast announces the success; this line only explains why the form stopped. */}
      {saved && <p className="form-success story-saved">Saved. Taking you to your dashboard…</p>}
      <LeaveFormDialog blocker={guard.blocker} onLeave={draft.drop} />
    </section>
  );
}
