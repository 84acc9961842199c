import { interactiveTimings, QUESTION_MAX_CHARS, TIME_REPORT_SECONDS } from '@storyloom/shared/constants';
// Types only from shared/interactive (its zod schemas stay out of the SPA's pages); texts from messages.
import type { InteractiveSessionDto, ReadAlongDto } from '@storyloom/shared/interactive';
import { interactiveText } from '@storyloom/shared/messages/interactive';
import { type FormEvent, startTransition, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { AudioPlayerHandle } from '#web/components/media/AudioPlayer.tsx';
import { SecureAudio } from '#web/components/media/SecureAudio.tsx';
import { ConfirmDialog } from '#web/components/ui/ConfirmDialog.tsx';
import { Modal } from '#web/components/ui/Modal.tsx';
import { ApiError, errorText } from '#web/lib/api-client.ts';
import { endSession, type ListenTarget, reportTime, startSession, useAskQuestion } from './api.ts';
import { CompactControls } from './CompactControls.tsx';
import { Conversation, type ConversationEntry } from './Conversation.tsx';
import { heardUntil } from './heard-until.ts';
import { keepInView } from './keep-in-view.ts';
import { ReadAlongText } from './ReadAlongText.tsx';

export interface InteractiveOverlayProps {
  title: string;
  target: ListenTarget;
  /** The narration's media path (`audio_url`). */
  audioPath: string;
  /** On a share link: lets an anonymous listener's player through. */
  shareToken?: string | null;
  content: string;
  readAlong?: ReadAlongDto;
  /** Seconds to start from: where the page's own player was (what was heard there counts as heard). */
  startAt?: number;
  onClose: () => void;
}

/**
 * The interactive player (spec sections 2 and 4): a real dialog (the shell's Modal: focus kept inside, Escape
 * closes) that opens a listening session, plays the narration with the read-along, and answers questions from
 * what has been heard. Mounted while open: the session starts on mount and ends on unmount and on page hide.
 * Every timing rule of section 4 lives here, with its number from shared/src/interactive.ts.
 */
export function InteractiveOverlay({
  title,
  target,
  audioPath,
  shareToken,
  content,
  readAlong,
  startAt = 0,
  onClose,
}: InteractiveOverlayProps) {
  const player = useRef<AudioPlayerHandle>(null);
  const answerAudio = useRef<HTMLAudioElement | null>(null);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const [session, setSession] = useState<InteractiveSessionDto | null>(null);
  const [duration, setDuration] = useState<number | null>(null);
  const audioReady = duration !== null;
  const [time, setTime] = useState(0);
  const [playing, setPlaying] = useState(false);
  const asker = useAskQuestion(target);
  const asking = asker.isPending;
  const [answerPlaying, setAnswerPlaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [question, setQuestion] = useState('');
  const [entries, setEntries] = useState<ConversationEntry[]>([]);
  const [confirmClear, setConfirmClear] = useState(false);
  const [marked, setMarked] = useState<ReadonlySet<number>>(new Set());
  const resumeAfterAnswer = useRef(false);
  /** Counts the questions and replays that paused the story: only the latest one's answer resumes it. */
  const turn = useRef(0);
  const nextId = useRef(1);
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  /** The entry to focus once it renders (the question just asked). */
  const focusEntry = useRef<number | null>(null);
  /** The entry to bring into view above the question box once it renders (asked, then answered). */
  const revealEntry = useRef<number | null>(null);
  /** The question box with its error: sticky at the dialog's bottom, drawn over what scrolls under it. */
  const askBox = useRef<HTMLDivElement>(null);
  /** The full player, and the compact bar that stands in for it at the dialog's top once it scrolls away. */
  const fullPlayer = useRef<HTMLFieldSetElement>(null);
  const compactBar = useRef<HTMLFieldSetElement>(null);
  const targetKey = target.kind === 'account' ? `a:${target.storyId}` : `s:${target.token}`;

  const later = useCallback((ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      fn();
    }, ms);
    timers.current.add(timer);
  }, []);

  // The session: started when the player opens, ended when it closes and when the page goes away.
  // biome-ignore lint/correctness/useExhaustiveDependencies: one session per listener and story (targetKey).
  useEffect(() => {
    let live = true;
    let id: string | null = null;
    startSession(target)
      .then((started) => {
        if (!live) {
          endSession(target, started.session_id);
          return;
        }
        id = started.session_id;
        // Enabling the player and the read-along's seeking re-renders the whole overlay: interruptibly.
        startTransition(() => setSession(started));
      })
      .catch((err: unknown) => {
        if (live) setError(err instanceof ApiError && err.status === 429 ? err.message : interactiveText.startFailed);
      });
    const onPageHide = () => {
      if (id) endSession(target, id);
      id = null;
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      live = false;
      window.removeEventListener('pagehide', onPageHide);
      if (id) endSession(target, id);
    };
  }, [targetKey]);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
      answerAudio.current?.pause();
    };
  }, []);

  // Time reports: at most once per 5 seconds, whole seconds; the latest position goes at the end of a window.
  const report = useRef<{ sentAt: number; sent: number; pending: number | null; waiting: boolean }>({
    sentAt: 0,
    sent: -1,
    pending: null,
    waiting: false,
  });
  const flushTime = useCallback(() => {
    const r = report.current;
    r.waiting = false;
    if (!session || r.pending === null || r.pending === r.sent) return;
    r.sent = r.pending;
    r.sentAt = Date.now();
    reportTime(target, session.session_id, r.pending).catch((err: unknown) => {
      if (err instanceof ApiError && err.status === 404) {
        player.current?.pause();
        setError(errorText(err, interactiveText.sessionEnded));
      }
    });
  }, [session, target]);
  const onTimeUpdate = (seconds: number) => {
    setTime(seconds);
    const r = report.current;
    r.pending = Math.floor(seconds);
    if (r.waiting || !session) return;
    r.waiting = true;
    later(Math.max(0, r.sentAt + TIME_REPORT_SECONDS * 1000 - Date.now()), flushTime);
  };

  /**
   * The story goes on after the answer of `forTurn` (the question or replay that paused it); a later
   * question or replay takes over the resume, so an earlier answer's does nothing.
   */
  const resumeStory = (forTurn: number) => () => {
    if (forTurn !== turn.current) return;
    const handle = player.current;
    if (resumeAfterAnswer.current && handle?.paused) void handle.play().catch(() => undefined);
    resumeAfterAnswer.current = false;
  };

  /** Plays an answer's audio after `delay`; the story resumes 0.5 s after it ends, 1 s after it fails. */
  const playAnswer = (url: string, delay: number, forTurn: number) => {
    setAnswerPlaying(true);
    later(delay, () => {
      answerAudio.current?.pause();
      const audio = new Audio(url);
      answerAudio.current = audio;
      const failed = () => {
        setAnswerPlaying(false);
        later(interactiveTimings.resumeAfterError, resumeStory(forTurn));
      };
      audio.onended = () => {
        setAnswerPlaying(false);
        later(interactiveTimings.resumeAfterAnswer, resumeStory(forTurn));
      };
      audio.onerror = failed;
      audio.play().catch(failed);
    });
  };

  /** Pauses the story for a question or a replay; returns the turn whose answer resumes it. */
  const pauseStory = () => {
    const handle = player.current;
    const wasPlaying = Boolean(handle && !handle.paused);
    handle?.pause();
    // "Resumes" means going on: a listener who had paused before asking is not started up. One who asks again
    // in the half second before the last answer's resume still has the story waiting to go on.
    resumeAfterAnswer.current = wasPlaying || resumeAfterAnswer.current;
    turn.current += 1;
    return turn.current;
  };

  const ask = (event: FormEvent) => {
    event.preventDefault();
    const text = question.trim();
    if (!text) {
      setError(interactiveText.questionRequired);
      return;
    }
    if (!session) return;
    const forTurn = pauseStory();
    setError(null);
    // The question shows at once as an entry waiting for its answer, and takes the focus from the input
    // (which is disabled while asking): focus never falls to the page behind.
    const id = nextId.current++;
    focusEntry.current = id;
    revealEntry.current = id;
    setEntries((list) => [...list, { id, at: new Date(), question: text, answer: null, audioUrl: null, cited: [] }]);
    asker.mutate(
      {
        sessionId: session.session_id,
        question: text,
        askedAt: heardUntil(player.current?.element, player.current?.currentTime ?? time),
        follows: previousCited(entries),
      },
      {
        onSuccess: (res) => {
          setEntries((list) =>
            list.map((e) =>
              e.id === id ? { ...e, answer: res.answer, audioUrl: res.answer_audio_url, cited: res.cited } : e,
            ),
          );
          // The answer makes its entry taller: it is brought into view again, above the question box.
          revealEntry.current = id;
          setQuestion('');
          setMarked(new Set(res.cited.map((c) => c.id)));
          if (res.answer_audio_url) playAnswer(res.answer_audio_url, interactiveTimings.answerAudioDelay, forTurn);
          else later(interactiveTimings.resumeWithoutAudio, resumeStory(forTurn));
        },
        onError: (err) => {
          // No answer: the entry goes, the question stays in the box to ask again, and the focus returns there.
          setEntries((list) => list.filter((e) => e.id !== id));
          focusInput.current = true;
          setError(errorText(err, interactiveText.answerFailed));
          later(interactiveTimings.resumeAfterError, resumeStory(forTurn));
        },
      },
    );
  };

  const replay = (entry: ConversationEntry) => {
    if (!entry.audioUrl) return;
    playAnswer(entry.audioUrl, 0, pauseStory());
  };

  const seek = (seconds: number) => {
    player.current?.seek(seconds);
    setTime(seconds);
  };

  const busy = asking || answerPlaying;
  /** A sentence chosen in the text plays from there, as the hint under it says (not over an answer being given). */
  const playFrom = (seconds: number) => {
    seek(seconds);
    if (!busy) void player.current?.play().catch(() => undefined);
  };
  const canAsk = session !== null && !busy;

  // Once the next question can be asked, the focus goes back to the question box if it is still on the
  // entry just answered (or lost): for the keyboard, ready for the next question. On a touch screen it
  // stays on the answer (focusing the box would pull up the on-screen keyboard over it); after an error
  // it always goes back, to ask again.
  const focusInput = useRef(false);
  useEffect(() => {
    if (!canAsk) return;
    const focused = document.activeElement;
    const onEntry = !focused || focused === document.body || focused.classList.contains('conversation-entry');
    const again = focusInput.current;
    focusInput.current = false;
    if (again || (onEntry && !window.matchMedia?.('(pointer: coarse)').matches)) input.current?.focus();
  }, [canAsk]);
  const highlightTime = playing || time > 0 ? time : null;
  const sentences = readAlong?.sentences ?? [];
  const citedIds = useMemo(() => marked, [marked]);

  return (
    <Modal open onClose={onClose} title={title}>
      <div className="interactive" data-session={session ? 'open' : 'none'}>
        <fieldset className="interactive-player" disabled={!session} ref={fullPlayer}>
          <legend className="visually-hidden">Story audio</legend>
          <SecureAudio
            ref={player}
            path={audioPath}
            shareToken={shareToken}
            label="Story"
            onReady={(total) => {
              // The first time only: a renewed URL becomes ready again where it was, not back at the start.
              if (duration === null && startAt > 0 && startAt < total) seek(startAt);
              setDuration(total);
            }}
            onTimeUpdate={onTimeUpdate}
            onPlay={() => setPlaying(true)}
            onPause={() => {
              setPlaying(false);
              onTimeUpdate(player.current?.currentTime ?? time);
            }}
            onEnded={() => setPlaying(false)}
          />
          {!audioReady && session && <p className="visually-hidden">Loading audio...</p>}
        </fieldset>

        <p className="interactive-note">
          {/* An audio story says where its answers come from and whose voice speaks them (docs/stories.md). */}
          {session?.spoken_label ?? (session?.spoken === false ? interactiveText.textNote : interactiveText.spokenNote)}{' '}
          {!(target.kind === 'account' && target.owner) && interactiveText.sharedNote}
        </p>

        {/* The text shows with the dialog, as paragraphs, and becomes the read-along when its timed sentences
            arrive (the same paragraphs, so nothing moves); a story without timings keeps the paragraphs. Painted
            with the dialog, it is the page's largest content before the narration's audio starts loading
            (Lighthouse's LCP, docs/web.md "Long tasks"). */}
        <div className="interactive-text">
          <ReadAlongText
            content={content}
            sentences={sentences}
            currentTime={highlightTime}
            onSeek={session ? playFrom : undefined}
            marked={citedIds}
            cover={askBox}
            coverTop={compactBar}
          />
        </div>

        <Conversation
          entries={entries}
          busy={busy}
          onReplay={replay}
          onSeekCited={(c) => {
            seek(c.time!);
            setMarked(new Set([c.id]));
          }}
          onClear={() => setConfirmClear(true)}
          entryRef={(id, el) => {
            if (!el) return;
            if (focusEntry.current === id) {
              focusEntry.current = null;
              el.focus({ preventScroll: true });
            }
            if (revealEntry.current === id) {
              const asked = el.getAttribute('aria-busy') === 'true';
              revealEntry.current = null;
              keepInView(el, { cover: askBox.current, coverTop: compactBar.current, instant: asked });
            }
          }}
        />

        {/* Asking again is always at hand (issue 16, docs/web.md "Accessibility"): like a chat, the question box
            sits under the conversation and sticks to the dialog's bottom while the rest scrolls under it; its
            error shows above it. */}
        <div className="interactive-ask-box" ref={askBox}>
          <div className="interactive-error" role="alert">
            {error && <p className="form-error">{error}</p>}
          </div>

          <form className="interactive-ask" onSubmit={(e) => void ask(e)} noValidate>
            <label htmlFor={inputId}>{interactiveText.askLabel}</label>
            <div className="interactive-ask-row">
              <input
                ref={input}
                id={inputId}
                type="text"
                value={question}
                maxLength={QUESTION_MAX_CHARS}
                disabled={!canAsk}
                onChange={(e) => {
                  setQuestion(e.target.value);
                  if (error === interactiveText.questionRequired) setError(null);
                }}
                placeholder={interactiveText.askPlaceholder}
                autoComplete="off"
              />
              <button
                type="submit"
                className="button button-primary"
                disabled={!canAsk}
                aria-busy={asking || undefined}
              >
                {asking ? interactiveText.asking : 'Ask'}
              </button>
            </div>
          </form>
        </div>

        {/* Last in the focus order (Tab from Ask reaches it), first on screen (CSS order): docs/interactive.md. */}
        <CompactControls
          watch={fullPlayer}
          barRef={compactBar}
          playing={playing}
          time={time}
          duration={duration ?? 0}
          ready={session !== null && audioReady}
          onToggle={() => {
            const handle = player.current;
            if (handle?.paused) void handle.play().catch(() => undefined);
            else handle?.pause();
          }}
          onClose={onClose}
        />
      </div>
      <ConfirmDialog
        open={confirmClear}
        title={interactiveText.clearConfirm}
        confirmLabel={interactiveText.clear}
        danger
        onConfirm={() => {
          setEntries([]);
          setMarked(new Set());
          setConfirmClear(false);
        }}
        onCancel={() => setConfirmClear(false)}
      >
        <p>{interactiveText.clearConfirmBody}</p>
      </ConfirmDialog>
    </Modal>
  );
}

/**
 * The sentences the last answer cited (not the story details), for a follow-up ("what year was that"). None
 * after a declined answer or a cleared conversation: "that" would then point at nothing the listener was told.
 */
function previousCited(entries: readonly ConversationEntry[]): number[] {
  const last = entries.at(-1);
  return last?.answer ? last.cited.map((c) => c.id).filter((id) => id > 0) : [];
}
