import { promptText } from '@storyloom/shared/messages';
import { LoadError } from '#web/components/ui/LoadError.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { useToast } from '#web/components/ui/Toasts.tsx';
import { errorText } from '#web/lib/api-client.ts';
import { formatLongDate } from '#web/lib/format.ts';
import { useFamilyQuestions, useHidePrompt } from './api.ts';
import { AnswerLinks } from './PromptCard.tsx';

/**
 * "Questions from your family" beside the prompt card: questions sent by name (who asked, when) and the
 * listeners' unanswered questions from "Your family asked" (which story), oldest first.
 */
export function FamilyQuestions() {
  const list = useFamilyQuestions();
  return (
    <section className="panel family-questions" aria-labelledby="family-questions-title">
      <h2 id="family-questions-title">{promptText.familyTitle}</h2>
      {list.isPending && <Spinner label="Loading questions…" />}
      {list.isError && <LoadError message={list.error.message} onRetry={() => void list.refetch()} />}
      {list.isSuccess && list.data.questions.length === 0 && <p>{promptText.familyEmpty}</p>}
      {list.isSuccess && list.data.questions.length > 0 && (
        <ul className="family-question-list">
          {list.data.questions.map((q) => (
            <li key={q.id} className="family-question">
              <p className="prompt-text" dir="auto">
                {q.text}
              </p>
              <p className="prompt-source">
                {q.asked_by
                  ? promptText.askedBy(q.asked_by.name, formatLongDate(q.asked_at))
                  : promptText.askedByListener(q.story?.title ?? '')}
              </p>
              <AnswerLinks promptId={q.id} label={q.text} />
              <HideButton id={q.id} text={q.text} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** "Not now": hides the question from this list and the card (it stays in no other list to bring it back). */
function HideButton({ id, text }: { id: string; text: string }) {
  const hide = useHidePrompt();
  const toast = useToast();
  return (
    <div className="button-row prompt-row">
      <button
        type="button"
        className="button button-secondary"
        disabled={hide.isPending}
        aria-busy={hide.isPending || undefined}
        aria-label={`${promptText.dismissFamily}: ${text}`}
        onClick={() =>
          hide.mutate({ id, hidden: true }, { onError: (err) => toast.error(errorText(err, promptText.hideFailed)) })
        }
      >
        {promptText.dismissFamily}
      </button>
    </div>
  );
}
