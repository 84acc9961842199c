import { promptText } from '@storyloom/shared/messages';
import type { PromptDto } from '@storyloom/shared/schemas/prompts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { LoadError } from '#web/components/ui/LoadError.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { paths } from '#web/config/paths.ts';
import { useNextPrompt } from './api.ts';

/** Who a prompt comes from, said above it (a library prompt says nothing: it is simply a question). */
export function promptSource(prompt: PromptDto): string | null {
  if (prompt.asked_by) return promptText.familyKind(prompt.asked_by.name);
  if (prompt.kind === 'family') return promptText.listenerKind;
  if (prompt.kind === 'own') return promptText.ownKind;
  return null;
}

/** The two ways to answer a question: the create screens, with the question above the form. */
export function AnswerLinks({ promptId, label }: { promptId: string; label?: string }) {
  return (
    <div className="button-row prompt-row">
      <Link
        to={paths.createStory.getHref({ prompt: promptId })}
        className="button button-primary button-large"
        aria-label={label ? `${promptText.answerByWriting}: ${label}` : undefined}
      >
        <span aria-hidden="true">✎ </span>
        {promptText.answerByWriting}
      </Link>
      <Link
        to={paths.createStory.getHref({ prompt: promptId, audio: true })}
        className="button button-primary button-large"
        aria-label={label ? `${promptText.answerByRecording}: ${label}` : undefined}
      >
        <span aria-hidden="true">● </span>
        {promptText.answerByRecording}
      </Link>
    </div>
  );
}

/**
 * The dashboard's one question to answer now (docs/family-loop.md). "Another question" skips the ones
 * shown so far; once every open question was shown the server starts the round again (`cycled`), and
 * answered or hidden questions never come back.
 */
export function PromptCard() {
  const [exclude, setExclude] = useState<string[]>([]);
  const next = useNextPrompt(exclude);
  const prompt = next.data?.prompt ?? null;

  const another = () => {
    // Ignored while the next one loads, rather than disabled: a focused button that turns disabled drops
    // the keyboard to the top of the page.
    if (!prompt || next.isFetching) return;
    setExclude(next.data?.cycled ? [prompt.id] : [...exclude, prompt.id]);
  };

  return (
    <section className="panel prompt-card" aria-labelledby="prompt-card-title">
      <h2 id="prompt-card-title">{promptText.cardTitle}</h2>
      {next.isPending && <Spinner label="Loading a question…" />}
      {next.isError && <LoadError message={next.error.message} onRetry={() => void next.refetch()} />}
      {next.isSuccess && !prompt && <p>{promptText.allDone}</p>}
      {prompt && (
        <>
          <div aria-live="polite" aria-atomic="true" className="prompt-current">
            {promptSource(prompt) && <p className="prompt-source">{promptSource(prompt)}</p>}
            <p className="prompt-text" dir="auto">
              {prompt.text}
            </p>
          </div>
          <p className="panel-detail">{promptText.cardIntro}</p>
          <AnswerLinks promptId={prompt.id} />
          <div className="button-row prompt-row">
            <button
              type="button"
              className="button button-secondary"
              onClick={another}
              aria-disabled={next.isFetching || undefined}
              aria-busy={next.isFetching || undefined}
            >
              {promptText.another}
            </button>
            <Link to={paths.prompts.getHref()} className="button button-secondary">
              {promptText.browseAll}
            </Link>
          </div>
        </>
      )}
    </section>
  );
}
