import { listBookLinkKeysOfUser } from '../data/book-links.ts';
import { deleteFamilyMailOf } from '../data/family-mail.ts';
import { deleteItems } from '../data/items.ts';
import { deleteMediaUnder, userMediaPrefix } from '../data/media.ts';
import { listSessionKeysOfUser } from '../data/story-leftovers.ts';
import { purgePromptData } from './prompts/deletion.ts';
import { purgeUserStories } from './stories/deletion.ts';
import { purgeVoiceData } from './voice/deletion.ts';

/**
 * What each feature deletes when an account is deleted (domain/accounts/deletion.ts calls
 * purgeFeatureData before it removes the login and the user record). A feature adds its own entry
 * here by a plain import, so bundling can never drop it.
 *
 * A purger must be idempotent (a failed deletion is run again by the worker, from the start) and must
 * not need the user record or the Cognito user: they are removed after the purgers.
 */
export interface UserDataPurger {
  /** For logs. */
  name: string;
  purge: (userId: string) => Promise<void>;
}

export const userDataPurgers: readonly UserDataPurger[] = [
  /** First: the family-loop email's settings and queued news, so no mail goes out while the rest is removed. */
  { name: 'family-mail', purge: deleteFamilyMailOf },
  /** The user's stories (with their shares, link, comments and media), shares received, comments left. */
  { name: 'stories', purge: purgeUserStories },
  /** Listening sessions the user holds on other people's stories (as a reader); their own go with their stories. */
  { name: 'interactive', purge: async (userId) => deleteItems(await listSessionKeysOfUser(userId)) },
  /** Answered, hidden and own prompts, questions sent to the user, and the questions the user sent to others. */
  { name: 'prompts', purge: purgePromptData },
  /** The listening links of the user's printed books (their QR codes stop playing). */
  { name: 'book-links', purge: async (userId) => deleteItems(await listBookLinkKeysOfUser(userId)) },
  /** The voice profile (consent included), sample and previews; the provider's copy by a media job. */
  { name: 'voice', purge: purgeVoiceData },
  /** Last: every object under users/<id>/, whichever feature put it there. */
  {
    name: 'media',
    purge: async (userId) => {
      await deleteMediaUnder(userMediaPrefix(userId));
    },
  },
];

/** Runs every feature's purger for the user, in order. */
export async function purgeFeatureData(userId: string): Promise<void> {
  for (const purger of userDataPurgers) await purger.purge(userId);
}
