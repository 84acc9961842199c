import { AUDIO_ACCEPT, checkPickedFile, VOICE_RECORDING_MAX_SECONDS } from '@storyloom/shared/media';
import { fallback, leaveFormText, success, validation, voiceDeleteText } from '@storyloom/shared/messages';
import { mediaText } from '@storyloom/shared/messages/media';
import {
  READ_ALOUD_TEXT,
  SAMPLE_MIN_SECONDS,
  SAMPLE_RECOMMENDED_MAX_SECONDS,
  SAMPLE_RECOMMENDED_MIN_SECONDS,
  VOICE_CONSENT_TEXT,
  VOICE_DESCRIPTION_MAX,
  VOICE_NAME_MAX,
  voiceText,
} from '@storyloom/shared/voice';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Recorder, type Recording, useRecorderTake } from '#web/components/media/Recorder.tsx';
import { RecordingDraftOffer } from '#web/components/media/RecordingDraftOffer.tsx';
import { SecureAudio } from '#web/components/media/SecureAudio.tsx';
import { BusyButton } from '#web/components/ui/BusyButton.tsx';
import { FormAlert } from '#web/components/ui/FormAlert.tsx';
import { LeaveFormDialog } from '#web/components/ui/LeaveFormDialog.tsx';
import { useToast } from '#web/components/ui/Toasts.tsx';
import { useLeaveGuard } from '#web/hooks/use-leave-guard.ts';
import { useRecordingDraft } from '#web/hooks/use-recording-draft.ts';
import { encodeWav, formatClock } from '#web/lib/wav.ts';
import { useAvailableVoices, useCloneVoice, useDeleteVoice, useUploadSample, useVoiceStatus } from './api.ts';

/** A sample picked or recorded, ready to upload: M4A and MP4 are turned into WAV here (docs/voice.md). */
interface Sample {
  blob: Blob;
  name: string;
  seconds: number;
}

/** Decodes any file the browser can play; M4A/MP4 (no npm decoder on the server) comes back as 16 kHz WAV. */
async function prepareFile(file: File): Promise<Sample> {
  const context = new AudioContext();
  try {
    const audio = await context.decodeAudioData(await file.arrayBuffer());
    const isMp4 = /\.(m4a|mp4)$/i.test(file.name) || /mp4|m4a/i.test(file.type);
    if (!isMp4) return { blob: file, name: file.name, seconds: audio.duration };
    const rate = 16_000;
    const offline = new OfflineAudioContext(1, Math.ceil(audio.duration * rate), rate);
    const source = offline.createBufferSource();
    source.buffer = audio;
    source.connect(offline.destination);
    source.start();
    const rendered = await offline.startRendering();
    const wav = encodeWav(rendered.getChannelData(0), rate);
    return {
      blob: new Blob([wav], { type: 'audio/wav' }),
      name: file.name.replace(/\.\w+$/, '.wav'),
      seconds: audio.duration,
    };
  } finally {
    void context.close();
  }
}

/** What the sample's length means, before it is sent: refused under the minimum, a gentle note outside the recommendation. */
function lengthWarning(seconds: number): string | null {
  if (seconds < SAMPLE_MIN_SECONDS) return voiceText.sampleTooShort;
  return seconds < SAMPLE_RECOMMENDED_MIN_SECONDS || seconds > SAMPLE_RECOMMENDED_MAX_SECONDS
    ? voiceText.sampleLengthWarning
    : null;
}

