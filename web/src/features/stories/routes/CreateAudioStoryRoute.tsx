import {
  AUDIO_ACCEPT,
  checkPickedFile,
  mediaText,
  STORY_AUDIO_MAX_BYTES,
  STORY_RECORDING_MAX_SECONDS,
} from '@storyloom/shared/media';
import { fallback, leaveFormText, validation } from '@storyloom/shared/messages';
import type { PromptDto } from '@storyloom/shared/schemas/prompts';
import { type FormEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { AudioPlayer } from '#web/components/media/AudioPlayer.tsx';
import { Recorder, type Recording, useRecorderTake } from '#web/components/media/Recorder.tsx';
import { RecordingDraftOffer } from '#web/components/media/RecordingDraftOffer.tsx';
import { LeaveFormDialog } from '#web/components/ui/LeaveFormDialog.tsx';
import { useToast } from '#web/components/ui/Toasts.tsx';
import { paths } from '#web/config/paths.ts';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { draftKey, useDraft, useDraftOwner } from '#web/hooks/use-draft.ts';
import { useLeaveGuard } from '#web/hooks/use-leave-guard.ts';
import { useRecordingDraft } from '#web/hooks/use-recording-draft.ts';
import { errorText } from '#web/lib/api-client.ts';
import { useCreateAudioStory } from '../api/create-audio-story.ts';
import { DraftOffer } from '../components/DraftOffer.tsx';
import { StoryKindSwitch } from '../components/StoryKindSwitch.tsx';

type Source = 'record' | 'upload';
type Field = 'title' | 'audio';
interface TextValues {
  title: string;
  description: string;
}
const sameText = (a: TextValues, b: TextValues) => a.title === b.title && a.description === b.description;

/**
 * /create-story?type=audio (the spec leaves this path open; docs/media.md): record with the recorder
 * or pick a file (mp3, wav, m4a, ogg, webm), give a title and an optional description, save. The
 * file goes straight to S3 with a progress bar; the server checks it by content before the story exists.
 */
export function CreateAudioStoryRoute({
  prompt = null,
  promptAbove,
  kindSwitch = <StoryKindSwitch current="audio" />,
  onSaved,
}: {
  /** The question this story answers (CreateStoryPage): its text is the title to start with. */
  prompt?: PromptDto | null;
  promptAbove?: ReactNode;
  kindSwitch?: ReactNode;
  /** Marks the question answered once the story is saved; says where to go next. */
  onSaved?: (storyId: string) => Promise<string>;
} = {}) {
  useDocumentTitle('Create an Audio Story');
  const navigate = useNavigate();
  const toast = useToast();
  const id = useId();
  const create = useCreateAudioStory();
  const [source, setSource] = useState<Source>('record');
  // The take and a picked file are kept apart: switching between the two ways loses neither.
  const [recording, setRecording] = useState<Recording | null>(null);
  const [picked, setPicked] = useState<{ blob: Blob; name?: string } | null>(null);
  const [fileUrl, setFileUrl] = useState<string | null>(null);
  // A question being answered is the title to start with; that alone is not typing (nothing to keep or ask about).
  const startTitle = prompt?.text ?? '';
  const startText = useMemo<TextValues>(() => ({ title: startTitle, description: '' }), [startTitle]);
  const [title, setTitle] = useState(startText.title);
  const [description, setDescription] = useState('');
  const [error, setError] = useState<{ message: string; field: Field | null } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  // Nothing lost (issue 18): the typed text as a local draft, the take in IndexedDB, a question before leaving.
  const userId = useDraftOwner();
  const restoreNow = (useLocation().state as { restoreDraft?: boolean } | null)?.restoreDraft === true;
  const textDraft = useDraft<TextValues>({
    key: userId ? draftKey(userId, 'new-audio') : null,
    current: startText,
    same: sameText,
  });
  const recordingDraft = useRecordingDraft('story-audio', {
    restoreNow,
    onRestore: (draft) => setRecording(draft.recording),
  });
  const audio = source === 'record' ? (recording ? { blob: recording.blob, name: 'recording.wav' } : null) : picked;
  const [capturing, setCapturing] = useState(false);
  const recorder = useRecorderTake();
  const { finishing } = recorder;
  const dirty =
    capturing || recording !== null || picked !== null || title.trim() !== startText.title || description.trim() !== '';
  const guard = useLeaveGuard(dirty);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival (back from a login).
  useEffect(() => {
    if (!restoreNow) return;
    const taken = textDraft.accept();
    if (taken) restoreText(taken.values);
  }, []);

  const typed = useRef(false);
  const { write } = textDraft;
  useEffect(() => {
    const values = { title, description };
    if (!sameText(values, startText)) typed.current = true;
    if (typed.current) write(sameText(values, startText) ? null : values);
  }, [title, description, write, startText]);

  const restoreText = (values: TextValues) => {
    setTitle(values.title ?? '');
    setDescription(values.description ?? '');
  };

  const keepRecording = (next: Recording | null) => {
    setRecording(next);
    recordingDraft.keep(next);
    if (next && error?.field === 'audio') setError(null);
  };

  useEffect(() => () => void (fileUrl && URL.revokeObjectURL(fileUrl)), [fileUrl]);

  const choose = (next: Source) => {
    setSource(next);
    setError(null);
  };

  const onFile = (file: File | undefined) => {
    setPicked(null);
    setFileUrl(null);
    if (!file) return;
    const problem = checkPickedFile('story-audio', file);
    if (problem) {
      setError({ message: problem, field: 'audio' });
      if (fileRef.current) fileRef.current.value = '';
      return;
    }
    setError(null);
    setPicked({ blob: file, name: file.name });
    setFileUrl(URL.createObjectURL(file));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending || finishing) return;
    if (!title.trim()) {
      setError({ message: validation.storyTitleCreate, field: 'title' });
      titleRef.current?.focus();
      return;
    }
    void save();
  };

  const save = async () => {
    let chosen = audio;
    if (!chosen && source === 'record' && capturing) {
      // Pressed while the take is still recording or converting (a quick tap after Stop): wait for it.
      const finished = await recorder.waitForTake();
      // None kept (too short, failed): the recorder's own alert says why.
      if (!finished) return;
      chosen = { blob: finished.blob, name: 'recording.wav' };
    }
    if (!chosen) {
      setError({ message: mediaText.storyAudioMissing, field: 'audio' });
      return;
    }
    const sending = chosen;
    setError(null);
    setProgress(0);
    create.mutate(
      {
        title: title.trim(),
        description: description.trim(),
        audio: sending.blob,
        fileName: sending.name,
        onProgress: setProgress,
      },
      {
        onSuccess: async (story) => {
          textDraft.drop();
          recordingDraft.keep(null);
          guard.allow();
          toast.success(mediaText.audioStoryCreated);
          // The saved form leaves the history: Back must not reopen it empty (CreateStoryRoute.tsx).
          navigate(onSaved ? await onSaved(story.ID) : paths.dashboard.getHref(), { replace: true });
        },
        onError: (err) => {
          // The take, the file and the text all stay: the user can simply press Save again.
          setProgress(null);
          setError({ message: errorText(err, fallback.createStory), field: null });
        },
      },
    );
  };

  const busy = create.isPending || finishing;
  const errorId = `${id}-error`;
  return (
    <section className="page page-narrow story-editor">
      {kindSwitch}
      <header className="page-header">
        <h1>Create an Audio Story</h1>
        <p className="section-lead">
          Tell a memory in your own voice, or upload a recording you already have. Only you can hear it until you share
          it.
        </p>
      </header>
      {promptAbove}
      {textDraft.offered && (
        <DraftOffer
          savedAt={textDraft.offered.savedAt}
          onRestore={() => {
            const taken = textDraft.accept();
            if (taken) restoreText(taken.values);
          }}
          onDiscard={textDraft.discard}
        />
      )}
      {recordingDraft.offered && (
        <RecordingDraftOffer
          savedAt={recordingDraft.offered.savedAt}
          seconds={recordingDraft.offered.recording.seconds}
          onRestore={() => {
            const taken = recordingDraft.accept();
            if (taken) {
              setSource('record');
              setRecording(taken.recording);
            }
          }}
          onDiscard={recordingDraft.discard}
        />
      )}
      <form className="form story-form" onSubmit={onSubmit} noValidate>
        <fieldset className="fieldset">
          <legend>Your recording</legend>
          <div className="source-choice">
            <button
              type="button"
              className="button button-secondary"
              aria-pressed={source === 'record'}
              onClick={() => choose('record')}
              disabled={busy}
            >
              <span aria-hidden="true">● </span>Record now
            </button>
            <button
              type="button"
              className="button button-secondary"
              aria-pressed={source === 'upload'}
              onClick={() => choose('upload')}
              disabled={busy}
            >
              <span aria-hidden="true">⇪ </span>Upload a file
            </button>
          </div>
          {source === 'record' ? (
            <Recorder
              ref={recorder.ref}
              maxSeconds={STORY_RECORDING_MAX_SECONDS}
              subject="your story"
              keptNote={mediaText.recordingKeptStory}
              disabled={busy}
              recording={recording}
              onChange={keepRecording}
              onCapturingChange={setCapturing}
            />
          ) : (
            <div className="field">
              <label htmlFor={`${id}-file`}>Audio file</label>
              <p className="field-hint" id={`${id}-file-hint`}>
                MP3, WAV, M4A, OGG or WebM, up to {STORY_AUDIO_MAX_BYTES / 1024 / 1024} MB.
              </p>
              <input
                ref={fileRef}
                id={`${id}-file`}
                type="file"
                accept={AUDIO_ACCEPT}
                disabled={busy}
                onChange={(e) => onFile(e.target.files?.[0])}
                aria-invalid={error?.field === 'audio' || undefined}
                aria-describedby={[`${id}-file-hint`, error?.field === 'audio' ? errorId : ''].join(' ').trim()}
              />
              {fileUrl && <AudioPlayer src={fileUrl} label="Preview of the chosen file" />}
            </div>
          )}
        </fieldset>

        <div className="field">
          <label htmlFor={`${id}-title`}>Title</label>
          <p className="field-hint" id={`${id}-title-hint`}>
            A few words that name the memory, like “Grandma's lullaby”.
          </p>
          <input
            ref={titleRef}
            id={`${id}-title`}
            type="text"
            value={title}
            onChange={(e) => {
              setTitle(e.target.value);
              if (error?.field === 'title') setError(null);
            }}
            readOnly={busy}
            required
            aria-invalid={error?.field === 'title' || undefined}
            aria-describedby={[`${id}-title-hint`, error?.field === 'title' ? errorId : ''].join(' ').trim()}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-description`}>Description (optional)</label>
          <p className="field-hint" id={`${id}-description-hint`}>
            A few lines about the recording, for readers who cannot listen.
          </p>
          <textarea
            id={`${id}-description`}
            rows={5}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            readOnly={busy}
            aria-describedby={`${id}-description-hint`}
          />
        </div>

        {progress !== null && (
          <div className="upload-progress">
            <label htmlFor={`${id}-progress`}>Uploading</label>
            <progress id={`${id}-progress`} max={1} value={progress} />
            <span aria-hidden="true">{Math.round(progress * 100)}%</span>
          </div>
        )}
        {error && (
          <p id={errorId} className="form-error" role="alert">
            {error.message}
          </p>
        )}
        <div className="button-row form-actions">
          <button type="submit" className="button button-primary button-large" disabled={busy} aria-busy={busy}>
            {finishing ? mediaText.recordingFinishing : busy ? 'Saving your story…' : 'Save Audio Story'}
          </button>
          <button
            type="button"
            className="button button-secondary button-large"
            onClick={() => navigate(paths.dashboard.getHref())}
            disabled={busy}
          >
            Cancel
          </button>
        </div>
      </form>
      <LeaveFormDialog
        blocker={guard.blocker}
        keepLabel={leaveFormText.stay}
        onLeave={() => {
          textDraft.drop();
          recordingDraft.keep(null);
        }}
      >
        <p>{mediaText.leaveRecording}</p>
      </LeaveFormDialog>
    </section>
  );
}
