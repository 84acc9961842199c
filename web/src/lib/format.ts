/**
 * Text and date formatting for story screens (spec section 9: "US English; long month for created
 * date, short month for start/end dates"). Pure functions, shared by every feature that shows a story.
 */

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A formatter made on first use. The page's first `Intl` object loads the locale's data, 18–30 ms on a fast
 * machine and several times that on a phone: made when this module loads, it was one long task on every page that
 * imports it, also those that show no date (Lighthouse's Total Blocking Time, docs/web.md "Long tasks").
 */
function formatter(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let made: Intl.DateTimeFormat | undefined;
  return () => {
    made ??= new Intl.DateTimeFormat('en-US', options);
    return made;
  };
}

const longDate = formatter({ year: 'numeric', month: 'long', day: 'numeric' });
const shortDateUtc = formatter({ year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
const longDateUtc = formatter({ year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const dateTime = formatter({ year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/**
 * A `YYYY-MM-DD` calendar date as a UTC midnight. Calendar dates name a day, not an instant, so
 * they are formatted in UTC: a reader west of Greenwich must not see the day before.
 */
function calendarDate(value: string): Date | null {
  const match = CALENDAR_DATE.exec(value);
  if (!match) return null;
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC maps the years 0–99 to 1900–1999.
  date.setUTCFullYear(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) ? null : date;
}

function instant(value: string): Date | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The created date, US English with the long month: 'November 22, 2026'. An ISO timestamp is shown
 * in the reader's own time zone; a bare calendar date as that day. Unreadable input gives ''.
 */
export function formatLongDate(value: string | null | undefined): string {
  if (!value) return '';
  const day = calendarDate(value);
  if (day) return longDateUtc().format(day);
  const at = instant(value);
  return at ? longDate().format(at) : '';
}

/** A start or end date (`YYYY-MM-DD`), US English with the short month: 'Jan 5, 1962'. Unreadable input gives ''. */
export function formatShortDate(value: string | null | undefined): string {
  if (!value) return '';
  const day = calendarDate(value) ?? instant(value);
  return day ? shortDateUtc().format(day) : '';
}

/**
 * The period a story covers (spec section 2): 'Jan 5, 1962 – Mar 3, 1965', a single date when only
 * the start is known (or both are the same day), 'Until Mar 3, 1965' when only the end is, else ''.
 */
export function formatPeriod(start: string | null | undefined, end: string | null | undefined): string {
  const from = formatShortDate(start);
  const to = formatShortDate(end);
  if (from && to) return from === to ? from : `${from} – ${to}`;
  if (from) return from;
  if (to) return `Until ${to}`;
  return '';
}

/** A moment such as a comment's time, in the reader's time zone: 'November 22, 2026 at 3:05 PM'. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const at = instant(value);
  return at ? dateTime().format(at) : '';
}

export const ELLIPSIS = '…';

/**
 * The first `max` characters of `text`, with an ellipsis added when anything was cut. Line breaks
 * are kept (the dashboard shows them with `white-space: pre-line`); trailing spaces before the
 * ellipsis are dropped, and a cut never splits an emoji's surrogate pair.
 */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}${ELLIPSIS}`;
}

/** Runs of whitespace, line breaks included, as one space: for one-paragraph snippets on cards. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A card snippet: the text on one line, at most `max` characters of it, with an ellipsis when cut. */
export function snippet(text: string, max: number): string {
  return truncateText(collapseWhitespace(text), max);
}

/** Story text as paragraphs, split on line breaks (spec section 2); blank lines give no empty paragraphs. */
export function splitParagraphs(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}
