import { promptText } from '@storyloom/shared/messages';
import type { PromptDto } from '@storyloom/shared/schemas/prompts';
import { Link, useSearchParams } from 'react-router-dom';
import { useToast } from '#web/components/ui/Toasts.tsx';
import { paths } from '#web/config/paths.ts';
import { errorText } from '#web/lib/api-client.ts';
import { useMarkAnswered, usePrompt } from './api.ts';
import { promptSource } from './PromptCard.tsx';

/**
 * The question a create screen answers (`?prompt=<id>`, docs/family-loop.md): shown above the form and
 * offered as the title; once the story is saved, `finish` marks it answered and says where to go next —
 * the offer to share the story with whoever asked, for a question from the family, else the dashboard.
 */
export function useAnswering() {
  const [search] = useSearchParams();
  const id = search.get('prompt');
  const query = usePrompt(id);
  const mark = useMarkAnswered();
  const toast = useToast();

  const finish = async (storyId: string): Promise<string> => {
    if (!id || !query.data) return paths.dashboard.getHref();
    try {
      const { prompt } = await mark.mutateAsync({ promptId: id, storyId });
      if (prompt.asked_by) return paths.promptAnswered.getHref(storyId, id);
    } catch (err) {
      // The story is saved either way; only the mark is missing, and the question stays on the list.
      toast.error(errorText(err, promptText.loadFailed));
    }
    return paths.dashboard.getHref();
  };

  return {
    /** A question was asked for, and it is still loading. */
    loading: id !== null && query.isPending,
    prompt: query.data ?? null,
    /** The question could not be loaded (answered by someone else's link, deleted): the form works without it. */
    failed: query.isError ? query.error.message : null,
    finish,
  };
}

/** "You are answering:" and the question, above the create form. */
export function PromptAbove({ prompt, failed }: { prompt: PromptDto | null; failed?: string | null }) {
  if (failed) {
    return (
      <p className="form-error" role="status">
        {failed}
      </p>
    );
  }
  if (!prompt) return null;
  const source = promptSource(prompt);
  return (
    <section className="prompt-above" aria-label={promptText.answeringLabel}>
      <p className="prompt-source">{source ?? promptText.answeringLabel}</p>
      <p className="prompt-text" dir="auto">
        {prompt.text}
      </p>
      {prompt.answered_story_id && (
        <p className="prompt-answered">
          {promptText.alreadyAnswered}{' '}
          <Link to={paths.story.getHref(prompt.answered_story_id)}>{promptText.readYourAnswer}</Link>
        </p>
      )}
    </section>
  );
}
