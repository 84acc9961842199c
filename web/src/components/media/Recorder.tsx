import { RECORDING_MIN_SECONDS, RECORDING_SAMPLE_RATE } from '@storyloom/shared/media';
import { fallback } from '@storyloom/shared/messages';
import { mediaText } from '@storyloom/shared/messages/media';
import { type Ref, type RefObject, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { encodeWav, formatClock, rmsLevel } from '#web/lib/wav.ts';
import { AudioPlayer } from './AudioPlayer.tsx';

/** A finished recording: 16-bit PCM mono WAV at RECORDING_SAMPLE_RATE. */
export interface Recording {
  blob: Blob;
  seconds: number;
}

export interface RecorderProps {
  /** The recording stops by itself here; the limit is shown on screen. */
  maxSeconds: number;
  /** The take the page holds (null: none yet). Controlled, so a page can give back a draft. */
  recording: Recording | null;
  /**
   * Stop keeps the take at once (no separate 'Use' step, so Save always has it); 'Record Again' gives
   * null. The page keeps it, as a draft too (hooks/use-recording-draft.ts).
   */
  onChange: (recording: Recording | null) => void;
  /** What is being recorded, for screen readers ("your story", "your voice sample"). */
  subject?: string;
  /** Under the preview: what happens to the take next (mediaText.recordingKeptStory / …Sample). */
  keptNote: string;
  /** True while a take is being recorded or processed: the page's leave guard asks then too. */
  onCapturingChange?: (capturing: boolean) => void;
  disabled?: boolean;
  ref?: Ref<RecorderHandle>;
}

/**
 * For the page's Save / Upload: a press that comes while a take is still being recorded or converted (a
 * quick tap right after Stop) waits for that take instead of finding none. `finish` stops a live
 * recording and resolves with the kept take, or null when none was kept (too short, failed; the
 * recorder says why).
 */
export interface RecorderHandle {
  finish: () => Promise<Recording | null>;
}

/**
 * For a page with a Recorder and a Save / Upload button: pass `ref` to the Recorder; `waitForTake()` is the
 * take a press may send when the recorder is still recording or converting (null: none was kept, and the
 * recorder says why), and `finishing` is true meanwhile, for the button's busy label.
 */
export function useRecorderTake() {
  const ref = useRef<RecorderHandle>(null);
  const [finishing, setFinishing] = useState(false);
  const waitForTake = async (): Promise<Recording | null> => {
    if (!ref.current) return null;
    setFinishing(true);
    try {
      return await ref.current.finish();
    } finally {
      setFinishing(false);
    }
  };
  return { ref, finishing, waitForTake };
}

type Phase = 'idle' | 'recording' | 'processing';

interface Session {
  stream: MediaStream;
  recorder: MediaRecorder;
  context: AudioContext;
  timer: number;
  frame: number;
}

/** Stops the microphone, the meter and the timer of a recording session. */
function releaseSession(ref: RefObject<Session | null>) {
  const s = ref.current;
  ref.current = null;
  if (!s) return;
  window.clearInterval(s.timer);
  cancelAnimationFrame(s.frame);
  for (const track of s.stream.getTracks()) track.stop();
  void s.context.close().catch(() => undefined);
}

/** Containers MediaRecorder may offer, best first (Chromium and Firefox: webm; Safari: mp4). */
const CAPTURE_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];

/**
 * The recorder (spec section 4): idle, recording (an mm:ss timer and a level meter), processing (the
 * captured webm is decoded with Web Audio and converted to 16-bit PCM mono WAV), then the kept take
 * with its preview and 'Record Again'. Shared by audio stories and the voice sample. Focus follows the
 * controls: Start → Stop, Stop → the status, then the preview's play button; Record Again → Start.
 */
