import { describe, expect, it } from 'vitest';
import { addressesToSuppress } from './feedback.ts';

/** Shapes from the SES developer guide: event publishing (`eventType`) and identity notifications (`notificationType`). */
describe('SES feedback', () => {
  const bounce = (bounceType: string, kind = 'eventType') => ({
    [kind]: 'Bounce',
    bounce: {
      bounceType,
      bounceSubType: 'General',
      bouncedRecipients: [{ emailAddress: 'gone@example.com', action: 'failed', status: '5.1.1' }],
      timestamp: '2017-08-05T00:41:02.669Z',
      feedbackId: '01000157c44f053b-61b59c11-9236-11e6-8f96-7be8aexample-000000',
    },
    mail: { messageId: 'EXAMPLE7c191be45', destination: ['gone@example.com'] },
  });

  it('suppresses permanent bounces and complaints, from either notification shape', () => {
    expect(addressesToSuppress(bounce('Permanent'))).toEqual([{ email: 'gone@example.com', reason: 'bounce' }]);
    expect(addressesToSuppress(bounce('Permanent', 'notificationType'))).toEqual([
      { email: 'gone@example.com', reason: 'bounce' },
    ]);
    expect(
      addressesToSuppress({
        notificationType: 'Complaint',
        complaint: {
          complainedRecipients: [{ emailAddress: 'a@example.com' }, { emailAddress: 'b@example.com' }],
          timestamp: '2017-08-05T00:41:02.669Z',
          complaintFeedbackType: 'abuse',
        },
      }),
    ).toEqual([
      { email: 'a@example.com', reason: 'complaint' },
      { email: 'b@example.com', reason: 'complaint' },
    ]);
  });

  it('leaves transient bounces, deliveries and junk alone', () => {
    expect(addressesToSuppress(bounce('Transient'))).toEqual([]);
    expect(addressesToSuppress(bounce('Undetermined'))).toEqual([]);
    expect(addressesToSuppress({ eventType: 'Delivery', delivery: { recipients: ['x@example.com'] } })).toEqual([]);
    expect(addressesToSuppress({ eventType: 'Bounce' })).toEqual([]);
    expect(addressesToSuppress(null)).toEqual([]);
    expect(addressesToSuppress('Bounce')).toEqual([]);
  });
});
