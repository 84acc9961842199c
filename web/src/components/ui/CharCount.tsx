import { formatCount } from '@storyloom/shared/messages/numbers';

/**
 * "12 / 200 characters" under a field with a limit, so the limit shows before the button refuses
 * (issue 11). Numbers are written as in the limit's error text (`formatCount`): "2,000" in both. Linked to its field with aria-describedby; not a live region (no announcement per key).
 */
export function CharCount({ id, value, max }: { id: string; value: string; max: number }) {
  const over = value.length - max;
  return (
    <p id={id} className={over > 0 ? 'char-count char-count-over' : 'char-count'}>
      {formatCount(value.length)} / {formatCount(max)} characters
      {over > 0 ? ` (${formatCount(over)} over the limit)` : ''}
    </p>
  );
}
