import { useEffect } from 'react';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { useWatch } from 'react-hook-form';

/**
 * Keeps some of a form's fields in this tab's session storage while the user types, so leaving the page
 * mid-form (the footer's Privacy Policy, then Back) brings them back. Only harmless fields: never a
 * password. Session storage ends with the tab, and `forgetKeptFields` clears it once the form is done.
 */
export function keptFields<K extends string>(key: string, fields: readonly K[]): Partial<Record<K, string>> {
  try {
    const stored = JSON.parse(sessionStorage.getItem(key) ?? '{}') as Record<string, unknown>;
    return Object.fromEntries(
      fields.flatMap((f) => (typeof stored[f] === 'string' ? [[f, stored[f]]] : [])),
    ) as Partial<Record<K, string>>;
  } catch {
    return {};
  }
}

export function useKeepFields<V extends FieldValues>(key: string, control: Control<V>, fields: readonly Path<V>[]) {
  const values = useWatch({ control, name: fields }) as unknown[];
  const json = JSON.stringify(Object.fromEntries(fields.map((f, i) => [f, values[i] ?? ''])));
  useEffect(() => {
    try {
      sessionStorage.setItem(key, json);
    } catch {
      // Storage off or full: the form still works, it just does not come back after leaving.
    }
  }, [key, json]);
}

export function forgetKeptFields(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // nothing kept
  }
}
