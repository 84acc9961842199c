import { validation } from '@storyloom/shared/messages';
import {
  type CreateStoryInput,
  createStorySchema,
  type StoryDto,
  updateStorySchema,
} from '@storyloom/shared/schemas/stories';
import * as z from 'zod/mini';
import type { StoryUpdate } from '../api/update-story.ts';

export const STORY_FIELDS = ['title', 'content', 'location', 'start_date', 'end_date'] as const;
export type StoryField = (typeof STORY_FIELDS)[number];
export type StoryFormValues = Record<StoryField, string>;

export const emptyStoryValues: StoryFormValues = { title: '', content: '', location: '', start_date: '', end_date: '' };

export function isStoryField(value: unknown): value is StoryField {
  return typeof value === 'string' && (STORY_FIELDS as readonly string[]).includes(value);
}

export type FormCheck<T> = { ok: true; value: T } | { ok: false; message: string; field: StoryField | null };

/** The date-order rule is about the whole story; the form shows it at the end date. */
export const STORY_OBJECT_FIELD: StoryField = 'end_date';

/** Create (spec section 5): the shared schema's rules and messages, first issue first. */
export const createFormSchema = createStorySchema;

/**
 * Edit (spec section 5): title required, content required for text stories, then the schema's other
 * rules. Sends trimmed values, and dates or null; an audio story sends only title and description.
 */
export function editFormSchema(isAudio: boolean) {
  const first = z.looseObject(
    isAudio
      ? { title: updateStorySchema.shape.title }
      : {
          title: updateStorySchema.shape.title,
          content: z.string().check(z.refine((v) => v.trim() !== '', validation.storyContentEdit)),
        },
  );
  return z.pipe(
    z.pipe(first, updateStorySchema),
    z.transform(
      ({ title, content = '', location, start_date, end_date }): StoryUpdate =>
        isAudio
          ? { title, content }
          : { title, content, location: location || null, start_date: start_date ?? null, end_date: end_date ?? null },
    ),
  );
}

function check<T>(schema: z.ZodMiniType<T>, values: StoryFormValues): FormCheck<T> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  const key = issue?.path[0];
  const field = key === undefined ? STORY_OBJECT_FIELD : isStoryField(key) ? key : null;
  return { ok: false, message: issue?.message ?? validation.storyContentCreate, field };
}

export function checkCreate(values: StoryFormValues): FormCheck<CreateStoryInput> {
  return check(createFormSchema, values);
}

export function checkEdit(values: StoryFormValues, isAudio: boolean): FormCheck<StoryUpdate> {
  return check(editFormSchema(isAudio), values);
}

/** The form's starting values for a loaded story. */
export function valuesOf(story: StoryDto): StoryFormValues {
  return {
    title: story.title,
    content: story.content,
    location: story.location ?? '',
    start_date: story.start_date ?? '',
    end_date: story.end_date ?? '',
  };
}

/** Whether leaving now would lose typing. */
export function isDirty(values: StoryFormValues, initial: StoryFormValues): boolean {
  return STORY_FIELDS.some((field) => (values[field] ?? '') !== initial[field]);
}
