import { interactiveText } from '@storyloom/shared/messages/interactive';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { BusyButton } from '#web/components/ui/BusyButton.tsx';
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
  // A dismissed question takes its Dismiss button with it (the list is refetched before mutate's own
  // callbacks run, so the flag is set on the press): once it has left, the panel's heading takes the
  // focus, so a keyboard user is not sent to the top of the page.
  const titleRef = useRef<HTMLHeadingElement>(null);
  const dismissing = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the list's length changes (a question left it).
  useEffect(() => {
    if (!dismissing.current) return;
    dismissing.current = false;
    titleRef.current?.focus();
  }, [questions.length]);
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
                      dismissing.current = true;
                      dismiss.mutate(q.id, {
                        onError: () => {
                          dismissing.current = false;
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
