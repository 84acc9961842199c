import { MINIMUM_AGE } from '@storyloom/shared/constants';
import { Link } from 'react-router-dom';
import { paths } from '#web/config/paths.ts';
import { LegalPage } from '../components/LegalPage.tsx';

export function PrivacyPolicyRoute() {
  return (
    <LegalPage
      title="Privacy Policy"
      summary="Your stories and your voice belong to you. This page explains, in plain words, what we keep and why."
    >
      <h2>What we keep</h2>
      <ul>
        <li>Your account details: your username and email address.</li>
        <li>
          Your password, which is <strong>stored hashed</strong>: we keep a scrambled fingerprint of it, never the
          password itself, so nobody at Storyloom can read it.
        </li>
        <li>
          The stories you write or record, with the places and dates you add, and your profile picture if you add one.
        </li>
        <li>Voice samples you upload or record, if you choose to set up narration.</li>
        <li>Messages you send us through the Contact Us form.</li>
      </ul>

      <h2>Your voice</h2>
      <p>
        Voice samples are <strong>used only for narration at your request</strong>: to create a narration voice for you,
        and to read aloud the stories you ask to have narrated. We do not use your voice for anything else, and we do
        not sell it or share it for advertising.
      </p>

      <h2>Who can see your stories</h2>
      <p>
        You decide, story by story, whether it is private or public, and whom you share it with. You can change your
        mind at any time, and you can take back a share link you have given out.
      </p>

      <h2>Services that help us</h2>
      <p>
        To produce narration and answers to listeners' questions, parts of a story or a voice sample may be processed by
        service providers working for us. They may use that data only to do this work for Storyloom.
      </p>

      <h2>Minimum age</h2>
      <p>
        Storyloom is for people aged {MINIMUM_AGE} and over. We do not knowingly keep accounts of younger children; if
        you believe a child under {MINIMUM_AGE} has an account, please tell us and we will delete it.
      </p>

      <h2>Deleting your account</h2>
      <p>
        You can delete your account from your profile page at any time.{' '}
        <strong>Deleting an account removes all data</strong> that belongs to it: your stories, recordings, narrations,
        voice samples, voice clone, profile picture and account details.
      </p>

      <h2>Questions</h2>
      <p>
        Use Contact Us at the bottom of any page and we will answer by email. See also our{' '}
        <Link to={paths.termsOfService.getHref()}>Terms of Service</Link>.
      </p>
    </LegalPage>
  );
}
