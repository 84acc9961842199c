import { describe, expect, it } from 'vitest';
import { isoWeek, isoWeekday, previousIsoWeek, utcDay } from './calendar.ts';

describe('family mail calendar', () => {
  it('numbers weekdays the ISO way, Monday 1 to Sunday 7, in UTC', () => {
    expect(isoWeekday(new Date('2026-11-23T00:00:00Z'))).toBe(1); // a Monday
    expect(isoWeekday(new Date('2026-11-26T18:00:00Z'))).toBe(4); // a Thursday
    expect(isoWeekday(new Date('2026-11-29T23:59:59Z'))).toBe(7); // a Sunday
    expect(isoWeekday(new Date('2026-11-30T00:00:00Z'))).toBe(1);
  });

  it('names ISO weeks, across year ends', () => {
    expect(isoWeek(new Date('2026-11-26T12:00:00Z'))).toBe('2026-W48');
    // Monday to Sunday is one week; the next Monday starts the next.
    expect(isoWeek(new Date('2026-11-23T00:00:00Z'))).toBe('2026-W48');
    expect(isoWeek(new Date('2026-11-29T23:59:59Z'))).toBe('2026-W48');
    expect(isoWeek(new Date('2026-11-30T00:00:00Z'))).toBe('2026-W49');
    // 2027-01-01 is a Friday: still the last week of 2026, which has 53 weeks.
    expect(isoWeek(new Date('2027-01-01T12:00:00Z'))).toBe('2026-W53');
    expect(isoWeek(new Date('2027-01-04T12:00:00Z'))).toBe('2027-W01');
    // 2024-12-30 is a Monday whose Thursday is in 2025: week 1 of 2025.
    expect(isoWeek(new Date('2024-12-30T12:00:00Z'))).toBe('2025-W01');
    expect(isoWeek(new Date('2021-01-03T12:00:00Z'))).toBe('2020-W53');
  });

  it('steps back one ISO week, across year ends', () => {
    expect(previousIsoWeek('2026-W48')).toBe('2026-W47');
    expect(previousIsoWeek('2027-W01')).toBe('2026-W53');
    expect(previousIsoWeek('2025-W01')).toBe('2024-W52');
    expect(previousIsoWeek('2026-W01')).toBe('2025-W52');
    expect(() => previousIsoWeek('2026-48')).toThrow();
  });

  it('gives the UTC day, not the local one', () => {
    expect(utcDay(new Date('2026-11-26T23:30:00-05:00'))).toBe('2026-11-27');
  });
});
