import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PhotoStatus } from '@storyloom/shared/photos';
import { dynamo } from '../lib/clients/dynamo.ts';
import { config } from '../lib/config.ts';
import { conditionally } from './items.ts';
import { keys } from './keys.ts';
import { queryAll } from './query.ts';
import { releaseStorySlot, reserveStorySlot } from './stories.ts';
import { buildUpdate } from './update.ts';

/**
 * Photos of a story (docs/media.md, "Photos"). Each photo is an item `STORY#<storyId>` / `PHOTO#<photoId>`
 * in the story's partition, so deleting the story deletes its photos with its other children, and the
 * story view reads them with the story. Its files sit under the story's media folder
 * (`users/<owner>/stories/<storyId>/photos/<photoId>/`), so the story's and the account's deletion of that
 * prefix removes the original and both variants.
 *
 * The shape other features read (export, book) is `StoryPhoto`, through `listStoryPhotos(storyId)`;
 * keep it stable.
 */
export interface StoryPhoto {
  id: string;
  storyId: string;
  /** The story's author: every key below sits under `users/<ownerId>/`. */
  ownerId: string;
  /** Trimmed, at most STORY_PHOTO_CAPTION_MAX characters; '' when none. */
  caption: string;
  /** Trimmed, at most STORY_PHOTO_ALT_MAX characters; '' when none (screens then say "Photo <n>"). */
  alt: string;
  /** 0-based position in the story; `listStoryPhotos` returns photos in this order. */
  order: number;
  status: PhotoStatus;
  /** The file as uploaded (checked by content and header; may carry EXIF): readable by the owner only. */
  originalKey: string;
  originalType: string;
  /** WebP, long edge PHOTO_DISPLAY_EDGE, EXIF orientation applied, no metadata; undefined until ready. */
  displayKey?: string;
  /** WebP, long edge PHOTO_THUMBNAIL_EDGE, the same; undefined until ready. */
  thumbnailKey?: string;
  /** Pixels of the original as displayed (after its EXIF orientation, once the worker has read it). */
  width: number;
  height: number;
  /** Pixels of the display variant (once ready). */
  displayWidth?: number;
  displayHeight?: number;
  createdAt: string;
  updatedAt: string;
}

const table = () => config.tableName;

const FIELDS = [
  'id',
  'storyId',
  'ownerId',
  'caption',
  'alt',
  'status',
  'originalKey',
  'originalType',
  'displayKey',
  'thumbnailKey',
  'width',
  'height',
  'displayWidth',
  'displayHeight',
  'createdAt',
  'updatedAt',
] as const;

/** Stored: `position` sorts (new photos get their creation time, a reorder 0…n-1); `order` is the index. */
function toPhoto(item: Record<string, unknown>, order: number): StoryPhoto {
  const photo: Record<string, unknown> = { order };
  for (const field of FIELDS) if (item[field] !== undefined && item[field] !== null) photo[field] = item[field];
  photo.caption ??= '';
  photo.alt ??= '';
  return photo as unknown as StoryPhoto;
}

function sortByPosition(items: Record<string, unknown>[]): Record<string, unknown>[] {
  return [...items].sort(
    (a, b) => Number(a.position) - Number(b.position) || String(a.createdAt).localeCompare(String(b.createdAt)),
  );
}

/** Whether a story-partition item is a photo (the story view reads the whole partition). */
export function isPhotoItem(item: Record<string, unknown>): boolean {
  return typeof item.sk === 'string' && item.sk.startsWith(keys.storyPhotoPrefix());
}

/** Photos from the items of a story's partition, in order (the story view reads them with the story). */
export function photosFromItems(items: readonly Record<string, unknown>[]): StoryPhoto[] {
  return sortByPosition(items.filter(isPhotoItem)).map(toPhoto);
}

/** Every photo of a story, in order, strongly consistent. The access pattern export and book read. */
export async function listStoryPhotos(storyId: string): Promise<StoryPhoto[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.storyPartition(storyId), ':prefix': keys.storyPhotoPrefix() },
    ConsistentRead: true,
  });
  return photosFromItems(items);
}

