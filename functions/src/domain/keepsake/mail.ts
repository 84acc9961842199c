import { type KeepsakeKind, keepsakeDownloadPath } from '@storyloom/shared/keepsake';
import { keepsakeText } from '@storyloom/shared/messages/keepsake';
import { sendEmail } from '../../adapters/mailer.ts';
import { getBuild } from '../../data/keepsake-builds.ts';
import { getUser } from '../../data/users.ts';
import { linkBase } from '../../lib/link-base.ts';
import { compose } from '../accounts/emails.ts';
import { toBuildDto } from './builds.ts';
import { keepsakeKinds } from './kinds.ts';

const when = (iso: string) =>
  `${new Date(iso).toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })} UTC`;

/**
 * The `keepsake.ready-mail` job (jobs queue: mail never waits behind media work): tells the owner their
 * build is ready, with a link to the app's download page, which hands out a fresh secure URL while the
 * build is downloadable (24 h). Nothing is sent for a build that is gone, not done, or expired.
 */
export async function sendKeepsakeReadyMail(job: { ownerId: string; kind: KeepsakeKind; buildId: string }) {
  const [build, user] = await Promise.all([getBuild(job.ownerId, job.kind, job.buildId), getUser(job.ownerId)]);
  const def = keepsakeKinds[job.kind];
  if (!build || !user || !def || !toBuildDto(build).downloadable || !build.expiresAt) return;
  await sendEmail(
    compose({
      to: user.email,
      subject: def.mail.subject,
      greeting: `Hi ${user.username},`,
      paragraphs: [...def.mail.paragraphs],
      action: { label: def.mail.action, url: `${linkBase()}${keepsakeDownloadPath(build.kind, build.id)}` },
      after: [keepsakeText.mailExpiresAt(when(build.expiresAt)), keepsakeText.mailLoginNote],
    }),
  );
}
