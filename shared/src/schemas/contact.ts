import * as z from 'zod/mini';
import { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, EMAIL_MAX } from '../constants.ts';
import { validation } from '../messages.ts';
import { emailField, requiredText } from './fields.ts';

/** POST /contact body: the same schema validates the modal and the handler. */
export const contactSchema = z.object({
  name: requiredText(validation.contactRequired, CONTACT_NAME_MAX, 'Name'),
  email: emailField(validation.contactRequired, EMAIL_MAX),
  message: requiredText(validation.contactRequired, CONTACT_MESSAGE_MAX, 'Message', { multiLine: true }),
});
export type ContactInput = z.infer<typeof contactSchema>;
