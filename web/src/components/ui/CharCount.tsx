/**
 * "12 / 200 characters" under a field with a limit, so the limit shows before the button refuses
 * (issue 11). Linked to its field with aria-describedby; not a live region (no announcement per key).
 */
export function CharCount({ id, value, max }: { id: string; value: string; max: number }) {
  const over = value.length - max;
  return (
    <p id={id} className={over > 0 ? 'char-count char-count-over' : 'char-count'}>
      {value.length.toLocaleString('en-US')} / {max.toLocaleString('en-US')} characters
      {over > 0 ? ` (${over.toLocaleString('en-US')} over the limit)` : ''}
    </p>
  );
}
