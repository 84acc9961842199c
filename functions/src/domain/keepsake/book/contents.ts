/**
 * The contents pages. They come before the stories but list the pages the stories start on, so the
 * renderer reserves them first: each entry takes exactly one line (long titles end in an ellipsis),
 * which makes the number of contents pages known before any story is laid out.
 */
export interface ContentsMetrics {
  /** Height of the text block. */
  boxHeight: number;
  /** Height the "Contents" heading takes on the first contents page. */
  headingHeight: number;
  lineHeight: number;
}

/** How many entries each contents page holds, in order; at least one page, even for an empty book. */
export function contentsPages(entryCount: number, metrics: ContentsMetrics): number[] {
  const first = Math.max(1, Math.floor((metrics.boxHeight - metrics.headingHeight) / metrics.lineHeight));
  const rest = Math.max(1, Math.floor(metrics.boxHeight / metrics.lineHeight));
  const pages = [Math.min(entryCount, first)];
  for (let left = entryCount - first; left > 0; left -= rest) pages.push(Math.min(left, rest));
  return pages;
}
