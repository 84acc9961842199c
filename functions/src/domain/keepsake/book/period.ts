/**
 * The period a story covers, as the story pages show it (web/src/lib/format.ts formatPeriod, spec
 * section 9: short month, US English): printed in the book and shown on the listen page.
 */
const shortDate = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

function day(value: string | undefined): string {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!match) return '';
  const date = new Date(0);
  date.setUTCFullYear(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) ? '' : shortDate.format(date);
}

export function formatPeriod(start?: string, end?: string): string {
  const from = day(start);
  const to = day(end);
  if (from && to) return from === to ? from : `${from} – ${to}`;
  if (from) return from;
  if (to) return `Until ${to}`;
  return '';
}

/** 'November 26, 2026' for the title page. */
export function formatMadeOn(at: Date): string {
  return longDate.format(at);
}
