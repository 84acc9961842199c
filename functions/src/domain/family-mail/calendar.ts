import type { Weekday } from '@storyloom/shared/schemas/family-mail';

/**
 * The family mail's calendar, in UTC (one clock for every user; docs/family-loop.md): the weekly
 * question is once per ISO week on the chosen ISO weekday, the digest at most once per UTC day.
 */

/** `2026-11-26` */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export function isoWeekday(at: Date): Weekday {
  return (((at.getUTCDay() + 6) % 7) + 1) as Weekday;
}

/**
 * ISO 8601 week, `2026-W48`: weeks start on Monday, and week 1 is the one with the year's first
 * Thursday (so 2027-01-01, a Friday, is in 2026-W53).
 */
export function isoWeek(at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  // The Thursday of this week decides the year.
  day.setUTCDate(day.getUTCDate() + 4 - isoWeekday(day));
  const year = day.getUTCFullYear();
  const week = Math.ceil(((day.getTime() - Date.UTC(year, 0, 1)) / 86_400_000 + 1) / 7);
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The ISO week before `week` (`2027-W01` → `2026-W53`): the Thursday of `week`, seven days back. */
export function previousIsoWeek(week: string): string {
  const match = /^(\d{4})-W(\d{2})$/.exec(week);
  if (!match) throw new Error(`not an ISO week: ${week}`);
  const year = Number(match[1]);
  // January 4th is always in week 1; its Monday starts week 1.
  const jan4 = new Date(Date.UTC(year, 0, 4));
  const monday1 = jan4.getTime() - (isoWeekday(jan4) - 1) * 86_400_000;
  const thursday = monday1 + ((Number(match[2]) - 1) * 7 + 3) * 86_400_000;
  return isoWeek(new Date(thursday - 7 * 86_400_000));
}
