import { handleSesNotifications, type SnsEvent } from '../../domain/family-mail/feedback.ts';

/**
 * The private function SNS invokes with SES bounce and complaint events (the configuration set's
 * event destination, infra/lib/constructs/family-mail-ops.ts): it puts the addresses on the
 * suppression list the mailer checks before every send.
 */
export const handler = async (event: SnsEvent): Promise<void> => {
  await handleSesNotifications(event);
};
