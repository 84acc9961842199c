/**
 * The scorer's normalisation of a stated fact (bench/interactive-eval/README.md): lower case, no punctuation,
 * numbers written in words become digits ("nineteen forty-eight" → 1948, "a hundred and forty" → 140,
 * "twenty-third" → 23), a closing plural "s" dropped. Written for the scorer alone, apart from the answerer's
 * own number reading, so that a mistake in one is not hidden by the same mistake in the other.
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
  fortieth: 'forty',
  fiftieth: 'fifty',
  sixtieth: 'sixty',
  seventieth: 'seventy',
  eightieth: 'eighty',
  ninetieth: 'ninety',
};

function small(word: string): number | undefined {
  return UNITS[word] ?? TENS[word];
}

/** Number words in a list of tokens become digit tokens. */
function wordsToDigits(tokens: string[]): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < tokens.length) {
    const word = ORDINALS[tokens[i]!] ?? tokens[i]!;
    const startsNumber =
      small(word) !== undefined ||
      ((word === 'a' || word === 'one') && (tokens[i + 1] === 'hundred' || tokens[i + 1] === 'thousand'));
    if (!startsNumber) {
      out.push(tokens[i]!);
      i++;
      continue;
    }
    // Groups of up to two digits ("nineteen", "forty eight"), scaled by hundred/thousand.
    let total = 0;
    let current = 0;
    let lastKind: 'unit' | 'teen' | 'tens' | 'scale' | 'none' = 'none';
    const groups: number[] = [];
    while (i < tokens.length) {
      const w = ORDINALS[tokens[i]!] ?? tokens[i]!;
      if (w === 'a' && lastKind === 'none') {
        current = 1;
        lastKind = 'unit';
        i++;
        continue;
      }
      if (w === 'hundred' && lastKind !== 'none' && lastKind !== 'scale') {
        current *= 100;
        lastKind = 'scale';
      } else if (w === 'thousand' && lastKind !== 'none') {
        total += current * 1000;
        current = 0;
        lastKind = 'scale';
      } else if (
        w === 'and' &&
        lastKind === 'scale' &&
        small(ORDINALS[tokens[i + 1] ?? ''] ?? tokens[i + 1] ?? '') !== undefined
      ) {
        // "a hundred and forty"
      } else if (TENS[w] !== undefined) {
        if (lastKind === 'tens' || lastKind === 'unit' || lastKind === 'teen') {
          // "nineteen forty": a new group begins (a year said in two halves).
          groups.push(total + current);
          total = 0;
          current = 0;
        }
        current += TENS[w];
        lastKind = 'tens';
      } else if (UNITS[w] !== undefined) {
        const value = UNITS[w];
        if (lastKind === 'unit' || lastKind === 'teen' || (lastKind === 'tens' && value >= 10)) {
          groups.push(total + current);
          total = 0;
          current = 0;
        }
        current += value;
        lastKind = value >= 10 ? 'teen' : 'unit';
      } else break;
      i++;
    }
    groups.push(total + current);
    // Two groups read as a year: "nineteen forty-eight" → 1948, "nineteen eighty" → 1980.
    for (let g = 0; g < groups.length; g++) {
      const a = groups[g]!;
      const b = groups[g + 1];
      if (b !== undefined && a >= 11 && a <= 20 && b >= 10 && b <= 99) {
        out.push(String(a * 100 + b));
        g++;
      } else out.push(String(a));
    }
  }
  return out;
}

/** Tokens of a text, normalised for comparing facts. */
export function normalizeFact(text: string): string[] {
  const tokens = text
    .toLowerCase()
    .replace(/(\d),(\d{3})/g, '$1$2')
    .replace(/(\d+)(st|nd|rd|th)\b/g, '$1')
    .replace(/[‘’']/g, '')
    .replace(/-/g, ' ')
    // A comma keeps numbers apart: "twenty, twenty-five dollars" is two amounts, not the year 2025.
    .replace(/,/g, ' , ')
    .replace(/[^a-z0-9.,\s]/g, ' ')
    .replace(/\.(?!\d)/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  return wordsToDigits(tokens)
    .filter((t) => t !== ',')
    .map((t) => (t.length > 3 && t.endsWith('s') && !/\d/.test(t) ? t.slice(0, -1) : t));
}

/** Words before a year said in two digits: "in sixty-three", "February of fifty-one", "since forty-eight". */
const YEAR_LEAD = new Set([
  'in',
  'of',
  'since',
  'until',
  'till',
  'by',
  'from',
  'year',
  'spring',
  'summer',
  'autumn',
  'fall',
  'winter',
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
]);

/**
 * An older narrator says most years in two digits ("he retired in sixty-three", "February of fifty-one"): to a
 * listener of her story that states 1963. A two-digit number after such a word is read as the gold's year
 * when the gold is a twentieth-century year ending in it.
 */
function withCenturies(answer: string[], fact: string[]): string[] {
  const years = new Set(fact.filter((t) => /^19\d\d$/.test(t)));
  if (!years.size) return answer;
  return answer.map((t, i) => {
    const full = `19${t}`;
    return /^\d\d$/.test(t) && years.has(full) && YEAR_LEAD.has(answer[i - 1] ?? '') ? full : t;
  });
}

/** Does the answer state the gold fact (its normalised tokens appear in order, side by side)? */
export function statesFact(answer: string, fact: string): boolean {
  const f = normalizeFact(fact);
  const a = withCenturies(normalizeFact(answer), f);
  if (f.length === 0) return false;
  outer: for (let i = 0; i + f.length <= a.length; i++) {
    for (let j = 0; j < f.length; j++) if (a[i + j] !== f[j]) continue outer;
    return true;
  }
  return false;
}
