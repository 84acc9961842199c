import * as z from 'zod/mini';
import { suppressAddress } from '../../data/mail-suppression.ts';
import { logger } from '../../lib/logger.ts';

/**
 * SES bounce and complaint events, as the configuration set's SNS event destination publishes them
 * ("Examples of event data that Amazon SES publishes to Amazon SNS", SES developer guide; identity
 * notifications name the kind `notificationType` instead of `eventType`, and are read the same way).
 * A permanent bounce or any complaint puts the address on the suppression list; transient bounces
 * (a full mailbox) do not.
 */
export interface SnsEvent {
  Records: { EventSource?: string; Sns: { Message: string; MessageId?: string } }[];
}

const recipients = z.array(z.object({ emailAddress: z.string() }));
const notification = z.object({
  eventType: z.optional(z.string()),
  notificationType: z.optional(z.string()),
  bounce: z.optional(
    z.object({ bounceType: z.string(), bouncedRecipients: recipients, timestamp: z.optional(z.string()) }),
  ),
  complaint: z.optional(z.object({ complainedRecipients: recipients, timestamp: z.optional(z.string()) })),
});

/** The addresses one SES notification asks to stop mailing, and why. */
export function addressesToSuppress(message: unknown): { email: string; reason: 'bounce' | 'complaint' }[] {
  const parsed = notification.safeParse(message);
  if (!parsed.success) return [];
  const kind = parsed.data.eventType ?? parsed.data.notificationType;
  if (kind === 'Bounce' && parsed.data.bounce?.bounceType === 'Permanent') {
    return parsed.data.bounce.bouncedRecipients.map((r) => ({ email: r.emailAddress, reason: 'bounce' as const }));
  }
  if (kind === 'Complaint' && parsed.data.complaint) {
    return parsed.data.complaint.complainedRecipients.map((r) => ({
      email: r.emailAddress,
      reason: 'complaint' as const,
    }));
  }
  return [];
}

export async function handleSesNotifications(event: SnsEvent): Promise<number> {
  let suppressed = 0;
  for (const record of event.Records ?? []) {
    let message: unknown;
    try {
      message = JSON.parse(record.Sns.Message);
    } catch {
      // Not SES's JSON (a subscription test, a stray publish): nothing to suppress, nothing to retry.
      logger.warn('SES feedback message is not JSON', { messageId: record.Sns.MessageId });
      continue;
    }
    const at = new Date().toISOString();
    for (const { email, reason } of addressesToSuppress(message)) {
      await suppressAddress(email, reason, at);
      suppressed++;
    }
  }
  logger.info('SES feedback handled', { suppressed });
  return suppressed;
}
