import { Link } from 'react-router-dom';
import { paths } from '#web/config/paths.ts';

/** Spec section 2: shown on the dashboard when the user has a story and no cloned voice. */
export function VoiceBanner() {
  return (
    <section className="voice-banner" aria-labelledby="voice-banner-title">
      <div>
        <h2 id="voice-banner-title">Unlock AI Voice Cloning</h2>
        <p>
          Record a short sample of your voice, and Storyloom can read your stories aloud in it, for your family to hear
          for years to come.
        </p>
      </div>
      <Link to={paths.profile.getHref()} className="button button-primary">
        Set Up Voice Cloning
      </Link>
    </section>
  );
}
