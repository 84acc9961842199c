import { RECORDING_SAMPLE_RATE } from '@storyloom/shared/media';
import { fallback } from '@storyloom/shared/messages';
import { type RefObject, useEffect, useRef, useState } from 'react';
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
  /** 'Use this Recording' */
  onUse: (recording: Recording) => void;
  /** 'Record Again' after a recording was used: the page forgets it. */
  onDiscard?: () => void;
  /** What is being recorded, for screen readers ("your story", "your voice sample"). */
  subject?: string;
  disabled?: boolean;
}

type State =
  | { kind: 'idle' }
  | { kind: 'recording' }
  | { kind: 'processing' }
  | { kind: 'preview'; recording: Recording; url: string; used: boolean };

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
 * captured webm is decoded with Web Audio and converted to 16-bit PCM mono WAV), then a preview with
 * 'Use this Recording' and 'Record Again'. Shared by audio stories and the voice sample.
 */
export function Recorder({
  maxSeconds,
  onUse,
  onDiscard,
  subject = 'your recording',
  disabled = false,
}: RecorderProps) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [elapsed, setElapsed] = useState(0);
  const [level, setLevel] = useState(0);
  const session = useRef<Session | null>(null);
  const previewUrl = useRef<string | null>(null);

  const release = () => releaseSession(session);

  useEffect(
    () => () => {
      if (session.current?.recorder.state === 'recording') session.current.recorder.onstop = null;
      releaseSession(session);
      if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
    },
    [],
  );

  const start = async () => {
    setError(null);
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
      void convert(new Blob(chunks, { type: recorder.mimeType || 'audio/webm' }), seconds);
    };
    session.current = { stream, recorder, context, timer, frame: requestAnimationFrame(meter) };
    setElapsed(0);
    recorder.start(250);
    setState({ kind: 'recording' });
  };

  const convert = async (captured: Blob, seconds: number) => {
    setState({ kind: 'processing' });
    try {
      const wav = await toWav(captured);
      if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
      const url = URL.createObjectURL(wav);
      previewUrl.current = url;
      setState({ kind: 'preview', recording: { blob: wav, seconds }, url, used: false });
    } catch {
      setError(fallback.audioConversion);
      setState({ kind: 'idle' });
    }
  };

  const stop = () => {
    if (session.current?.recorder.state === 'recording') session.current.recorder.stop();
  };

  const again = () => {
    if (state.kind === 'preview' && state.used) onDiscard?.();
    setState({ kind: 'idle' });
    setElapsed(0);
  };

  return (
    <div className="recorder">
      <p className="recorder-limit">
        You can record up to {formatClock(maxSeconds)} ({Math.round(maxSeconds / 60)} minutes).
      </p>
      {state.kind === 'idle' && (
        <button type="button" className="button button-primary button-large" onClick={start} disabled={disabled}>
          <span aria-hidden="true">● </span>Start Recording
        </button>
      )}
      {state.kind === 'recording' && (
        <div className="recorder-live">
          <p className="recorder-timer" role="timer" aria-label="Recording time">
            <span className="recorder-dot" aria-hidden="true" /> {formatClock(elapsed, true)}{' '}
            <span className="recorder-max">/ {formatClock(maxSeconds, true)}</span>
          </p>
          <label className="recorder-level">
            <span>Input level</span>
            <meter min={0} max={1} low={0.1} high={0.9} optimum={0.5} value={level} />
          </label>
          <button type="button" className="button button-danger button-large" onClick={stop}>
            <span aria-hidden="true">■ </span>Stop Recording
          </button>
        </div>
      )}
      {state.kind === 'processing' && (
        <p className="recorder-status" role="status">
          Processing recording…
        </p>
      )}
      {state.kind === 'preview' && (
        <div className="recorder-preview">
          <AudioPlayer src={state.url} label={`Preview of ${subject}`} />
          <p className="recorder-length">Length: {formatClock(state.recording.seconds)}</p>
          {state.used ? (
            <p className="form-success" role="status">
              <span aria-hidden="true">✓ </span>Recording ready to save.
            </p>
          ) : null}
          <div className="button-row">
            {!state.used && (
              <button
                type="button"
                className="button button-primary button-large"
                onClick={() => {
                  setState({ ...state, used: true });
                  onUse(state.recording);
                }}
                disabled={disabled}
              >
                Use this Recording
              </button>
            )}
            <button type="button" className="button button-secondary button-large" onClick={again} disabled={disabled}>
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
