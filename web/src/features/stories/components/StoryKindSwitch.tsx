import { Link } from 'react-router-dom';
import { paths } from '#web/config/paths.ts';

/** The audio form's address: /create-story?type=audio (the dashboard's "Record in your voice" can link here). */
export const audioStoryHref = (prompt?: string) => paths.createStory.getHref({ audio: true, prompt });

/** Create story offers two ways (docs/media.md): write it, or record / upload it; a question being answered goes along. */
export function StoryKindSwitch({ current, prompt }: { current: 'text' | 'audio'; prompt?: string }) {
  return (
    <nav className="source-choice" aria-label="Kind of story">
      <Link
        to={paths.createStory.getHref({ prompt })}
        className="button button-secondary"
        aria-current={current === 'text' ? 'page' : undefined}
      >
        <span aria-hidden="true">✎ </span>Write it
      </Link>
      <Link
        to={audioStoryHref(prompt)}
        className="button button-secondary"
        aria-current={current === 'audio' ? 'page' : undefined}
      >
        <span aria-hidden="true">♪ </span>Record or upload audio
      </Link>
    </nav>
  );
}
