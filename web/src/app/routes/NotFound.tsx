import { Link } from 'react-router-dom';
import { paths } from '#web/config/paths.ts';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

export function NotFound() {
  useDocumentTitle('Page Not Found');
  return (
    <section className="page page-narrow">
      <h1>Page Not Found</h1>
      <p>We couldn't find the page you were looking for. It may have moved, or the link may be mistyped.</p>
      <div className="button-row">
        <Link to={paths.home.getHref()} className="button button-primary">
          Go to the Home Page
        </Link>
        <Link to={paths.stories.getHref()} className="button button-secondary">
          Explore Stories
        </Link>
      </div>
    </section>
  );
}
