import { SecureAudio } from '#web/components/media/SecureAudio.tsx';

/**
 * A story's audio (the audio story itself, or its 'AI Narration'): a label over the one secure player
 * (components/media/SecureAudio.tsx), which resolves `audio_url` through the secure-url call.
 */
export function StoryAudio({ src, label, shareToken }: { src: string; label: string; shareToken?: string }) {
  return (
    <div className="story-audio">
      <p className="story-audio-label">{label}</p>
      <SecureAudio path={src} label={label} shareToken={shareToken} />
    </div>
  );
}
