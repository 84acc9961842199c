import { interactiveText } from '@storyloom/shared/messages/interactive';
import { Link } from 'react-router-dom';
import { BusyButton } from '#web/components/ui/BusyButton.tsx';
import { useFocusAfterRemoval } from '#web/hooks/use-focus-after-removal.ts';
import { useAskedQuestions, useDismissAskedQuestion } from './api.ts';
import { ListenInteractively } from './ListenInteractively.tsx';

export interface InteractivePanelProps {
  story: { ID: string; title: string; content: string; audio_url: string | null; story_type: string };
  /** Opens the editor so the storyteller can add an answer to the story. */
  editHref: string;
}

/**
 * The owner's "Interactive Features" panel (spec section 2, story detail): listen with questions, and see
 * what the family asked that the story did not answer ("Your family asked: …"), with a way to add it.
 */
export function InteractivePanel({ story, editHref }: InteractivePanelProps) {
  const asked = useAskedQuestions(story.ID);
  const dismiss = useDismissAskedQuestion(story.ID);
  const questions = asked.data?.questions ?? [];
  // A dismissed question takes its Dismiss button (and the keyboard's focus) with it: the heading takes the
  // focus. The list is refetched before mutate's own callbacks run, so the press itself marks the removal.
  const { targetRef: titleRef, removing } = useFocusAfterRemoval(questions.length);
  if (!story.audio_url) return null;
  return (
    <section className="panel" aria-labelledby="panel-interactive">
      <h2 id="panel-interactive" ref={titleRef} tabIndex={-1}>
        Interactive Features
      </h2>
      <p>Listen to your story and ask it questions, as your family can from a share link.</p>
      <ListenInteractively
        title={story.title}
        content={story.content}
        audioPath={story.audio_url}
        target={{ kind: 'account', storyId: story.ID, owner: true }}
        className="button button-primary button-block"
      />
      {questions.length > 0 && (
        <div className="family-asked">
          <h3>{interactiveText.familyAsked}</h3>
          <p className="panel-detail">{interactiveText.familyAskedNote}</p>
          <ul>
            {questions.map((q) => (
              <li key={q.id}>
                <q>{q.question}</q>
                {q.times > 1 && <span className="panel-detail"> ({q.times} times)</span>}
                <div className="family-asked-actions">
                  <Link className="button button-secondary" to={editHref}>
                    Add to the story
                  </Link>
                  <BusyButton
                    type="button"
                    className="button button-secondary"
                    busy={dismiss.isPending}
                    onClick={() => {
                      removing();
                      dismiss.mutate(q.id, {
                        onError: () => {
                          removing(false);
                        },
                      });
                    }}
                  >
                    Dismiss
                  </BusyButton>
                </div>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
