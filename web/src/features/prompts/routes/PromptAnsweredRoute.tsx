import { promptText } from '@storyloom/shared/messages';
import { useEffect, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { usePrompt } from '#web/components/prompts/api.ts';
import { BusyButton } from '#web/components/ui/BusyButton.tsx';
import { FormAlert, FormNotice } from '#web/components/ui/FormAlert.tsx';
import { LoadError } from '#web/components/ui/LoadError.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { paths } from '#web/config/paths.ts';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { errorText } from '#web/lib/api-client.ts';
import { useShareWithAsker } from '../api/share-with-asker.ts';

/**
 * /prompts/answered/{storyId}?prompt=<id>: right after a question from the family was answered, the offer to
 * share the new story with whoever asked, by name (the stories' sharing). The share emails the asker at
 * once ("{storyteller} answered your question", docs/family-loop.md); here it is one button.
 */
export function PromptAnsweredRoute() {
  useDocumentTitle(promptText.answeredSaved);
  const { storyId = '' } = useParams();
  const [search] = useSearchParams();
  const promptId = search.get('prompt');
  const prompt = usePrompt(promptId);
  const share = useShareWithAsker(storyId);
  const asker = prompt.data?.asked_by?.name;
  // The Share button goes once it has worked: the keyboard moves on to what comes next, not to the page top.
  const openStory = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (share.isSuccess) openStory.current?.focus();
  }, [share.isSuccess]);

  return (
    <section className="page page-narrow">
      <header className="page-header">
        <h1>{promptText.answeredSaved}</h1>
      </header>
      {promptId && prompt.isPending && <Spinner label="Loading the question…" />}
      {prompt.isError && <LoadError message={prompt.error.message} onRetry={() => void prompt.refetch()} />}
      {prompt.data && (
        <div className="prompt-above">
          <p className="prompt-source">{asker ? promptText.familyKind(asker) : promptText.answeringLabel}</p>
          <p className="prompt-text" dir="auto">
            {prompt.data.text}
          </p>
        </div>
      )}
      {asker && !share.isSuccess && (
        <div className="button-row">
          <BusyButton
            type="button"
            className="button button-primary button-large"
            busy={share.isPending}
            busyLabel="Sharing…"
            onClick={() => share.mutate(asker)}
          >
            {promptText.shareWith(asker)}
          </BusyButton>
          <Link to={paths.dashboard.getHref()} className="button button-secondary button-large">
            {promptText.notNow}
          </Link>
        </div>
      )}
      <FormAlert message={share.isError ? errorText(share.error, promptText.shareFailed) : null} />
      <FormNotice message={share.isSuccess && asker ? promptText.sharedWith(asker) : null} />
      {((!asker && !(promptId && prompt.isPending)) || share.isSuccess) && (
        // After sharing, the focus moves to "Open the story" (the share buttons it was on are gone).
        <div className="button-row">
          <Link ref={openStory} to={paths.story.getHref(storyId)} className="button button-primary button-large">
            {promptText.openStory}
          </Link>
          <Link to={paths.dashboard.getHref()} className="button button-secondary button-large">
            {promptText.backToDashboard}
          </Link>
        </div>
      )}
    </section>
  );
}
