import { promptText } from '@storyloom/shared/messages';
import { Link } from 'react-router-dom';
import { useHidePrompt } from '#web/components/prompts/api.ts';
import { useToast } from '#web/components/ui/Toasts.tsx';
import { paths } from '#web/config/paths.ts';
import { errorText } from '#web/lib/api-client.ts';

export interface ListedPrompt {
  id: string;
  text: string;
  answered_story_id?: string;
  hidden: boolean;
}

/** One question in "Browse all": its marks (answered, hidden), Answer, and Hide / Show again. */
export function PromptItem({ prompt }: { prompt: ListedPrompt }) {
  const hide = useHidePrompt();
  const toast = useToast();
  const busy = hide.isPending;
  // Ignored while saving, rather than disabled: a focused button that turns disabled drops the keyboard to
  // the top of this long page.
  const toggle = () =>
    !busy &&
    hide.mutate(
      { id: prompt.id, hidden: !prompt.hidden },
      { onError: (err) => toast.error(errorText(err, promptText.hideFailed)) },
    );
  return (
    <li className={prompt.hidden ? 'prompt-item prompt-item-hidden' : 'prompt-item'} data-prompt-id={prompt.id}>
      <p className="prompt-text" dir="auto">
        {prompt.text}
      </p>
      {prompt.answered_story_id && (
        <Link
          to={paths.story.getHref(prompt.answered_story_id)}
          className="prompt-mark"
          aria-label={`${promptText.answeredLabel}: ${prompt.text}`}
        >
          <span aria-hidden="true">✓ </span>
          {promptText.answeredLabel}
        </Link>
      )}
      {prompt.hidden && <span className="prompt-mark prompt-mark-hidden">{promptText.hiddenLabel}</span>}
      <div className="button-row">
        {!prompt.hidden && (
          <Link
            to={paths.createStory.getHref({ prompt: prompt.id })}
            className="button button-primary"
            aria-label={`${promptText.answer}: ${prompt.text}`}
          >
            {promptText.answer}
          </Link>
        )}
        <button
          type="button"
          className="button button-secondary"
          onClick={toggle}
          aria-disabled={busy || undefined}
          aria-busy={busy || undefined}
          aria-label={`${prompt.hidden ? promptText.unhide : promptText.hide}: ${prompt.text}`}
        >
          {prompt.hidden ? promptText.unhide : promptText.hide}
        </button>
      </div>
    </li>
  );
}
