import { commonFallback } from '@storyloom/shared/messages/common';
import { type Ref, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import { formatClock } from '#web/lib/wav.ts';

/** How far an arrow key moves the seek slider, in seconds (as most web players do). */
export const KEY_SEEK_SECONDS = 5;
const KEY_SEEK: Record<string, number> = {
  ArrowRight: KEY_SEEK_SECONDS,
  ArrowUp: KEY_SEEK_SECONDS,
  ArrowLeft: -KEY_SEEK_SECONDS,
  ArrowDown: -KEY_SEEK_SECONDS,
};

/** What a page can do with a player: drive it for read-along or pause it while a question is asked. */
export interface AudioPlayerHandle {
  readonly element: HTMLAudioElement | null;
  readonly currentTime: number;
  readonly duration: number;
  readonly paused: boolean;
  play(): Promise<void>;
  pause(): void;
  seek(seconds: number): void;
}

export interface AudioPlayerEvents {
  /** Every `timeupdate` (about 4 times a second while playing) and after a seek. */
  onTimeUpdate?: (seconds: number) => void;
  onPlay?: () => void;
  onPause?: () => void;
  onEnded?: () => void;
  /** Once the duration is known. */
  onReady?: (duration: number) => void;
}

export interface AudioPlayerProps extends AudioPlayerEvents {
  /** A playable URL (presigned, or a recording's blob URL); undefined while it is being fetched. */
  src: string | undefined;
  /** Names the player for screen readers ("Audio story", "AI Narration", "Your recording"). */
  label: string;
  /** The URL could not be had at all: show the error without trying. */
  failed?: boolean;
  /** Called when the element cannot load `src`; resolve to a new URL to retry there (expired links). */
  onSourceError?: () => Promise<string | undefined>;
  ref?: Ref<AudioPlayerHandle>;
  className?: string;
}

type Status = 'loading' | 'error' | 'ready';

/**
 * The one audio player (spec section 4, "Secure audio"): 'Loading audio...', 'Unable to load audio',
 * then play/pause, a seek bar (S3 answers the Range requests with 206), elapsed / total as m:ss. Every
 * control is a native button or range input, so it works from the keyboard; targets are 48 px.
 */
export function AudioPlayer({
  src,
  label,
  failed = false,
  onSourceError,
  ref,
  className,
  onTimeUpdate,
  onPlay,
  onPause,
  onEnded,
  onReady,
}: AudioPlayerProps) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(Number.NaN);
  const [currentSrc, setCurrentSrc] = useState(src);
  const resume = useRef<{ time: number; play: boolean } | null>(null);
  const retries = useRef(0);
  const seekingEnd = useRef(false);
  const id = useId();

  useEffect(() => {
    setCurrentSrc(src);
    retries.current = 0;
    if (src) setStatus((s) => (s === 'ready' ? s : 'loading'));
  }, [src]);

  useImperativeHandle(
    ref,
    () => ({
      get element() {
        return audioRef.current;
      },
      get currentTime() {
        return audioRef.current?.currentTime ?? 0;
      },
      get duration() {
        return audioRef.current?.duration ?? Number.NaN;
      },
      get paused() {
        return audioRef.current?.paused ?? true;
      },
      play: async () => {
        await audioRef.current?.play();
      },
      pause: () => audioRef.current?.pause(),
      seek: (seconds: number) => {
        if (audioRef.current) audioRef.current.currentTime = seconds;
      },
    }),
    [],
  );

  const onLoadedMetadata = () => {
    const audio = audioRef.current;
    if (!audio) return;
    // Recorded webm carries no duration: seeking far ahead makes the browser find the end.
    if (!Number.isFinite(audio.duration)) {
      seekingEnd.current = true;
      audio.currentTime = 1e9;
      return;
    }
    becomeReady(audio);
  };

  const onDurationChange = () => {
    const audio = audioRef.current;
    if (!audio || !seekingEnd.current || !Number.isFinite(audio.duration)) return;
    seekingEnd.current = false;
    audio.currentTime = 0;
    becomeReady(audio);
  };

  const becomeReady = (audio: HTMLAudioElement) => {
    setDuration(audio.duration);
    const pending = resume.current;
    resume.current = null;
    if (pending) {
      audio.currentTime = pending.time;
      if (pending.play) void audio.play().catch(() => undefined);
    }
    setStatus('ready');
    onReady?.(audio.duration);
  };

  const onError = async () => {
    const audio = audioRef.current;
    // A presigned URL that expired while the page stayed open: fetch a new one and carry on from here.
    if (onSourceError && retries.current < 2) {
      retries.current++;
      resume.current = { time: audio?.currentTime ?? time, play: playing };
      try {
        const next = await onSourceError();
        if (next) {
          // A presigned URL's query is signed: never edit it; reload the element when the URL is the same.
          if (next === currentSrc) audio?.load();
          else setCurrentSrc(next);
          return;
        }
      } catch {
        // fall through to the error state
      }
    }
    setStatus('error');
  };

  if (failed || status === 'error') {
    return (
      <div className={`audio-player ${className ?? ''}`}>
        <p className="audio-status audio-error" role="alert">
          {commonFallback.secureAudio}
        </p>
      </div>
    );
  }

  const toggle = () => {
    const audio = audioRef.current;
    if (!audio) return;
    if (audio.paused) void audio.play().catch(() => setStatus('error'));
    else audio.pause();
  };

  const seekTo = (seconds: number) => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.currentTime = seconds;
    setTime(audio.currentTime);
    onTimeUpdate?.(audio.currentTime);
  };

  const total = Number.isFinite(duration) ? duration : 0;
  return (
    <fieldset className={`audio-player ${className ?? ''}`}>
      <legend className="visually-hidden">{label}</legend>
      {/* biome-ignore lint/a11y/useMediaCaption: family recordings come without captions; the story text is on the page. */}
      <audio
        ref={audioRef}
        src={currentSrc}
        preload="metadata"
        onLoadedMetadata={onLoadedMetadata}
        onDurationChange={onDurationChange}
        onError={() => void onError()}
        onTimeUpdate={(e) => {
          if (seekingEnd.current) return;
          setTime(e.currentTarget.currentTime);
          onTimeUpdate?.(e.currentTarget.currentTime);
        }}
        onPlay={() => {
          setPlaying(true);
          onPlay?.();
        }}
        onPause={() => {
          setPlaying(false);
          onPause?.();
        }}
        onEnded={() => {
          setPlaying(false);
          onEnded?.();
        }}
      />
      {status === 'loading' ? (
        <p className="audio-status" role="status">
          Loading audio...
        </p>
      ) : (
        <div className="audio-controls">
          <button
            type="button"
            className="button audio-play"
            onClick={toggle}
            aria-label={playing ? `Pause ${label}` : `Play ${label}`}
          >
            <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
          </button>
          <input
            id={`${id}-seek`}
            className="audio-seek"
            type="range"
            min={0}
            max={total || 0}
            step={0.1}
            value={Math.min(time, total)}
            aria-label={`Seek ${label}`}
            aria-valuetext={`${formatClock(time)} of ${formatClock(total)}`}
            onChange={(e) => seekTo(Number(e.target.value))}
            onKeyDown={(e) => {
              // The slider's step is a tenth of a second for a finger or a mouse; an arrow key moving that
              // little seemed to do nothing, so arrows jump KEY_SEEK_SECONDS (Home/End/PageUp/Down stay native).
              const by = KEY_SEEK[e.key];
              if (by === undefined || !audioRef.current) return;
              e.preventDefault();
              seekTo(Math.max(0, Math.min(total, audioRef.current.currentTime + by)));
            }}
          />
          <span className="audio-time" aria-hidden="true">
            {formatClock(time)} / {formatClock(total)}
          </span>
        </div>
      )}
    </fieldset>
  );
}
