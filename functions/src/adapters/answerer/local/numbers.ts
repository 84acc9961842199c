/**
 * Numbers as people say and write them, found in a text with their places: digits ("1948", "11,000", "$300")
 * and words ("nineteen forty-eight", "a hundred and forty", "twenty-third", "sixty-one"). The answerer's
 * own reader (the evaluation's scorer has a separate one, so a mistake here is not hidden there).
 */

const UNITS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const ORDINALS: Record<string, string> = {
  first: 'one',
  second: 'two',
  third: 'three',
  fourth: 'four',
  fifth: 'five',
  sixth: 'six',
  seventh: 'seven',
  eighth: 'eight',
  ninth: 'nine',
  tenth: 'ten',
  eleventh: 'eleven',
  twelfth: 'twelve',
  thirteenth: 'thirteen',
  fourteenth: 'fourteen',
  fifteenth: 'fifteen',
  sixteenth: 'sixteen',
  seventeenth: 'seventeen',
  eighteenth: 'eighteen',
  nineteenth: 'nineteen',
  twentieth: 'twenty',
  thirtieth: 'thirty',
};

export interface NumberSpan {
  value: number;
  start: number;
  end: number;
  /** Said as a year in two halves ("nineteen forty-eight") or written as one (1600–2099). */
  year: boolean;
  ordinal: boolean;
  text: string;
}

interface Word {
  w: string;
  start: number;
  end: number;
}

const wordValue = (w: string) => UNITS[ORDINALS[w] ?? w] ?? TENS[ORDINALS[w] ?? w];

/** Every number in `text`, in order. */
export function findNumbers(text: string): NumberSpan[] {
  const out: NumberSpan[] = [];
  // Digits first: 1948, 11,000, 2.5, 23rd, $300, '58.
  for (const m of text.matchAll(/'?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(st|nd|rd|th)?\b/g)) {
    const raw = m[1]!.replace(/,/g, '');
    const value = Number(raw);
    const apostrophe = m[0].startsWith("'");
    out.push({
      value: apostrophe ? 1900 + value : value,
      start: m.index!,
      end: m.index! + m[0].length,
      year: apostrophe || (/^\d{4}$/.test(raw) && value >= 1600 && value <= 2099),
      ordinal: Boolean(m[2]),
      text: m[0],
    });
  }
  const words: Word[] = [];
  for (const m of text.matchAll(/[A-Za-z]+/g))
    words.push({ w: m[0].toLowerCase(), start: m.index!, end: m.index! + m[0].length });
  let i = 0;
  while (i < words.length) {
    const startsScaled =
      (words[i]!.w === 'a' || words[i]!.w === 'one') && /^(hundred|thousand)$/.test(words[i + 1]?.w ?? '');
    if (wordValue(words[i]!.w) === undefined && !startsScaled) {
      i++;
      continue;
    }
    const groups: Array<{ value: number; start: number; end: number; ordinal: boolean }> = [];
    let total = 0;
    let current = 0;
    let last: 'none' | 'unit' | 'teen' | 'tens' | 'scale' = 'none';
    let start = words[i]!.start;
    let end = start;
    let ordinal = false;
    const close = () => {
      groups.push({ value: total + current, start, end, ordinal });
      total = 0;
      current = 0;
      ordinal = false;
    };
    while (i < words.length) {
      const { w } = words[i]!;
      const between = text.slice(end, words[i]!.start);
      if (last !== 'none' && !/^[\s-]*$/.test(between)) break;
      const base = ORDINALS[w] ?? w;
      if (w === 'a' && last === 'none') {
        current = 1;
        last = 'unit';
      } else if (base === 'hundred' && (last === 'unit' || last === 'teen' || last === 'tens')) {
        current *= 100;
        last = 'scale';
      } else if (base === 'thousand' && last !== 'none') {
        total += current * 1000;
        current = 0;
        last = 'scale';
      } else if (w === 'and' && last === 'scale' && wordValue(words[i + 1]?.w ?? '') !== undefined) {
        // "a hundred and forty"
      } else if (TENS[base] !== undefined) {
        if (last === 'tens' || last === 'unit' || last === 'teen') {
          close();
          start = words[i]!.start;
        }
        current += TENS[base];
        last = 'tens';
      } else if (UNITS[base] !== undefined) {
        const value = UNITS[base];
        if (last === 'unit' || last === 'teen' || (last === 'tens' && value >= 10)) {
          close();
          start = words[i]!.start;
        }
        current += value;
        last = value >= 10 ? 'teen' : 'unit';
      } else break;
      if (ORDINALS[w]) ordinal = true;
      end = words[i]!.end;
      i++;
    }
    close();
    for (let g = 0; g < groups.length; g++) {
      const a = groups[g]!;
      const b = groups[g + 1];
      if (b && a.value >= 11 && a.value <= 20 && b.value >= 10 && b.value <= 99) {
        out.push({
          value: a.value * 100 + b.value,
          start: a.start,
          end: b.end,
          year: true,
          ordinal: false,
          text: text.slice(a.start, b.end),
        });
        g++;
      } else if (b && a.value === 20 && b.value < 10) {
        out.push({
          value: 2000 + b.value,
          start: a.start,
          end: b.end,
          year: true,
          ordinal: false,
          text: text.slice(a.start, b.end),
        });
        g++;
      } else {
        out.push({ ...a, year: a.value >= 1600 && a.value <= 2099, text: text.slice(a.start, a.end) });
      }
    }
  }
  // "we moved twice": how many times, said in one word.
  for (const m of text.matchAll(/\b(twice|thrice)\b/gi))
    out.push({
      value: m[1]!.toLowerCase() === 'twice' ? 2 : 3,
      start: m.index!,
      end: m.index! + m[0].length,
      year: false,
      ordinal: false,
      text: m[0],
    });
  // "a dozen eggs", "two dozen", "half a dozen", "a couple of weeks": counts said without a number word.
  for (const m of text.matchAll(/\b(?:(half) an? |(a|one|[a-z]+) )?dozen\b(?!s)|\ba couple of\b/gi)) {
    const start = m.index!;
    const end = start + m[0].length;
    const times = m[1] ? 0.5 : m[2] ? (/^(a|one)$/i.test(m[2]) ? 1 : wordValue(m[2].toLowerCase())) : 1;
    if (times === undefined) continue;
    const value = /couple/i.test(m[0]) ? 2 : times * 12;
    for (let k = out.length - 1; k >= 0; k--) if (out[k]!.start < end && out[k]!.end > start) out.splice(k, 1);
    out.push({ value, start, end, year: false, ordinal: false, text: m[0] });
  }
  return out.sort((x, y) => x.start - y.start);
}
