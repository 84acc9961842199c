import { success, narrationPanelText as text, validation } from '@storyloom/shared/messages';
import { type AvailableVoiceDto, voiceText } from '@storyloom/shared/voice';
import { useEffect, useId, useRef, useState } from 'react';
import type { AudioPlayerHandle } from '#web/components/media/AudioPlayer.tsx';
import { SecureAudio } from '#web/components/media/SecureAudio.tsx';
import { BusyButton } from '#web/components/ui/BusyButton.tsx';
import { FormAlert } from '#web/components/ui/FormAlert.tsx';
import { useToast } from '#web/components/ui/Toasts.tsx';
import { useQueryClient } from '#web/lib/queries.ts';
import { useAvailableVoices, useNarrate, useNarration, useRemoveNarration } from './api.ts';

function voiceLabel(voice: AvailableVoiceDto): string {
  return voice.own ? `${voice.name} (your voice)` : voice.name;
}

/**
 * The story page's "AI Features" panel (spec sections 2, 4, 5): a voice select (own voice first) with
 * Preview, Generate, Regenerate with another voice, Remove. The narration is made on the server's
 * queue; the panel shows queued → generating (with progress) → ready, or failed with Retry, and keeps
 * showing it after a reload. An edited text makes the narration "out of date", with Regenerate.
 */
export function NarrationPanel({ storyId }: { storyId: string }) {
  const id = useId();
  const toast = useToast();
  const client = useQueryClient();
  const voices = useAvailableVoices();
  const narration = useNarration(storyId);
  const narrate = useNarrate(storyId);
  const remove = useRemoveNarration(storyId);
  const [chosenId, setVoiceId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState<string | null>(null);
  const preview = useRef<AudioPlayerHandle>(null);
  const mainRef = useRef<HTMLButtonElement>(null);
  const status = narration.data?.status ?? 'none';
  const previous = useRef(status);

  // The story reloads when a narration becomes ready or fails (its audio_url changed).
  useEffect(() => {
    if (previous.current !== status && (status === 'ready' || status === 'failed')) void client.invalidateQueries();
    previous.current = status;
  }, [status, client]);

  const list = voices.data ?? [];
  // A storyteller who cloned their voice did it to hear their stories in it: it is the one chosen until they
  // pick another. With no voice of their own, nothing is, and Generate asks for one (spec, "Narration").
  const voiceId = chosenId || (list.find((v) => v.own)?.id ?? '');
  const selected = list.find((v) => v.id === voiceId);

  const start = (chosen: string, regenerate: boolean) => {
    setError(null);
    if (!chosen) {
      setError(validation.narrationVoice);
      return;
    }
    narrate.mutate(chosen, {
      onSuccess: () => toast.success(regenerate ? success.narrationRegenerating : voiceText.narrationQueued),
      onError: (e) => setError(e.message),
    });
  };

  const onRemove = () => {
    setError(null);
    remove.mutate(undefined, {
      onSuccess: () => {
        // Remove goes away with the narration: the focus goes to Generate, not to the page's body.
        mainRef.current?.focus();
        toast.success(success.narrationRemoved);
      },
      onError: (e) => setError(e.message),
    });
  };

  const working = status === 'queued' || status === 'generating';
  const progress = Math.round((narration.data?.progress ?? 0) * 100);

  return (
    <section className="panel narration-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{text.title}</h2>
      <p className="panel-detail">{text.intro}</p>

      {status === 'ready' && (
        <p className="notice" role="status">
          {text.narratedWith(narration.data?.voice_name ?? text.anAiVoice)}
        </p>
      )}
      {status === 'ready' && narration.data?.stale && (
        <p className="notice notice-warning">
          {voiceText.narrationStale}
          {text.staleHint}
        </p>
      )}
      {working && (
        <div className="narration-progress" role="status" aria-live="polite">
          <p>
            {status === 'queued'
              ? text.queued
              : narration.data?.preparing_voice
                ? voiceText.preparingVoice
                : text.generating(progress)}
          </p>
          <progress max={100} value={status === 'queued' ? undefined : progress} aria-label={text.progressLabel} />
        </div>
      )}
      {status === 'failed' && (
        <div className="narration-failed">
          <FormAlert message={narration.data?.error ?? voiceText.narrationFailed} />
          <BusyButton
            type="button"
            className="button button-primary button-block"
            busy={narrate.isPending}
            busyLabel={text.retrying}
            onClick={() => start(narration.data?.voice_id ?? voiceId, false)}
          >
            {text.retry}
          </BusyButton>
        </div>
      )}

      <div className="field">
        <label htmlFor={`${id}-voice`}>{text.voice}</label>
        <select
          id={`${id}-voice`}
          value={voiceId}
          onChange={(e) => {
            setVoiceId(e.target.value);
            setError(null);
            setPreviewing(null);
          }}
          disabled={voices.isLoading}
        >
          <option value="">{voices.isLoading ? text.loadingVoices : text.selectVoice}</option>
          {list.map((voice) => (
            <option key={voice.id} value={voice.id}>
              {voiceLabel(voice)}
            </option>
          ))}
        </select>
      </div>
      {voices.isError && <FormAlert message={text.voicesFailed} />}

      <div className="panel-actions">
        <button
          type="button"
          className="button button-secondary button-block"
          disabled={!selected?.preview_url}
          title={selected && !selected.preview_url ? text.noPreview : undefined}
          onClick={() => {
            if (!selected?.preview_url) return;
            if (previewing === selected.preview_url) void preview.current?.play();
            setPreviewing(selected.preview_url);
          }}
        >
          {text.preview}
        </button>
        {previewing && (
          <SecureAudio
            ref={preview}
            path={previewing}
            label={text.previewLabel}
            onReady={() => void preview.current?.play().catch(() => undefined)}
          />
        )}
        {/*
          One button, Generate or Regenerate: a keyboard user's focus stays on it when one becomes the other
          (two elements swapped it out from under the focus). While the narration is made it is busy
          (aria-disabled), not disabled: a focused button that turns disabled drops the focus to the body.
        */}
        <BusyButton
          ref={mainRef}
          type="button"
          className="button button-primary button-block"
          // While the voices load, nothing is chosen yet (the own voice is chosen once they arrive): a press
          // then would only be told to select a voice (a new user's walk, a quick tap on a phone).
          busy={narrate.isPending || working || voices.isLoading}
          busyLabel={narrate.isPending ? text.starting : voices.isLoading ? text.loadingVoices : undefined}
          onClick={() => start(voiceId, !(status === 'none' || status === 'failed'))}
        >
          {status === 'none' || status === 'failed' ? text.generate : text.regenerate}
        </BusyButton>
        {(status === 'ready' || status === 'failed') && (
          <BusyButton
            type="button"
            className="button button-danger button-block"
            busy={remove.isPending}
            busyLabel={text.removing}
            onClick={onRemove}
          >
            {text.remove}
          </BusyButton>
        )}
      </div>
      <FormAlert message={error} />
      <p className="panel-detail">{text.aiNote}</p>
    </section>
  );
}
