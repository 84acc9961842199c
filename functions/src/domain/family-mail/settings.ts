import type { FamilyMailSettings } from '@storyloom/shared/schemas/family-mail';
import { getFamilyMailSettings, putFamilyMailSettings } from '../../data/family-mail.ts';

/** GET /api/profile/family-mail: the weekly day (none by default) and the digest (on by default). */
export async function readSettings(userId: string): Promise<FamilyMailSettings> {
  const settings = await getFamilyMailSettings(userId);
  return { weekly_day: settings.weeklyDay, digest: settings.digest };
}

/** PUT /api/profile/family-mail. */
export async function saveSettings(userId: string, input: FamilyMailSettings): Promise<FamilyMailSettings> {
  await putFamilyMailSettings(userId, { weeklyDay: input.weekly_day, digest: input.digest });
  return input;
}
