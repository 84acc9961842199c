import { purgeAccount } from '../domain/accounts/deletion.ts';
import { sendPasswordResetMail } from '../domain/accounts/password-reset.ts';
import { dropOrphanPoolUser, sendVerificationMail, syncPoolEmail } from '../domain/accounts/registration.ts';
import { notifyOperator } from '../domain/contact.ts';
import { sendAnsweredEmail } from '../domain/family-mail/answered.ts';
import { runHourlyFamilyMail } from '../domain/family-mail/daily.ts';
import { sendDigest } from '../domain/family-mail/digest.ts';
import { sendWeeklyPrompt } from '../domain/family-mail/weekly.ts';
import { sendKeepsakeReadyMail } from '../domain/keepsake/mail.ts';
import type { Job } from './types.ts';

/** Runs one job; throwing sends the message back to the queue for a retry (then the DLQ). */
export async function runJob(job: Job): Promise<void> {
  switch (job.type) {
    case 'contact.notify':
      return notifyOperator({ pk: job.pk, sk: job.sk });
    case 'account.verify-email':
      return sendVerificationMail(job);
    case 'account.reset-password':
      return sendPasswordResetMail(job);
    case 'account.purge':
      return purgeAccount(job.userId);
    case 'account.drop-pool-user':
      return dropOrphanPoolUser(job.userId);
    case 'account.sync-pool-email':
      return syncPoolEmail(job.userId);
    case 'family-mail.hourly':
      await runHourlyFamilyMail();
      return;
    case 'family-mail.weekly':
      await sendWeeklyPrompt(job.userId, job.week);
      return;
    case 'family-mail.digest':
      await sendDigest(job.userId, job.day, job.includeToday ?? false);
      return;
    case 'family-mail.answered':
      await sendAnsweredEmail(job.storyId, job.askerId, job.promptId);
      return;
    case 'keepsake.ready-mail':
      return sendKeepsakeReadyMail(job);
  }
}
