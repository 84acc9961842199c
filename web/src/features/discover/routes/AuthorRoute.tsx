import { fallback } from '@storyloom/shared/messages';
import type { AuthorPageResponse } from '@storyloom/shared/schemas/stories';
import { Link, useParams } from 'react-router-dom';
import { AskStoryteller } from '#web/components/prompts/AskStoryteller.tsx';
import { LoadError } from '#web/components/ui/LoadError.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { paths } from '#web/config/paths.ts';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { useAuthor } from '../api/get-author.ts';
import { AuthorAvatar } from '../components/AuthorAvatar.tsx';
import { AuthorStoryCard } from '../components/AuthorStoryCard.tsx';

/** /author/{id} (spec section 2): the author's picture or initial, name, and public stories. */
export function AuthorRoute() {
  const { id = '' } = useParams();
  const query = useAuthor(id);
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  useDocumentTitle(query.data ? query.data.author.username : notFound ? 'Author Not Found' : 'Author');

  if (query.isPending) return <Spinner label="Loading the author's stories…" className="page-spinner" />;
  if (query.isError) {
    return (
      <section className="page page-narrow">
        <h1>{notFound ? 'Author Not Found' : 'Author'}</h1>
        <LoadError
          message={query.error.message || fallback.loadAuthor}
          onRetry={notFound ? undefined : () => void query.refetch()}
        />
        <div className="button-row">
          <Link to={paths.stories.getHref()} className="button button-primary">
            Browse Stories
          </Link>
        </div>
      </section>
    );
  }
  return <AuthorPage data={query.data} />;
}

function AuthorPage({ data }: { data: AuthorPageResponse }) {
  const { author, stories } = data;
  return (
    <section className="page author-page">
      <header className="author-header">
        <AuthorAvatar username={author.username} imageUrl={author.profile_image_url} />
        <div>
          <p className="author-eyebrow">Storyteller</p>
          <h1>{author.username}</h1>
        </div>
      </header>
      <AskStoryteller storytellerId={author.id} name={author.username} />
      <section aria-labelledby="author-stories-title">
        <h2 id="author-stories-title">
          Stories by {author.username} <span className="count">({stories.length})</span>
        </h2>
        {stories.length === 0 ? (
          <p>{author.username} has not shared any public stories yet.</p>
        ) : (
          <ul className="story-grid">
            {stories.map((story) => (
              <li key={story.ID}>
                <AuthorStoryCard story={story} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