/** Record or pick a sample, see its length, upload it. */
function SampleStep({ update, first = false }: { update: boolean; first?: boolean }) {
  const id = useId();
  const toast = useToast();
  const upload = useUploadSample();
  // A picked file is used when there is one; otherwise the recorder's take (kept as a draft, issue 18).
  const [picked, setPicked] = useState<Sample | null>(null);
  const [take, setTake] = useState<Recording | null>(null);
  const sample: Sample | null =
    picked ?? (take && { blob: take.blob, name: 'voice-sample.wav', seconds: take.seconds });
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const restoreNow = (useLocation().state as { restoreDraft?: boolean } | null)?.restoreDraft === true;
  const draft = useRecordingDraft('voice-sample', { restoreNow, onRestore: (d) => setTake(d.recording) });
  const [capturing, setCapturing] = useState(false);
  const guard = useLeaveGuard(capturing || sample !== null);
  const recorder = useRecorderTake();

  const keepTake = (next: Recording | null) => {
    setError(null);
    setTake(next);
    draft.keep(next);
    if (next) {
      setPicked(null);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const onFile = async (file: File | undefined) => {
    setError(null);
    setPicked(null);
    if (!file) return;
    const problem = checkPickedFile('voice-sample', file);
    if (problem) {
      setError(problem);
      return;
    }
    try {
      setPicked(await prepareFile(file));
    } catch {
      setError(validation.audioType);
    }
  };

  const onUpload = async () => {
    setError(null);
    let chosen = sample;
    if (!chosen && capturing) {
      // Pressed while the take is still recording or converting (a quick tap after Stop): wait for it.
      const finished = await recorder.waitForTake();
      // None kept (too short, failed): the recorder's own alert says why.
      if (!finished) return;
      chosen = { blob: finished.blob, name: 'voice-sample.wav', seconds: finished.seconds };
    }
    if (!chosen) {
      setError(update ? validation.voiceUpdateSample : validation.audioMissing);
      return;
    }
    upload.mutate(
      { sample: chosen.blob, name: chosen.name, onProgress: setProgress, first },
      {
        onSuccess: (res) => {
          toast.success(res.message || success.voiceUploaded);
          setPicked(null);
          setTake(null);
          draft.keep(null);
          if (fileInput.current) fileInput.current.value = '';
        },
        // The take (and its draft) stays: the message says why, and Upload can be pressed again.
        onError: (e) => setError(e.message || fallback.uploadVoice),
      },
    );
  };

  return (
    <div className="voice-step">
      <p>{voiceText.sampleIntro}</p>
      <blockquote className="read-aloud">{READ_ALOUD_TEXT}</blockquote>
      {draft.offered && (
        <RecordingDraftOffer
          savedAt={draft.offered.savedAt}
          seconds={draft.offered.recording.seconds}
          onRestore={() => {
            const taken = draft.accept();
            if (taken) setTake(taken.recording);
          }}
          onDiscard={draft.discard}
        />
      )}
      <Recorder
        ref={recorder.ref}
        maxSeconds={VOICE_RECORDING_MAX_SECONDS}
        subject="your voice sample"
        keptNote={mediaText.recordingKeptSample}
        recording={take}
        onChange={keepTake}
        onCapturingChange={setCapturing}
      />
      <label htmlFor={`${id}-file`} className="field-label">
        Or upload an audio file (MP3, WAV, M4A, OGG, WebM; under 10 MB)
      </label>
      <input
        ref={fileInput}
        id={`${id}-file`}
        type="file"
        accept={AUDIO_ACCEPT}
        onChange={(e) => void onFile(e.target.files?.[0])}
      />
      {sample && (
        <p className="voice-sample-length">
          Sample length: {formatClock(sample.seconds)}
          {lengthWarning(sample.seconds) && <span className="notice-warning"> {lengthWarning(sample.seconds)}</span>}
        </p>
      )}
      <FormAlert message={error} />
      <BusyButton
        type="button"
        className="button button-primary"
        busy={upload.isPending || recorder.finishing}
        busyLabel={recorder.finishing ? mediaText.recordingFinishing : `Uploading… ${Math.round(progress * 100)}%`}
        onClick={() => void onUpload()}
      >
        {update ? 'Upload New Sample' : 'Upload Voice Sample'}
      </BusyButton>
      <LeaveFormDialog blocker={guard.blocker} keepLabel={leaveFormText.stay} onLeave={() => draft.keep(null)}>
        <p>{mediaText.leaveRecording}</p>
      </LeaveFormDialog>
    </div>
  );
}

/**
 * Profile page, "Voice and Narration" (spec sections 2, 4, 5, 8): three steps derived from the voice
 * status — 1 upload a sample, 2 name and clone, 3 cloned (update with a new sample, or delete). Before
 * the first clone the user confirms, in plain words, that the voice is theirs. A local deployment says
 * honestly what it makes: "Local voice — matches your pitch and pace".
 */
export function VoiceSection() {
  const id = useId();
  const toast = useToast();
  const status = useVoiceStatus();
  const voices = useAvailableVoices(status.data?.voice_cloned === true);
  const s = status.data;
  const updating = Boolean(s?.voice_cloned);
  const clone = useCloneVoice(updating);
  const remove = useDeleteVoice();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [consent, setConsent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const waiting = useRef<'clone' | 'update' | null>(null);

  useEffect(() => {
    if (s?.voice_name && !name) setName(s.voice_name);
    if (s?.voice_description && !description) setDescription(s.voice_description);
  }, [s?.voice_name, s?.voice_description, name, description]);

  // The clone runs on the server's queue: tell the user once it is done.
  useEffect(() => {
    if (!waiting.current || !s) return;
    if (s.clone_status === 'ready') {
      toast.success(waiting.current === 'update' ? success.voiceUpdated : success.voiceCloned);
      waiting.current = null;
    } else if (s.clone_status === 'failed') {
      setError(s.clone_error ?? (waiting.current === 'update' ? fallback.updateVoice : fallback.cloneVoice));
      waiting.current = null;
    }
  }, [s, toast]);

  if (status.isLoading) return <p>Loading…</p>;
  // Spec section 7: a failed status call counts as "no voice", silently.
  const step = s?.voice_cloned ? 3 : s?.has_voice_sample ? 2 : 1;
  const busy = s?.clone_status === 'queued' || s?.clone_status === 'cloning';
  const own = voices.data?.find((v) => v.own);
  const local = (s?.engine ?? 'local') === 'local';

  const onClone = () => {
    setError(null);
    if (updating && !s?.sample_is_new) {
      setError(validation.voiceUpdateSample);
      return;
    }
    if (!name.trim()) {
      setError(validation.voiceName);
      return;
    }
    if (!s?.consent_given && !consent) {
      setError(voiceText.consentRequired);
      return;
    }
    clone.mutate(
      { name: name.trim(), description: description.trim() || undefined, consent: s?.consent_given || consent },
      {
        onSuccess: () => {
          waiting.current = updating ? 'update' : 'clone';
        },
        onError: (e) => setError(e.message),
      },
    );
  };

  const nameForm = (
    <div className="voice-step">
      <div className="field">
        <label htmlFor={`${id}-name`} className="field-label">
          Voice name
        </label>
        <input
          id={`${id}-name`}
          className="input"
          value={name}
          maxLength={VOICE_NAME_MAX}
          onChange={(e) => setName(e.target.value)}
          placeholder="For example: Grandma Rose"
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-description`} className="field-label">
          Description (optional)
        </label>
        <input
          id={`${id}-description`}
          className="input"
          value={description}
          maxLength={VOICE_DESCRIPTION_MAX}
          onChange={(e) => setDescription(e.target.value)}
        />
      </div>
      {!s?.consent_given && (
        <label className="checkbox consent">
          <input type="checkbox" checked={consent} onChange={(e) => setConsent(e.target.checked)} />{' '}
          {VOICE_CONSENT_TEXT}
        </label>
      )}
      {busy && (
        <p className="notice" role="status">
          {voiceText.cloneQueued}
        </p>
      )}
      <FormAlert message={error} />
      <BusyButton
        type="button"
        className="button button-primary"
        busy={clone.isPending || busy}
        busyLabel="Preparing your voice…"
        onClick={onClone}
      >
        {updating ? (local ? 'Update My Voice' : 'Update Voice Clone') : local ? 'Create My Voice' : 'Clone My Voice'}
      </BusyButton>
    </div>
  );

  return (
    <div className="voice-section">
      <ol className="voice-steps" aria-label="Voice setup">
        {['Upload a voice sample', 'Name your voice', 'Your voice is ready'].map((label, i) => (
          <li
            key={label}
            aria-current={step === i + 1 ? 'step' : undefined}
            className={step === i + 1 ? 'current' : ''}
          >
            Step {i + 1}: {label}
          </li>
        ))}
      </ol>
      {local && (
        <p className="profile-note">
          {s?.engine_label ?? 'Local voice — matches your pitch and pace'}: this server reads your stories with a
          computer voice set to your pitch and pace. It is not a copy of how your voice sounds.
        </p>
      )}

      {step === 1 && <SampleStep update={false} first />}

      {step === 2 && (
        <>
          <p>
            Your sample{s?.sample_duration ? ` (${formatClock(s.sample_duration)})` : ''} is uploaded. Give your voice a
            name.
          </p>
          {s?.voice_sample_url && <SecureAudio path={s.voice_sample_url} label="Your voice sample" />}
          {nameForm}
          <details>
            <summary>Use a different sample</summary>
            <SampleStep update={false} />
          </details>
        </>
      )}

      {step === 3 && (
        <>
          <h3>{s?.voice_name ?? 'Your voice'}</h3>
          <p className="panel-detail">{local ? s?.engine_label : 'Your cloned voice'} — ready for narrations.</p>
          {own?.preview_url && <SecureAudio path={own.preview_url} label="Preview of your voice" />}
          <details className="voice-update">
            <summary>Update your voice with a new sample</summary>
            <SampleStep update />
            {s?.sample_is_new && <p>New sample ready ({formatClock(s.sample_duration ?? 0)}).</p>}
            {nameForm}
          </details>
          <BusyButton
            type="button"
            className="button button-danger"
            busy={remove.isPending}
            busyLabel={voiceDeleteText.busy}
            onClick={() => {
              if (!window.confirm(voiceDeleteText.confirm)) return;
              remove.mutate(undefined, {
                onSuccess: (r) => toast.success(r.message),
                onError: (e) => setError(e.message),
              });
            }}
          >
            {voiceDeleteText.open}
          </BusyButton>
        </>
      )}
    </div>
  );
}
