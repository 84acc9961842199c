import { describe, expect, it } from 'vitest';
import { statesFact } from '../../../../bench/interactive-eval/normalize.ts';

/** The evaluation's answer-text judge (bench/interactive-eval/normalize.ts): what counts as stating the fact. */
describe('statesFact', () => {
  it('reads a year said in two digits after "in", "of", a month or a season as the gold year', () => {
    expect(statesFact('He retired in sixty-three.', '1963')).toBe(true);
    expect(statesFact('Baba died the winter after the flood, February of fifty-one.', '1951')).toBe(true);
    expect(statesFact('We came over in the summer of forty-eight.', '1948')).toBe(true);
  });

  it('not a two-digit number of something else, nor another year', () => {
    expect(statesFact('He was sixty-three when he retired.', '1963')).toBe(false);
    expect(statesFact('He retired in sixty-four.', '1963')).toBe(false);
    expect(statesFact('I paid sixty-three dollars in all.', '1963')).toBe(false);
  });

  it('still reads whole years, numbers in words and amounts', () => {
    expect(statesFact('I was born in nineteen thirty-five.', '1935')).toBe(true);
    expect(statesFact('It cost three hundred dollars.', '300 dollars')).toBe(true);
    expect(statesFact('twenty, twenty-five dollars', '2025')).toBe(false);
  });
});