export function Recorder({
  maxSeconds,
  recording,
  onChange,
  subject = 'your recording',
  keptNote,
  onCapturingChange,
  disabled = false,
  ref,
}: RecorderProps) {
  const [phase, setPhase] = useState<Phase>('idle');
  const [error, setError] = useState<string | null>(null);
  const [elapsed, setElapsed] = useState(0);
  const [level, setLevel] = useState(0);
  const session = useRef<Session | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const onCapturingRef = useRef(onCapturingChange);
  onCapturingRef.current = onCapturingChange;
  useEffect(() => onCapturingRef.current?.(phase !== 'idle'), [phase]);
  /** Where focus goes once the next phase has rendered (the control that replaced the one pressed). */
  const focusNext = useRef<'stop' | 'status' | 'preview' | 'start' | null>(null);
  const startRef = useRef<HTMLButtonElement>(null);
  const stopRef = useRef<HTMLButtonElement>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const previewRef = useRef<HTMLDivElement>(null);
  const againRef = useRef<HTMLButtonElement>(null);
  const previewUrl = useMemo(() => (recording ? URL.createObjectURL(recording.blob) : null), [recording]);

  useEffect(() => () => void (previewUrl && URL.revokeObjectURL(previewUrl)), [previewUrl]);

  // From Start until the take is kept or refused; presses of the page's button that come meanwhile wait.
  const live = useRef(false);
  const waiting = useRef<((take: Recording | null) => void)[]>([]);
  const recordingRef = useRef(recording);
  recordingRef.current = recording;
  const settle = (take: Recording | null) => {
    live.current = false;
    const waiters = waiting.current;
    waiting.current = [];
    for (const resolve of waiters) resolve(take);
  };
  useImperativeHandle(ref, () => ({
    finish: () => {
      if (!live.current) return Promise.resolve(recordingRef.current);
      return new Promise<Recording | null>((resolve) => {
        waiting.current.push(resolve);
        stop();
      });
    },
  }));

  useEffect(
    () => () => {
      if (session.current?.recorder.state === 'recording') session.current.recorder.onstop = null;
      releaseSession(session);
      // Leaving the page: a press still waiting for the take gets none.
      for (const resolve of waiting.current.splice(0)) resolve(null);
    },
    [],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when what is shown changes.
  useEffect(() => {
    const target = focusNext.current;
    if (target === 'stop') stopRef.current?.focus();
    else if (target === 'status') statusRef.current?.focus();
    else if (target === 'start') startRef.current?.focus();
    else return;
    focusNext.current = null;
  }, [phase, recording]);

  const start = async () => {
    setError(null);
    if (!window.isSecureContext || !navigator.mediaDevices?.getUserMedia) {
      // Browsers offer the microphone only to https pages and localhost (a phone on http://<LAN address>).
      setError(mediaText.recordingNeedsSecurePage);
      return;
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true },
      });
    } catch {
      setError(fallback.microphone);
      return;
    }
    const mimeType = CAPTURE_TYPES.find((t) => MediaRecorder.isTypeSupported(t));
    const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 1024;
    context.createMediaStreamSource(stream).connect(analyser);
    const block = new Float32Array(analyser.fftSize);
    const startedAt = performance.now();
    const meter = () => {
      analyser.getFloatTimeDomainData(block);
      setLevel(Math.min(1, rmsLevel(block) * 4));
      if (session.current) session.current.frame = requestAnimationFrame(meter);
    };
    const timer = window.setInterval(() => {
      const seconds = (performance.now() - startedAt) / 1000;
      setElapsed(seconds);
      if (seconds >= maxSeconds && recorder.state === 'recording') recorder.stop();
    }, 200);
    recorder.onstop = () => {
      const seconds = Math.min(maxSeconds, (performance.now() - startedAt) / 1000);
      release();
      setLevel(0);
      if (seconds < RECORDING_MIN_SECONDS) {
        // Start then Stop at once: a 0:00 take would be saved as a story (or sample) that plays nothing.
        setError(mediaText.recordingTooShort);
        focusNext.current = 'start';
        setPhase('idle');
        settle(null);
        return;
      }
      void convert(new Blob(chunks, { type: recorder.mimeType || 'audio/webm' }), seconds);
    };
    session.current = { stream, recorder, context, timer, frame: requestAnimationFrame(meter) };
    setElapsed(0);
    live.current = true;
    recorder.start(250);
    focusNext.current = 'stop';
    setPhase('recording');
  };

  const release = () => releaseSession(session);

  const convert = async (captured: Blob, seconds: number) => {
    focusNext.current = 'status';
    setPhase('processing');
    try {
      const wav = await toWav(captured);
      const take = { blob: wav, seconds };
      focusNext.current = 'preview';
      setPhase('idle');
      onChangeRef.current(take);
      settle(take);
    } catch {
      setError(fallback.audioConversion);
      focusNext.current = 'start';
      setPhase('idle');
      settle(null);
    }
  };

  const stop = () => {
    if (session.current?.recorder.state === 'recording') session.current.recorder.stop();
  };

  const again = () => {
    focusNext.current = 'start';
    setElapsed(0);
    onChange(null);
  };

  // After a Stop: the preview's play button once the player has rendered it (Record Again if it cannot play).
  const [previewState, setPreviewState] = useState<{ take: Recording | null; ready: 'play' | 'again' } | null>(null);
  useEffect(() => {
    if (!previewState || previewState.take !== recording || focusNext.current !== 'preview') return;
    focusNext.current = null;
    const play = previewRef.current?.querySelector<HTMLButtonElement>('.audio-play');
    (previewState.ready === 'play' && play ? play : againRef.current)?.focus();
  }, [previewState, recording]);

  return (
    <div className="recorder">
      <p className="recorder-limit">
        You can record up to {formatClock(maxSeconds)} ({Math.round(maxSeconds / 60)} minutes).
      </p>
      {!recording && phase === 'idle' && (
        <button
          ref={startRef}
          type="button"
          className="button button-primary button-large"
          onClick={start}
          disabled={disabled}
        >
          <span aria-hidden="true">● </span>Start Recording
        </button>
      )}
      {phase === 'recording' && (
        <div className="recorder-live">
          <p className="recorder-timer" role="timer" aria-label="Recording time">
            <span className="recorder-dot" aria-hidden="true" /> {formatClock(elapsed, true)}{' '}
            <span className="recorder-max">/ {formatClock(maxSeconds, true)}</span>
          </p>
          <label className="recorder-level">
            <span>Input level</span>
            <meter min={0} max={1} low={0.1} high={0.9} optimum={0.5} value={level} />
          </label>
          <button ref={stopRef} type="button" className="button button-danger button-large" onClick={stop}>
            <span aria-hidden="true">■ </span>Stop Recording
          </button>
        </div>
      )}
      {phase === 'processing' && (
        <p ref={statusRef} className="recorder-status" role="status" tabIndex={-1}>
          Processing recording…
        </p>
      )}
      {recording && previewUrl && phase === 'idle' && (
        <div className="recorder-preview" ref={previewRef}>
          <AudioPlayer
            src={previewUrl}
            label={`Preview of ${subject}`}
            onReady={() => setPreviewState({ take: recording, ready: 'play' })}
            onSourceError={async () => {
              setPreviewState({ take: recording, ready: 'again' });
              return undefined;
            }}
          />
          <p className="recorder-length">Length: {formatClock(recording.seconds)}</p>
          <p className="form-success" role="status">
            <span aria-hidden="true">✓ </span>
            {keptNote}
          </p>
          <div className="button-row">
            <button
              ref={againRef}
              type="button"
              className="button button-secondary button-large"
              onClick={again}
              disabled={disabled}
            >
              Record Again
            </button>
          </div>
        </div>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** Decodes what MediaRecorder captured and renders it to mono at the recording rate, as 16-bit WAV. */
async function toWav(captured: Blob): Promise<Blob> {
  const context = new AudioContext();
  let decoded: AudioBuffer;
  try {
    decoded = await context.decodeAudioData(await captured.arrayBuffer());
  } finally {
    void context.close().catch(() => undefined);
  }
  const frames = Math.max(1, Math.ceil(decoded.duration * RECORDING_SAMPLE_RATE));
  const offline = new OfflineAudioContext(1, frames, RECORDING_SAMPLE_RATE);
  const source = offline.createBufferSource();
  source.buffer = decoded;
  source.connect(offline.destination);
  source.start();
  const rendered = await offline.startRendering();
  return new Blob([encodeWav(rendered.getChannelData(0), RECORDING_SAMPLE_RATE)], { type: 'audio/wav' });
}
