import { type ReactNode, useId } from 'react';

/**
 * The admin panel's table frame: a captioned table with its count ("12+" while more can be loaded),
 * column headers, and a wrapper that scrolls sideways on small screens.
 */
export function AdminTable({
  caption,
  count,
  hasMore,
  columns,
  children,
}: {
  caption: string;
  count: number;
  hasMore: boolean;
  columns: readonly string[];
  children: ReactNode;
}) {
  const captionId = useId();
  return (
    // A wide table scrolls sideways on small screens; tabIndex lets keyboard users scroll it too.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to scroll by keyboard.
    <section className="table-wrap" aria-labelledby={captionId} tabIndex={0}>
      <table className="admin-table">
        <caption id={captionId}>
          {caption}{' '}
          <span className="count">
            ({count}
            {hasMore ? '+' : ''})
          </span>
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </section>
  );
}
