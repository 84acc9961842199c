/**
 * A story's audio (spec: audio stories and the 'AI Narration' player). No story has audio yet: the
 * audio issue resolves `audio_url` through the secure-url helper and adds its loading and error
 * states ('Loading audio...', 'Unable to load audio'); until then the URL is used as given.
 */
export function StoryAudio({ src, label }: { src: string; label: string }) {
  return (
    <div className="story-audio">
      <p className="story-audio-label">{label}</p>
      {/* biome-ignore lint/a11y/useMediaCaption: family recordings come without captions; the story text is on the page. */}
      <audio controls preload="none" src={src} aria-label={label} />
    </div>
  );
}
