import { Link } from 'react-router-dom';
import { paths } from '#web/config/paths.ts';
import { audioStoryHref } from './StoryKindSwitch.tsx';

/** The dashboard with no stories yet (spec section 2): three points, two buttons and a tip. */
export function EmptyStories({ voiceCloned }: { voiceCloned: boolean }) {
  return (
    <section className="empty-state card" aria-labelledby="empty-stories-title">
      <h2 id="empty-stories-title">Your Storybook is Waiting</h2>
      <p className="section-lead">Every family has stories worth keeping. Yours can start today.</p>
      <ul className="empty-points">
        <li>
          <h3>Record in your voice</h3>
          <p>Tell a story out loud, the way you would at the kitchen table.</p>
          <p>
            <Link to={audioStoryHref()}>Record a story</Link>
          </p>
        </li>
        <li>
          <h3>Write your stories</h3>
          <p>Type a memory at your own pace, and come back to it whenever you like.</p>
        </li>
        <li>
          <h3>Share with family</h3>
          <p>Keep a story private, share it with the people you choose, or make it public.</p>
        </li>
      </ul>
      <div className="button-row empty-actions">
        <Link to={paths.createStory.getHref()} className="button button-primary button-large">
          Create Your First Story
        </Link>
        {!voiceCloned && (
          <Link to={paths.profile.getHref()} className="button button-secondary button-large">
            Set Up Voice Cloning
          </Link>
        )}
      </div>
      <p className="tip">
        <strong>Tip:</strong> Not sure where to begin? Start with a childhood memory or a family tradition.
      </p>
    </section>
  );
}
