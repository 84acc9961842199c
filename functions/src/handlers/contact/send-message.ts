import { serverText } from '@storyloom/shared/messages';
import { contactSchema } from '@storyloom/shared/schemas/contact';
import { submitContactMessage } from '../../domain/contact.ts';
import { ok, route } from '../../lib/http.ts';

export const handler = route({ auth: 'public', body: contactSchema }, async ({ body, sourceIp }) => {
  await submitContactMessage(body, sourceIp);
  return ok({ message: serverText.contactSent });
});
