import type * as z from 'zod/mini';

/** A form's values checked against its schema: the parsed data, or the first message and its field. */
export type Checked<F extends string, T> = { ok: true; data: T } | { ok: false; message: string; field: F | null };

/**
 * Runs a form schema outside a form (unit tests of the form rules): the same first issue that
 * `useForm` shows, and the field it names (null for a rule about the whole form, unless
 * `objectField` names where such a rule is shown).
 */
export function checkWith<F extends string, T>(
  schema: z.ZodMiniType<T>,
  values: unknown,
  fields: readonly F[],
  objectField: F | null = null,
): Checked<F, T> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const issue = parsed.error.issues[0];
  const key = issue?.path[0];
  const field = key === undefined ? objectField : (fields.find((f) => f === key) ?? null);
  return { ok: false, message: issue?.message ?? 'Invalid input', field };
}
