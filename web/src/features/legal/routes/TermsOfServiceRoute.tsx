import { MINIMUM_AGE } from '@storyloom/shared/constants';
import { Link } from 'react-router-dom';
import { paths } from '#web/config/paths.ts';
import { LegalPage } from '../components/LegalPage.tsx';

export function TermsOfServiceRoute() {
  return (
    <LegalPage
      title="Terms of Service"
      summary="The ground rules for using Storyloom, written to be read, not skimmed past."
    >
      <h2>Who can use Storyloom</h2>
      <p>
        You must be at least <strong>{MINIMUM_AGE} years old</strong> to create an account. By creating one, you confirm
        that you are.
      </p>

      <h2>Your account</h2>
      <p>
        Keep your password to yourself. We store passwords hashed and never ask for yours by email. If you think someone
        else has used your account, change your password and tell us.
      </p>

      <h2>Your stories</h2>
      <p>
        What you write and record stays yours. You allow us to store it, to show it to the people your privacy settings
        allow, and to narrate it when you ask. Please share only stories you have the right to share, and be kind about
        the people in them.
      </p>

      <h2>Your voice</h2>
      <p>
        Only upload or record your own voice. Voice samples are used only for narration at your request, never for
        anything else.
      </p>

      <h2>Fair use</h2>
      <p>
        Do not use Storyloom to harass anyone, to publish someone else's private information, or to break the law. We
        may remove content or close accounts that do.
      </p>

      <h2>A service in beta</h2>
      <p>
        Storyloom is still being built. Features may change, and now and then something may not work as it should. Keep
        your own copy of anything you could not bear to lose.
      </p>

      <h2>Leaving</h2>
      <p>
        You can delete your account at any time from your profile page. Deleting an account removes all data that
        belongs to it, as described in our <Link to={paths.privacyPolicy.getHref()}>Privacy Policy</Link>.
      </p>

      <h2>Questions</h2>
      <p>Use Contact Us at the bottom of any page and we will answer by email.</p>
    </LegalPage>
  );
}
