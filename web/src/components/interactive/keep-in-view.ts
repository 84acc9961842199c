/** Room kept above and below the spoken sentence when it is scrolled into view. */
const MARGIN_PX = 12;

/** The nearest ancestor that scrolls vertically (the player's text box), or null for the page itself. */
function scrollParent(el: HTMLElement): HTMLElement | null {
  for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if (overflowY === 'auto' || overflowY === 'scroll') return node;
  }
  return null;
}

/**
 * Scrolls `el` into view vertically within its scroll container only (or the page when it has none).
 * `scrollIntoView` would scroll every scrolling ancestor, sideways too: on a phone it moved the whole
 * player dialog (issue 16). Nothing moves when the sentence is already in view.
 */
export function keepInView(el: HTMLElement): void {
  const box = el.getBoundingClientRect();
  const container = scrollParent(el);
  const top = container ? container.getBoundingClientRect().top : 0;
  const bottom = container ? top + container.clientHeight : window.innerHeight;
  let delta = 0;
  if (box.top < top + MARGIN_PX) delta = box.top - top - MARGIN_PX;
  // A sentence taller than the box shows from its start.
  else if (box.bottom > bottom - MARGIN_PX)
    delta = Math.min(box.bottom - bottom + MARGIN_PX, box.top - top - MARGIN_PX);
  if (Math.abs(delta) < 1) return;
  const behavior = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
  if (container) container.scrollBy({ top: delta, behavior });
  else window.scrollBy({ top: delta, behavior });
}
