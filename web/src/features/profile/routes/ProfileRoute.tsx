import { fallback, success } from '@storyloom/shared/messages';
import { bookText } from '@storyloom/shared/messages/book';
import { exportText } from '@storyloom/shared/messages/keepsake';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ExportSection } from '#web/components/keepsake/ExportSection.tsx';
import { useToast } from '#web/components/ui/Toasts.tsx';
import { VoiceSection } from '#web/components/voice/VoiceSection.tsx';
import { paths } from '#web/config/paths.ts';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useAuth } from '#web/lib/auth.tsx';
import type { User } from '#web/types/api.ts';
import { ChangePasswordForm } from '../components/ChangePasswordForm.tsx';
import { DeleteAccountModal } from '../components/DeleteAccountModal.tsx';
import { FamilyMailSettings } from '../components/FamilyMailSettings.tsx';
import { ProfileImageUpload } from '../components/ProfileImageUpload.tsx';

/**
 * /profile (spec sections 2, 4, 5, 8): the account, Change Password, Voice and narration, Session
 * and the Danger Zone. The profile itself is the one AuthProvider loaded; if that failed, the error
 * and a Logout block.
 */
export function ProfileRoute() {
  useDocumentTitle('Your Profile');
  const { user, profileError, logout, refreshUser } = useAuth();

  if (!user) {
    return (
      <section className="page page-narrow profile-page">
        <h1>Your Profile</h1>
        <p className="form-error" role="alert">
          {profileError ?? fallback.loadProfile}
        </p>
        <div className="button-row">
          <button type="button" className="button button-primary" onClick={() => void refreshUser()}>
            Try Again
          </button>
        </div>
        <SessionSection onLogout={logout} />
      </section>
    );
  }
  return <Profile user={user} onLogout={logout} />;
}

function Profile({ user, onLogout }: { user: User; onLogout: () => void }) {
  const toast = useToast();
  const navigate = useNavigate();
  const [deleteOpen, setDeleteOpen] = useState(false);
  const deleted = useRef(false);
  const id = useId();

  // After a deletion the app goes home first and logs out as this page goes away: logging out while
  // still here would let the login guard send the user to /login instead.
  useEffect(
    () => () => {
      if (deleted.current) onLogout();
    },
    [onLogout],
  );

  const onDeleted = () => {
    deleted.current = true;
    setDeleteOpen(false);
    toast.success(success.accountDeleted);
    navigate(paths.home.getHref(), { replace: true });
  };

  return (
    <section className="page page-narrow profile-page">
      <h1>Your Profile</h1>

      <section className="card profile-section profile-account" aria-labelledby={`${id}-account`}>
        <h2 id={`${id}-account`} className="visually-hidden">
          Account
        </h2>
        <ProfileImageUpload user={user} />
        <dl className="profile-details">
          <div>
            <dt>Username</dt>
            <dd className="profile-username">{user.Username}</dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>
              <span className="profile-email">{user.Email}</span>{' '}
              {user.email_verified ? (
                <span className="badge badge-verified">
                  <span aria-hidden="true">✓ </span>Verified
                </span>
              ) : (
                <span className="badge badge-unverified">
                  <span aria-hidden="true">! </span>Not verified
                </span>
              )}
            </dd>
          </div>
        </dl>
        <p className="profile-note">Your username and email can't be changed.</p>
      </section>

      <section className="card profile-section" aria-labelledby={`${id}-password`}>
        <h2 id={`${id}-password`}>Change Password</h2>
        <ChangePasswordForm headingId={`${id}-password`} />
      </section>

      <section className="card profile-section" aria-labelledby={`${id}-voice`}>
        <h2 id={`${id}-voice`}>Voice and Narration</h2>
        <VoiceSection />
      </section>

      <FamilyMailSettings />
      <section className="card profile-section" aria-labelledby={`${id}-export`}>
        <h2 id={`${id}-export`}>{exportText.heading}</h2>
        <ExportSection />
      </section>

      {/* Make a book (features/book): only a link here, the page is its own. */}
      <section className="card profile-section" aria-labelledby={`${id}-book`}>
        <h2 id={`${id}-book`}>{bookText.pageTitle}</h2>
        <p>{bookText.intro}</p>
        <Link className="button button-secondary" to={paths.makeBook.getHref()}>
          {bookText.profileLink}
        </Link>
      </section>

      <SessionSection onLogout={onLogout} />

      <section className="card profile-section danger-zone" aria-labelledby={`${id}-danger`}>
        <h2 id={`${id}-danger`}>Danger Zone</h2>
        <p>Delete your account and everything in it: your stories, recordings and voice. This cannot be undone.</p>
        <button
          type="button"
          className="button button-danger"
          aria-haspopup="dialog"
          onClick={() => setDeleteOpen(true)}
        >
          Delete Account
        </button>
      </section>

      <DeleteAccountModal
        open={deleteOpen}
        email={user.Email}
        onClose={() => setDeleteOpen(false)}
        onDeleted={onDeleted}
      />
    </section>
  );
}

function SessionSection({ onLogout }: { onLogout: () => void }) {
  const id = useId();
  return (
    <section className="card profile-section" aria-labelledby={`${id}-session`}>
      <h2 id={`${id}-session`}>Session</h2>
      <p>Log out of Storyloom on this device.</p>
      <button type="button" className="button button-secondary" onClick={onLogout}>
        Logout
      </button>
    </section>
  );
}
