/**
 * How every number in a user-visible text is written: with thousands separators, "2,000", the way the
 * character counters under the fields show them (a limit read as "2000" in the error and "2,000" under the
 * box looked like two different limits). en-US because every text of the product is English.
 */
export const formatCount = (n: number): string => n.toLocaleString('en-US');
