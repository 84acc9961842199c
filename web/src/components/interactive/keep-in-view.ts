/** Room kept above and below the element when it is scrolled into view. */
const MARGIN_PX = 12;

/** The nearest ancestor that scrolls vertically (the player's text box, or the dialog), or null for the page. */
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
 * player dialog (issue 16). Nothing moves when the element is already in view.
 * - `cover`: an element drawn over the container's lower part (the player's question box, sticky at the
 *   dialog's bottom): what lies under it does not count as in view.
 * - `coverTop`: a bar stuck to the top of the dialog (the player's compact controls). In the dialog the room
 *   under it is where the element goes, whether it shows yet or not (scrolling down is what brings it); in a
 *   box inside the dialog (the text) it counts only while it shows, over that box's upper part.
 * - `instant`: jump (an entry just added), rather than glide (the voice moving on, an answer arriving).
 */
export function keepInView(
  el: HTMLElement,
  {
    cover,
    coverTop,
    instant = false,
  }: { cover?: HTMLElement | null; coverTop?: HTMLElement | null; instant?: boolean } = {},
): void {
  const container = scrollParent(el);
  const box = el.getBoundingClientRect();
  let top = container ? container.getBoundingClientRect().top : 0;
  let bottom = container ? top + container.clientHeight : window.innerHeight;
  if (cover) bottom = Math.min(bottom, cover.getBoundingClientRect().top);
  if (coverTop && container?.contains(coverTop)) top += coverTop.offsetHeight;
  else if (coverTop && getComputedStyle(coverTop).visibility === 'visible') {
    // Only a bar over part of the box: a box scrolled away under (or above) it is not scrolled for nothing.
    const barBottom = coverTop.getBoundingClientRect().bottom;
    if (barBottom > top && barBottom < bottom) top = barBottom;
  }
  let delta = 0;
  if (box.top < top + MARGIN_PX) delta = box.top - top - MARGIN_PX;
  // An element taller than the room shows from its start.
  else if (box.bottom > bottom - MARGIN_PX)
    delta = Math.min(box.bottom - bottom + MARGIN_PX, box.top - top - MARGIN_PX);
  if (Math.abs(delta) < 1) return;
  const behavior = instant || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
  // The last lines of the text cannot scroll above a cover that is over the text box itself (a phone held
  // sideways leaves a sliver of the box above the pinned question box), nor its first lines below the bar
  // over its upper part: the rest moves the box's own scroll container (the dialog), vertically.
  let rest = 0;
  if (container && delta > 0 && cover)
    rest = delta - (container.scrollHeight - container.clientHeight - container.scrollTop);
  else if (container && delta < 0 && coverTop) rest = delta + container.scrollTop;
  if (container) container.scrollBy({ top: delta, behavior });
  else window.scrollBy({ top: delta, behavior });
  const outer = Math.sign(rest) === Math.sign(delta) && Math.abs(rest) > 1 ? scrollParent(container!) : null;
  if (outer) outer.scrollBy({ top: rest, behavior });
}
