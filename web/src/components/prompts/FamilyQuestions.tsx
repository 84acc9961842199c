import { promptText } from '@storyloom/shared/messages';
import { BusyButton } from '#web/components/ui/BusyButton.tsx';
import { LoadError } from '#web/components/ui/LoadError.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { useToast } from '#web/components/ui/Toasts.tsx';
import { useFocusAfterRemoval } from '#web/hooks/use-focus-after-removal.ts';
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
  // A removed item takes its button (and the keyboard's focus) with it: the heading takes the focus.
  const { targetRef: titleRef, removing } = useFocusAfterRemoval(list.data?.questions.length ?? 0);
  return (
    <section className="panel family-questions" aria-labelledby="family-questions-title">
      <h2 id="family-questions-title" ref={titleRef} tabIndex={-1}>
        {promptText.familyTitle}
      </h2>
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
              <HideButton
                id={q.id}
                text={q.text}
                onHiding={(hiding) => {
                  removing(hiding);
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * "Not now": hides the question from this list and the card (it stays in no other list to bring it back).
 * Busy, not disabled, while it saves: a focused button that turns disabled drops the focus to the page.
 */
function HideButton({ id, text, onHiding }: { id: string; text: string; onHiding: (hiding: boolean) => void }) {
  const hide = useHidePrompt();
  const toast = useToast();
  return (
    <div className="button-row prompt-row">
      <BusyButton
        type="button"
        className="button button-secondary"
        busy={hide.isPending}
        aria-label={`${promptText.dismissFamily}: ${text}`}
        onClick={() => {
          // Said before the call: the list is refetched, and this button gone, before mutate's own onSuccess.
          onHiding(true);
          hide.mutate(
            { id, hidden: true },
            {
              onError: (err) => {
                onHiding(false);
                toast.error(errorText(err, promptText.hideFailed));
              },
            },
          );
        }}
      >
        {promptText.dismissFamily}
      </BusyButton>
    </div>
  );
}
