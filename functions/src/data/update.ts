import type { UpdateCommandInput } from '@aws-sdk/lib-dynamodb';

/** What one UpdateItem changes. Every attribute name goes through a #placeholder (reserved words: `location`, `count`, `type`…). */
export interface UpdateSpec {
  /** SET name = value; a value of `null` or `undefined` REMOVEs the attribute instead. */
  set?: Record<string, unknown>;
  /** SET name = if_not_exists(name, value): written once, kept on later updates. */
  setIfMissing?: Record<string, unknown>;
  /** ADD name delta (atomic counters). */
  add?: Record<string, number>;
  remove?: readonly string[];
  /** A condition written with the same #names and :values the caller adds in `names` / `values`. */
  condition?: string;
  names?: Record<string, string>;
  values?: Record<string, unknown>;
}

type Built = Pick<
  UpdateCommandInput,
  'UpdateExpression' | 'ConditionExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'
>;

/** The one update-expression builder: SET / REMOVE / ADD clauses with their names and values. */
export function buildUpdate(spec: UpdateSpec): Built {
  const names: Record<string, string> = { ...spec.names };
  const values: Record<string, unknown> = { ...spec.values };
  const set: string[] = [];
  const remove: string[] = [];
  const add: string[] = [];
  let n = 0;
  const name = (attribute: string) => {
    const placeholder = `#${attribute.replace(/[^A-Za-z0-9_]/g, '_')}`;
    names[placeholder] = attribute;
    return placeholder;
  };
  const value = (v: unknown) => {
    const placeholder = `:u${n++}`;
    values[placeholder] = v;
    return placeholder;
  };
  for (const [attribute, v] of Object.entries(spec.set ?? {})) {
    if (v === null || v === undefined) remove.push(name(attribute));
    else set.push(`${name(attribute)} = ${value(v)}`);
  }
  for (const [attribute, v] of Object.entries(spec.setIfMissing ?? {})) {
    const p = name(attribute);
    set.push(`${p} = if_not_exists(${p}, ${value(v)})`);
  }
  for (const [attribute, delta] of Object.entries(spec.add ?? {})) add.push(`${name(attribute)} ${value(delta)}`);
  for (const attribute of spec.remove ?? []) remove.push(name(attribute));
  const clauses = [
    set.length ? `SET ${set.join(', ')}` : '',
    remove.length ? `REMOVE ${remove.join(', ')}` : '',
    add.length ? `ADD ${add.join(', ')}` : '',
  ].filter(Boolean);
  if (clauses.length === 0) throw new Error('buildUpdate: nothing to update');
  return {
    UpdateExpression: clauses.join(' '),
    ...(spec.condition ? { ConditionExpression: spec.condition } : {}),
    ExpressionAttributeNames: names,
    ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
  };
}

/** What a leased job's update may require: its status is one of `fromStatus`, its lease ran out before `leaseExpiredBefore`. */
export interface JobGuard {
  fromStatus?: readonly string[];
  leaseExpiredBefore?: string;
}

/**
 * The condition of a leased job's update (narrations, transcriptions, keepsake builds): `base` (the item is
 * the one meant) AND the status is one of `fromStatus` AND the lease ran out. Names and values go to
 * `buildUpdate` with it. One place, so every job kind claims and renews its lease by the same rule.
 */
export function jobCondition(
  base: { condition: string; names: Record<string, string>; values?: Record<string, unknown> },
  statusAttribute: string,
  guard: JobGuard,
): Required<Pick<UpdateSpec, 'condition' | 'names' | 'values'>> {
  const names = { ...base.names };
  const values: Record<string, unknown> = { ...base.values };
  let condition = base.condition;
  if (guard.fromStatus?.length) {
    names['#jobGuardStatus'] = statusAttribute;
    condition += ` AND #jobGuardStatus IN (${guard.fromStatus.map((_, i) => `:from${i}`).join(', ')})`;
    guard.fromStatus.forEach((s, i) => {
      values[`:from${i}`] = s;
    });
  }
  if (guard.leaseExpiredBefore) {
    names['#leaseUntil'] = 'leaseUntil';
    condition += ' AND (attribute_not_exists(#leaseUntil) OR #leaseUntil < :now)';
    values[':now'] = guard.leaseExpiredBefore;
  }
  return { condition, names, values };
}
