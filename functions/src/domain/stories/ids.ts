import { randomBytes, randomUUID } from 'node:crypto';

/** Ids and tokens of the stories feature; their shapes are the patterns in shared/src/schemas/stories.ts. */
export const newStoryId = (): string => randomUUID();

/** Sorts by creation time (9 base-36 digits of epoch ms), then 64 random bits. */
export const newCommentId = (now = Date.now()): string =>
  `${now.toString(36).padStart(9, '0')}${randomBytes(8).toString('hex')}`;

/** `<storyId>.<72 random bits>`: names its story, so removing a share needs no lookup item. */
export const newShareId = (storyId: string): string => `${storyId}.${randomBytes(9).toString('base64url')}`;

/** The story id part of a share id (the schema has checked its shape). */
export const storyIdOfShare = (shareId: string): string => shareId.slice(0, shareId.indexOf('.'));

/** A share-link token: 256 random bits, base64url (43 characters). */
export const newShareToken = (): string => randomBytes(32).toString('base64url');
