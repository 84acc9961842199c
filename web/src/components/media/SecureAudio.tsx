import type { Ref } from 'react';
import { useSecureUrl } from '#web/lib/media-url.ts';
import { AudioPlayer, type AudioPlayerEvents, type AudioPlayerHandle } from './AudioPlayer.tsx';

export interface SecureAudioProps extends AudioPlayerEvents {
  /** A media path (`audio_url`): an object key, or a full URL used as is. */
  path: string;
  label: string;
  /** On a share-link page: lets an anonymous listener through (docs/media.md). */
  shareToken?: string | null;
  ref?: Ref<AudioPlayerHandle>;
  className?: string;
}

/**
 * Audio stored in the media bucket, played through a short-lived presigned URL. The one component for
 * every audio the app shows (stories, narration, answers): the URL is renewed when it expires while
 * the page stays open, so a listener never sees an error for that.
 */
export function SecureAudio({ path, shareToken, ...player }: SecureAudioProps) {
  const { url, status, renew } = useSecureUrl(path, shareToken);
  return (
    <AudioPlayer
      {...player}
      src={url}
      failed={status === 'error'}
      onSourceError={async () => (await renew()).secure_url}
    />
  );
}
