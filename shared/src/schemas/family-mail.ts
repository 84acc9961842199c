import * as z from 'zod/mini';
import { familyMailText } from '../messages/family-mail.ts';

/** ISO weekday numbers: 1 = Monday … 7 = Sunday; null = no weekly email (the default). */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** The family-loop email settings of the signed-in user (GET and PUT /api/profile/family-mail). */
export interface FamilyMailSettings {
  /** The day the weekly question arrives, or null for none (opt-in). */
  weekly_day: Weekday | null;
  /** Emails about stories family share with you (opt-out: true unless turned off). */
  digest: boolean;
}

export const familyMailSettingsSchema = z.object({
  weekly_day: z.nullable(z.literal([1, 2, 3, 4, 5, 6, 7], { error: familyMailText.weeklyDayInvalid })),
  digest: z.boolean({ error: familyMailText.digestInvalid }),
});

/** A signed link's token, as the SPA pages pass it on (query `token`). */
export const mailTokenQuerySchema = z.object({
  token: z
    .string({ error: familyMailText.linkMissing })
    .check(z.minLength(10, familyMailText.linkMissing), z.maxLength(2000, familyMailText.linkInvalid)),
});
