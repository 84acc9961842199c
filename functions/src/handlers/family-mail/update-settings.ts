import { familyMailText } from '@storyloom/shared/messages/family-mail';
import { familyMailSettingsSchema } from '@storyloom/shared/schemas/family-mail';
import { saveSettings } from '../../domain/family-mail/settings.ts';
import { ok, route } from '../../lib/http.ts';

/** PUT /api/profile/family-mail {weekly_day: 1..7 | null, digest: boolean}. */
export const handler = route({ auth: 'user', body: familyMailSettingsSchema }, async ({ user, body }) =>
  ok({ message: familyMailText.settingsSaved, settings: await saveSettings(user.id, body) }),
);