/** One photo of a story, or undefined (its `order` is not known from one item: -1). */
export async function getStoryPhoto(storyId: string, photoId: string): Promise<StoryPhoto | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: table(), Key: keys.storyPhoto(storyId, photoId), ConsistentRead: true }),
  );
  return Item ? toPhoto(Item, -1) : undefined;
}

/** One more photo on the story, while it holds fewer than `max` (two uploads at once cannot make a 13th). */
export const reservePhotoSlot = (storyId: string, max: number) => reserveStorySlot(storyId, 'photoCount', max);
/** Gives a photo slot back (a photo removed, or one that was not written after all). */
export const releasePhotoSlot = (storyId: string) => releaseStorySlot(storyId, 'photoCount');

/** Writes a new photo (processing), last in the story's order. */
export async function putNewPhoto(photo: Omit<StoryPhoto, 'order'>): Promise<void> {
  await dynamo.send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...keys.storyPhoto(photo.storyId, photo.id),
        type: 'StoryPhoto',
        ...photo,
        // After every photo so far, including those a reorder numbered 0…11.
        position: Date.parse(photo.createdAt),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** Sets caption and/or alt text; undefined when the photo is gone. */
export async function updatePhotoText(
  storyId: string,
  photoId: string,
  text: { caption?: string; alt?: string },
): Promise<StoryPhoto | undefined> {
  const set: Record<string, unknown> = { updatedAt: new Date().toISOString() };
  if (text.caption !== undefined) set.caption = text.caption;
  if (text.alt !== undefined) set.alt = text.alt;
  try {
    const { Attributes } = await dynamo.send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.storyPhoto(storyId, photoId),
        ...buildUpdate({ set, condition: 'attribute_exists(pk)' }),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? toPhoto(Attributes, -1) : undefined;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return undefined;
    throw error;
  }
}

/** Numbers the photos 0…n-1 in the given order (ids the caller checked are exactly the story's). */
export async function setPhotoPositions(storyId: string, photoIds: readonly string[]): Promise<void> {
  await Promise.all(
    photoIds.map((photoId, position) =>
      conditionally(
        dynamo.send(
          new UpdateCommand({
            TableName: table(),
            Key: keys.storyPhoto(storyId, photoId),
            ...buildUpdate({ set: { position }, condition: 'attribute_exists(pk)' }),
          }),
        ),
      ),
    ),
  );
}

/**
 * Records the worker's result: the variants' keys and sizes (ready), or `failed`. False when the photo
 * was removed meanwhile (the caller then deletes what it wrote).
 */
export function setPhotoProcessed(
  storyId: string,
  photoId: string,
  result:
    | {
        status: 'ready';
        displayKey: string;
        thumbnailKey: string;
        width: number;
        height: number;
        displayWidth: number;
        displayHeight: number;
      }
    | { status: 'failed' },
): Promise<boolean> {
  return conditionally(
    dynamo.send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.storyPhoto(storyId, photoId),
        ...buildUpdate({ set: { ...result, updatedAt: new Date().toISOString() }, condition: 'attribute_exists(pk)' }),
      }),
    ),
  );
}

/** Deletes a photo item; the removed photo, or undefined when there was none. */
export async function deletePhotoItem(storyId: string, photoId: string): Promise<StoryPhoto | undefined> {
  const { Attributes } = await dynamo.send(
    new DeleteCommand({ TableName: table(), Key: keys.storyPhoto(storyId, photoId), ReturnValues: 'ALL_OLD' }),
  );
  return Attributes ? toPhoto(Attributes, -1) : undefined;
}

/**
 * The story's cover for cards: the first ready photo's thumbnail and alt text, kept on the story item
 * (lists read only story items). Written after every change of the photos; `undefined` removes it.
 */
export async function setStoryCover(storyId: string, cover: { key: string; alt: string } | undefined): Promise<void> {
  await conditionally(
    dynamo.send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.story(storyId),
        ...buildUpdate({ set: { coverPhoto: cover ?? null }, condition: 'attribute_exists(pk)' }),
      }),
    ),
  );
}
