import { DELETE_CODE_TTL_SECONDS, RESET_LINK_TTL_SECONDS, VERIFY_LINK_TTL_SECONDS } from '@storyloom/shared/constants';
import { type Email, escapeHtml } from '../../adapters/mailer.ts';
import { linkBase } from '../../lib/link-base.ts';

/** The account emails: plain and warm, a text part and a matching simple HTML part. */

const duration = (seconds: number) =>
  seconds % 3600 === 0 ? `${seconds / 3600} hour${seconds === 3600 ? '' : 's'}` : `${Math.round(seconds / 60)} minutes`;

export interface Letter {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** A link shown as a button in HTML and on its own line in text. */
  action?: { label: string; url: string };
  /** A code shown large in HTML and on its own line in text. */
  code?: string;
  after: string[];
}

/** One warm letter: a text part and a matching simple HTML part (other features send theirs through it too). */
export function compose(letter: Letter): Email {
  const text = [
    letter.greeting,
    ...letter.paragraphs,
    ...(letter.action ? [letter.action.url] : []),
    ...(letter.code ? [letter.code] : []),
    ...letter.after,
    'Warmly,\nThe Storyloom team',
  ].join('\n\n');
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const html = `<!doctype html><html lang="en"><body style="margin:0;padding:24px;background:#faf7f2">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:32px;font:17px/1.6 Georgia,serif;color:#2b2b2b">
${p(letter.greeting)}
${letter.paragraphs.map(p).join('\n')}
${
  letter.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(letter.action.url)}" style="background:#8a4b2a;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-family:system-ui,sans-serif">${escapeHtml(letter.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:14px;color:#555">Or copy this link into your browser:<br>${escapeHtml(letter.action.url)}</p>`
    : ''
}${letter.code ? `<p style="margin:24px 0;font:bold 32px/1 ui-monospace,monospace;letter-spacing:6px">${escapeHtml(letter.code)}</p>` : ''}
${letter.after.map(p).join('\n')}
<p style="margin:0">Warmly,<br>The Storyloom team</p>
</div></body></html>`;
  return { to: letter.to, subject: letter.subject, text, html };
}

export function verificationEmail(to: string, username: string, token: string): Email {
  return compose({
    to,
    subject: 'Welcome to Storyloom — please confirm your email',
    greeting: `Hi ${username},`,
    paragraphs: [
      "Welcome to Storyloom! We're so glad you're here to keep your stories for the people you love.",
      'Please confirm your email address so you can log in:',
    ],
    action: { label: 'Confirm my email', url: `${linkBase()}/verify-email?token=${encodeURIComponent(token)}` },
    after: [
      `This link works for ${duration(VERIFY_LINK_TTL_SECONDS)}. If you didn't create a Storyloom account, you can simply ignore this email.`,
    ],
  });
}

export function passwordResetEmail(to: string, username: string, token: string): Email {
  return compose({
    to,
    subject: 'Reset your Storyloom password',
    greeting: `Hi ${username},`,
    paragraphs: [
      'Someone (we hope you!) asked to reset the password of your Storyloom account. Choose a new one here:',
    ],
    action: {
      label: 'Choose a new password',
      url: `${linkBase()}/reset-password?token=${encodeURIComponent(token)}`,
    },
    after: [
      `This link works once, for ${duration(RESET_LINK_TTL_SECONDS)}. If you didn't ask for it, you can ignore this email: your password stays as it is.`,
    ],
  });
}

export function deletionCodeEmail(to: string, username: string, code: string): Email {
  return compose({
    to,
    subject: 'Your Storyloom account deletion code',
    greeting: `Hi ${username},`,
    paragraphs: [
      "We're sorry to see you go. To permanently delete your account and all of your stories, enter this code:",
    ],
    code,
    after: [
      `The code works for ${duration(DELETE_CODE_TTL_SECONDS)}. Deleting cannot be undone.`,
      "If you didn't ask to delete your account, don't share this code with anyone, and please change your password: your account and stories are safe until the code is used.",
    ],
  });
}
