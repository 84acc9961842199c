/**
 * Page sizes and margins of the printed book, in PDF points (1/72 inch). Pages are bound on the inner
 * edge, so the inner margin is the larger one and it swaps sides: on right-hand (odd) pages it is on the
 * left, on left-hand (even) pages on the right. The text block keeps one width on every page.
 */
export type BookPageSize = 'letter' | 'a5';

export interface PageGeometry {
  width: number;
  height: number;
  inner: number;
  outer: number;
  top: number;
  bottom: number;
  /** Base text size; headings scale from it. */
  bodySize: number;
}

const GEOMETRY: Record<BookPageSize, PageGeometry> = {
  // US Letter 8.5 × 11 in: 1 in inner (binding), 0.75 in outer and top, 0.9 in bottom (room for the folio).
  letter: { width: 612, height: 792, inner: 72, outer: 54, top: 54, bottom: 65, bodySize: 11.5 },
  // A5 148 × 210 mm: 20 mm inner, 14 mm outer, 15 mm top, 19 mm bottom.
  a5: { width: 419.53, height: 595.28, inner: 56.69, outer: 39.69, top: 42.52, bottom: 53.86, bodySize: 10 },
};

export function pageGeometry(size: BookPageSize): PageGeometry {
  return GEOMETRY[size];
}

export interface PageBox {
  left: number;
  right: number;
  top: number;
  bottom: number;
  width: number;
  height: number;
}

/** The text block of page `pageNumber` (1-based, the title page is 1 and a right-hand page). */
export function textBox(geometry: PageGeometry, pageNumber: number): PageBox {
  const rightHand = pageNumber % 2 === 1;
  const left = rightHand ? geometry.inner : geometry.outer;
  const right = geometry.width - (rightHand ? geometry.outer : geometry.inner);
  const bottom = geometry.height - geometry.bottom;
  return { left, right, top: geometry.top, bottom, width: right - left, height: bottom - geometry.top };
}

/** pdfkit page margins for page `pageNumber`, matching textBox. */
export function pageMargins(geometry: PageGeometry, pageNumber: number) {
  const rightHand = pageNumber % 2 === 1;
  return {
    top: geometry.top,
    bottom: geometry.bottom,
    left: rightHand ? geometry.inner : geometry.outer,
    right: rightHand ? geometry.outer : geometry.inner,
  };
}
