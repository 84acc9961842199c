/**
 * An id in an admin table: the first 8 characters on screen (a UUID would take a third of the
 * table), the whole id for screen readers and as a tooltip.
 */
export function ShortId({ id }: { id: string }) {
  const short = id.length > 9 ? `${id.slice(0, 8)}…` : id;
  return (
    <code className="id" title={id}>
      <span aria-hidden="true">{short}</span>
      <span className="visually-hidden">{id}</span>
    </code>
  );
}
