import { bookText } from '@storyloom/shared/messages/book';
import { useParams } from 'react-router-dom';
import { AudioPlayer } from '#web/components/media/AudioPlayer.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { useListenStory } from '../api/books.ts';

/**
 * /listen/{token}/{storyId}: where a printed book's QR code leads, for anyone holding the book, signed
 * in or not. The story's title and its recording or narration, while the book's link is live; a
 * clear page and no audio once its owner turned the link off.
 */
export function ListenRoute() {
  const { token = '', storyId = '' } = useParams();
  const story = useListenStory(token, storyId);
  useDocumentTitle(story.data?.title ?? bookText.listenTitle);

  if (story.isPending) return <Spinner />;
  if (story.isError) {
    const revoked = story.error instanceof ApiError && story.error.status === 410;
    return (
      <section className="page page-narrow listen-page">
        <h1>{bookText.listenTitle}</h1>
        <p className={revoked ? 'notice' : 'form-error'} role="alert">
          {revoked ? bookText.listenRevoked : story.error.message}
        </p>
      </section>
    );
  }
  const data = story.data;
  return (
    <section className="page page-narrow listen-page">
      <p className="hero-eyebrow">{data.book_title}</p>
      <h1>{data.title}</h1>
      <p>{bookText.listenBy(data.author)}</p>
      {(data.period || data.location) && (
        <p className="field-hint">{[data.period, data.location].filter(Boolean).join(' · ')}</p>
      )}
      <AudioPlayer
        src={data.audio.secure_url}
        label={data.narrated ? 'AI Narration' : 'Audio story'}
        onSourceError={async () => (await story.refetch()).data?.audio.secure_url}
      />
    </section>
  );
}
