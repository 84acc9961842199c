import type { CitedSentence } from '@storyloom/shared/interactive';
import { interactiveText } from '@storyloom/shared/messages/interactive';
import { useId } from 'react';

export interface ConversationEntry {
  id: number;
  at: Date;
  question: string;
  /** Null while the question waits for its answer. */
  answer: string | null;
  audioUrl: string | null;
  cited: CitedSentence[];
}

export interface ConversationProps {
  entries: readonly ConversationEntry[];
  /** Replay is off while a question is asked or an answer plays. */
  busy: boolean;
  onReplay: (entry: ConversationEntry) => void;
  /** A cited sentence with a narration time: play the story from there. */
  onSeekCited: (cited: CitedSentence) => void;
  onClear: () => void;
  /** Each entry's element, so the player can move the focus to the one just asked. */
  entryRef: (id: number, el: HTMLLIElement | null) => void;
}

/**
 * The conversation list of the player (spec section 2): time, question, answer, "From the story:" with the
 * cited sentences (a click seeks there), Replay when the answer has audio, and Clear. An entry appears as
 * soon as its question is asked ("Asking…") and takes the focus then (docs/web.md, "Accessibility"); its
 * answer is a polite live region, so the answer is read out when it arrives.
 */
export function Conversation({ entries, busy, onReplay, onSeekCited, onClear, entryRef }: ConversationProps) {
  const titleId = useId();
  return (
    <section className="interactive-conversation" aria-labelledby={titleId}>
      <div className="interactive-conversation-head">
        <h3 id={titleId}>{interactiveText.conversation}</h3>
        <button type="button" className="button button-secondary" onClick={onClear} disabled={entries.length === 0}>
          {interactiveText.clear}
        </button>
      </div>
      {entries.length === 0 ? (
        <p className="interactive-empty">{interactiveText.conversationEmpty}</p>
      ) : (
        <ol className="conversation">
          {entries.map((entry) => (
            <li
              key={entry.id}
              ref={(el) => entryRef(entry.id, el)}
              className="conversation-entry"
              tabIndex={-1}
              aria-busy={entry.answer === null || undefined}
            >
              <time dateTime={entry.at.toISOString()}>{entry.at.toLocaleTimeString()}</time>
              <p className="conversation-question">
                <span className="visually-hidden">{interactiveText.youAsked}</span>
                {entry.question}
              </p>
              <p className="conversation-answer" aria-live="polite">
                {entry.answer === null ? (
                  <span className="conversation-pending">{interactiveText.asking}</span>
                ) : (
                  <>
                    <span className="visually-hidden">{interactiveText.answerIs}</span>
                    {entry.answer}
                  </>
                )}
              </p>
              {entry.cited.length > 0 && (
                <div className="conversation-cited">
                  <p>{interactiveText.fromStory}</p>
                  <ul>
                    {entry.cited.map((c) => (
                      <li key={c.id}>
                        {c.time === null ? (
                          <q>{c.text}</q>
                        ) : (
                          <button
                            type="button"
                            className="cited-sentence"
                            onClick={() => onSeekCited(c)}
                            aria-label={interactiveText.playFrom(c.text)}
                          >
                            <q>{c.text}</q>
                          </button>
                        )}
                      </li>
                    ))}
                  </ul>
                </div>
              )}
              {entry.audioUrl && (
                <button
                  type="button"
                  className="button button-secondary conversation-replay"
                  onClick={() => onReplay(entry)}
                  disabled={busy}
                >
                  {interactiveText.replay}
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
