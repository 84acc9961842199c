import { TRANSCRIPT_MAX_CHARS } from '@storyloom/shared/constants';
import { transcriptText } from '@storyloom/shared/messages/transcripts';
import { type TranscriptResponse, updateTranscriptSchema } from '@storyloom/shared/transcripts';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { BusyButton } from '#web/components/ui/BusyButton.tsx';
import { CharCount } from '#web/components/ui/CharCount.tsx';
import { FormAlert } from '#web/components/ui/FormAlert.tsx';
import { useToast } from '#web/components/ui/Toasts.tsx';
import { useForm } from '#web/hooks/use-form.ts';
import { useSaveTranscript } from './api.ts';

/**
 * The owner's transcript tools under the recording: what the automatic transcription is doing (or why it
 * did not), and a form to type, paste or correct the transcript. Saving a machine transcript takes its
 * "Machine-made" label away (the server says so in the label it returns).
 */
export function TranscriptEditor({ storyId, state }: { storyId: string; state: TranscriptResponse | undefined }) {
  const [editing, setEditing] = useState(false);
  const transcript = state?.transcript ?? null;
  const job = state?.job;
  const working = job?.status === 'queued' || job?.status === 'transcribing';
  return (
    <div className="transcript-editor">
      {working && (
        <p className="notice" role="status">
          {transcriptText.queued}
        </p>
      )}
      {!working && job?.status === 'failed' && !transcript && <p className="notice">{job.problem}</p>}
      {!working && job?.status === 'none' && !transcript && !editing && (
        <p className="panel-detail">{transcriptText.noneOwner}</p>
      )}
      {editing ? (
        <TranscriptForm
          storyId={storyId}
          text={transcript?.text ?? ''}
          version={transcript?.version ?? null}
          onDone={() => setEditing(false)}
        />
      ) : (
        state && (
          <div className="button-row">
            <button type="button" className="button button-secondary" onClick={() => setEditing(true)}>
              {transcript ? transcriptText.edit : transcriptText.add}
            </button>
          </div>
        )
      )}
    </div>
  );
}

function TranscriptForm({
  storyId,
  text,
  version,
  onDone,
}: {
  storyId: string;
  text: string;
  version: string | null;
  onDone: () => void;
}) {
  const toast = useToast();
  const save = useSaveTranscript(storyId);
  const form = useForm({
    schema: updateTranscriptSchema,
    defaultValues: { text, version },
    fallback: transcriptText.saveFailed,
  });
  const input = form.inputProps('text');
  const value = useWatch({ control: form.form.control, name: 'text' }) ?? '';
  const onSubmit = form.submit(async (values) => {
    await save.mutateAsync({ text: values.text, version });
    toast.success(transcriptText.saved);
    onDone();
  });
  return (
    <form className="form transcript-form" onSubmit={onSubmit} noValidate>
      <div className="field">
        <label htmlFor={input.id}>{transcriptText.fieldLabel}</label>
        <textarea
          {...input}
          rows={12}
          dir="auto"
          aria-describedby={[input['aria-describedby'], `${input.id}-count`].filter(Boolean).join(' ')}
        />
        <CharCount id={`${input.id}-count`} value={value} max={TRANSCRIPT_MAX_CHARS} />
      </div>
      <FormAlert id={form.errorId} message={form.error?.message} alertRef={form.errorRef} />
      <div className="button-row">
        <BusyButton className="button button-primary" busy={form.busy} busyLabel={transcriptText.saving}>
          {transcriptText.save}
        </BusyButton>
        <button type="button" className="button button-secondary" onClick={onDone} disabled={form.busy}>
          {transcriptText.cancel}
        </button>
      </div>
    </form>
  );
}
