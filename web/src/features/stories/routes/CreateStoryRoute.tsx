import { fallback, success } from '@storyloom/shared/messages';
import type { PromptDto } from '@storyloom/shared/schemas/prompts';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { LeaveFormDialog } from '#web/components/ui/LeaveFormDialog.tsx';
import { useToast } from '#web/components/ui/Toasts.tsx';
import { paths } from '#web/config/paths.ts';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useCreateStory } from '../api/create-story.ts';
import { DraftOffer } from '../components/DraftOffer.tsx';
import { StoryForm } from '../components/StoryForm.tsx';
import { useStoryEditor } from '../hooks/use-story-editor.ts';
import { createFormSchema, emptyStoryValues } from '../utils/story-form.ts';

/**
 * /create-story (spec section 2): a new text story; on success a toast and back to the dashboard. Answering a
 * question (CreateStoryPage), the question is shown above the form and is the title to start with, and
 * `onSaved` marks it answered and says where to go next.
 */
export function CreateStoryRoute({
  prompt = null,
  promptAbove,
  onSaved,
}: {
  prompt?: PromptDto | null;
  promptAbove?: ReactNode;
  onSaved?: (storyId: string) => Promise<string>;
} = {}) {
  useDocumentTitle('Create a Story');
  const navigate = useNavigate();
  const toast = useToast();
  const create = useCreateStory();
  const { form, draft, guard, restore } = useStoryEditor({
    schema: createFormSchema,
    initial: prompt ? { ...emptyStoryValues, title: prompt.text } : emptyStoryValues,
    storyId: 'new',
    fallback: fallback.createStory,
  });

  const onSubmit = form.submit(async (input) => {
    const story = await create.mutateAsync(input);
    draft.drop();
    guard.allow();
    toast.success(success.storyCreated);
    // The saved form leaves the history: Back must not reopen it empty (for a question, one just answered).
    navigate(onSaved ? await onSaved(story.ID) : paths.dashboard.getHref(), { replace: true });
  });

  // Cancel leaves like any other way out: the leave guard asks when there is typing.
  const onCancel = () => navigate(paths.dashboard.getHref());

  return (
    <section className="page page-narrow story-editor">
      <header className="page-header">
        <h1>Create a Story</h1>
        <p className="section-lead">Write down a memory in your own words. Only you can see it until you share it.</p>
      </header>
      {promptAbove}
      {draft.offered && <DraftOffer savedAt={draft.offered.savedAt} onRestore={restore} onDiscard={draft.discard} />}
      <StoryForm
        form={form}
        onSubmit={onSubmit}
        onCancel={onCancel}
        submitLabel="Create Text Story"
        busyLabel="Saving your story…"
      />
      <LeaveFormDialog blocker={guard.blocker} onLeave={draft.drop} />
    </section>
  );
}
