import { findNumbers, type NumberSpan } from './numbers.ts';

/**
 * The type-match stage's reader: the facts a sentence states, by the kind of answer they give (a year, a
 * time, an age, an amount of money, a duration, a measure, a count, a person, a place, a colour, a name),
 * each with its place in the sentence so the answer can quote it.
 */
export type FactKind =
  | 'year'
  | 'date'
  | 'time'
  | 'age'
  | 'money'
  | 'duration'
  | 'measure'
  | 'count'
  | 'person'
  | 'place'
  | 'colour'
  | 'name'
  | 'reason';

export interface Fact {
  kind: FactKind;
  text: string;
  start: number;
  end: number;
}

const MONTHS = 'january|february|march|april|may|june|july|august|september|october|november|december';
const DAYS = 'monday|tuesday|wednesday|thursday|friday|saturday|sunday';
const TIME_OF_DAY = /\b(morning|afternoon|evening|night|midnight|noon|dawn|dusk|daybreak|sunrise|sunset)\b/i;
const DATE_WORDS = new RegExp(
  `\\b((?:${MONTHS}|${DAYS})s?|christmas|easter|thanksgiving|new year|spring|summer|autumn|fall|winter|birthday|wedding day)\\b`,
  'i',
);
const RELATIVE =
  /\b((?:the )?(?:day|week|month|year|winter|summer|spring|fall|autumn|christmas|morning|night) (?:after|before)|(?:the )?next (?:day|week|month|year|winter|summer|spring|fall|autumn|christmas|morning)|(?:\w+ )?(?:days?|weeks?|months?|years?) (?:after|before|later|earlier)|after the war|before the war|that (?:winter|summer|spring|fall|autumn|night|morning|day|year))\b/i;
/** Decades: "the mid-fifties", "the late sixties", "the 1930s", "the '40s", "the nineteen-twenties". */
const DECADE =
  /\b(?:the\s+)?(?:(?:early|mid|middle|late)[\s-]+)?(?:(?:nineteen[\s-]?)?(?:twenties|thirties|forties|fifties|sixties|seventies|eighties|nineties)|(?:18|19|20)\d0'?s|'\d0s)\b/gi;
/** A time told by what happened then: "during the Depression", "around the time Kennedy was shot". */
const DURING =
  /\b(?:during|throughout)\s+the\s+(?:[A-Za-z][\w'-]*\s+){0,2}?(?:war|depression|blitz|occupation|strike|flood|drought|famine|epidemic|revolution|boom|crash|blackout|emergency|troubles|evacuation|[A-Z][\w'-]*)\b|\baround the time\b[^,.;]*/g;
const TIME_UNITS =
  /^\s*(?:and a half\s+)?(seconds?|minutes?|hours?|days?|nights?|weeks?|months?|years?|summers?|winters?|seasons?|terms?)\b/i;
const MONEY_UNITS =
  /^\s*(?:and (?:a half|\w+ cents?) )?(dollars?|cents?|bucks?|pounds?|pound|shillings?|pence|quid|pesos?|taels?|lire|marks?|francs?|rupees?|yen|euros?|guineas?|roubles?|rubles?|kopecks?|kopeks?|drachmas?|kroner|kronor|krona|zlotys?|forints?|dinars?|rand|naira|cedis?|escudos?|rials?|riyals?|baht|yuan|annas?|paise|cruzeiros?|reais|centavos?|guilders?|florins?|schillings?|pfennigs?|dirhams?|piast(?:re|er)s?|korun(?:a|y)|lempiras?|quetzales|colones|bolivianos?|r[ée]is)\b/i;
const MEASURE_UNITS =
  /^\s*(?:and a half\s+)?(acres?|miles?|feet|foot|inch(?:es)?|yards?|met(?:er|re)s?|kilomet(?:er|re)s?|kilos?|kilograms?|tons?|gallons?|degrees?|below|above|high|deep|tall|long|wide|head|words? a minute|miles an hour)\b/i;
// "he was only fifty-four", "when I was, what, fourteen": a word of hedging or a spoken filler may come between.
const AGE_BEFORE =
  /\b(?:i|he|she|we|they|you|was|were|turned|aged?|at|be)(?:,?\s+(?:only|just|barely|nearly|almost|about|around|maybe|what|oh|um|uh|like|already|still),?)*\s*$/i;
const PERSON_OF =
  /\b(?:man|woman|widow|widower|fellow|boy|girl|lady|gentleman|bloke|chap|child|kid|baby|bachelor|spinster)\s+of\s+(?:about\s+|around\s+|maybe\s+|nearly\s+|only\s+|just\s+)?$/i;
const AGE_AFTER = /^\s*(?:and a half\s+)?(?:years?[ -]old\b|year-old\b|(?:th)? birthday)/i;
const COLOURS =
  /\b(red|blue|green|yellow|white|black|brown|orange|pink|purple|grey|gray|silver|gold|golden|violet|navy|crimson|scarlet|maroon|beige|cream|turquoise)\b/gi;
const TITLES =
  /\b(?:Mr|Mrs|Ms|Miss|Dr|Sister|Brother|Father|Reverend|Rev|Aunt|Auntie|Uncle|Tía|Tia|Pani|Pan|Mang|Signor|Signora|Nonna|Nonno|Grandma|Grandpa|Sergeant|Captain|Doctor)\.?\s+[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*/g;
const KIN =
  /\b(?:my|our|your|his|her|their)\s+(?:(?:little|older|younger|big|baby|best|old|late|own)\s+)*(mother|father|mom|mum|mam|mama|dad|papa|brother|sister|uncle|aunt|cousin|grandmother|grandfather|grandma|grandpa|nan|nana|son|daughter|husband|wife|friend|pal|neighbou?r|boss|teacher|mother-in-law|father-in-law|massi|tía|halabeoji|dziadek)\b(?:\s+[A-Z][\w'-]*)?/gi;
const NAMED_KIN =
  /\b[A-Z][\w-]*(?:\s+[A-Z][\w-]*)*['’]s\s+(?:(?:little|older|younger|eldest|oldest|youngest|baby|big|only)\s+)?(?:nephew|niece|son|daughter|boy|girl|brother|sister|mother|father|widow|widower|wife|husband|cousin|uncle|aunt|grandson|granddaughter|friend)\b/g;
const KIN_OF_KIN =
  /\b(?:my|our|your|his|her|their)\s+(?:mother|father|mom|mum|dad|brother|sister|uncle|aunt|husband|wife|grandmother|grandfather|cousin)['’]s\s+(?:(?:little|older|younger|eldest|youngest|big|baby)\s+)?(?:mother|father|brother|sister|uncle|aunt|husband|wife|son|daughter|cousin|nephew|niece|people|family)\b/gi;
const ROLE =
  /\b(?:a|an|the)\s+(?:(?:\w+)\s+){0,2}?(man|woman|men|women|boy|girl|lady|fellow|fella|bloke|teacher|headmaster|headmistress|caretaker|doctor|nurse|cook|driver|foreman|overlooker|bartender|student|family|church|company|government|pirates?|soldiers?|sailors?|examiner|captain|priest|reverend|farmer|rancher|supplier|technician|instructor|boss|owner|neighbou?r|friend|stranger|kids|children|prisoners|folks|crew|couple)\b/gi;
const PLACE_PREP =
  /\b(?:in|at|from|to|on|near|outside|behind|across|into|up to|down to|over to|by|off)\s+((?:the\s+)?(?:[A-Z][\w'.-]*)(?:(?:\s+|,\s+(?!(?:Mr|Mrs|Ms|Miss|Dr|Sister|Brother|Father|Aunt|Uncle)\b))(?:of\s+|the\s+)?[A-Z][\w'.-]*)*)/g;
const PLACE_NOUNS =
  /\b(?:in|at|from|to|on|near|outside|behind|across|into|under|inside|up|down|by)\s+((?:the|a|an|my|our|his|her|their|your)\s+(?:[\w'-]+\s+){0,3}?(?:house|home|farm|barn|church|school|college|university|hospital|clinic|camp|station|street|road|avenue|park|hall|theat(?:er|re)|cinema|shop|store|market|factory|mill|port|harbou?r|quay|dock|beach|river|lake|sea|ocean|island|town|city|village|valley|hill|bluff|bottoms|field|yard|garden|kitchen|room|basement|attic|porch|shed|bunkhouse|hut|apartment|flat|hotel|lounge|club|diner|bakery|office|tin|box|jar|drawer|shoebox|suitcase|diaper|wall|cemetery|car park|junction|garage|dressing table|jewelry box|crates?|stall|corner|ward))\b/gi;
/**
 * Any thing a locative preposition names ("I slept on a cot next to her sewing machine", "under the
 * stairs"): a place for "where", after the named places and the place nouns above. Not a time or a
 * manner said with the same prepositions ("in the morning", "on the way", "at the time", "in a hurry").
 */
const LOCATIVE =
  /\b(?:in|on|at|into|onto|under|inside|behind|beside|beneath|underneath|next to|near|over)\s+((?:the|a|an|my|our|his|her|their|your|this|that)\s+(?:[a-z][\w'-]*\s+){0,2}?([a-z][\w'-]*))(?=\s*(?:[,.;:!?"”]|$)|\s+(?:with|for|where|which|that|and|but|when|of|in|on|at|next|near|under|behind|until|till|every|all|by|so)\b)/g;
const NOT_PLACES = new Set(
  'time times day days night nights morning mornings evening afternoon week weeks month months year years winter summer spring fall autumn end way moment meantime hurry while beginning middle rest same first last whole lot bit kind sort line row trouble love mood hand hands back front top bottom dark light war news paper papers radio phone telephone weekend weekends minute minutes hour hours second seconds season seasons fact case course life future past'.split(
    ' ',
  ),
);

/** Whether a place fact is only a thing a preposition names (`LOCATIVE`), not a named place or a place noun. */
export function isGenericPlace(fact: Fact): boolean {
  return genericPlaces.has(fact);
}
const genericPlaces = new WeakSet<Fact>();

const REASON = /\b(because|so that|since|to (?!the\b|a\b|an\b)[a-z]+|for the|so\b|that's why|afraid|wanted)\b/i;
/**
 * Peoples and languages said as adjectives or nouns ("this old Scotsman", "the Greek fella", "in English"):
 * capitalised, but they say where someone is from, not who they are.
 */
const DEMONYMS =
  '(?:American|English|British|Irish|Scottish|Scots|Scotch|Welsh|French|German|Dutch|Italian|Spanish|Portuguese|Greek|Polish|Russian|Ukrainian|Czech|Hungarian|Swedish|Norwegian|Danish|Finnish|Swiss|Austrian|Jewish|Chinese|Japanese|Korean|Vietnamese|Filipino|Filipina|Indian|Pakistani|Mexican|Cuban|Puerto Rican|Canadian|Australian|African|Nigerian|Kenyan|Jamaican|Haitian|Arab|Turkish|Persian|Latin|Catholic|Protestant|Baptist|Methodist|Yankee|Negro|Indian|Native|(?:Scots|English|Irish|French|Dutch|Welsh|China|Norse|Yorkshire|Cornish|Swiss|Manx)(?:man|men|woman|women))';
const NOT_PEOPLE = new RegExp(
  `^(?:${MONTHS}|${DAYS}|${DEMONYMS}s?|I|God|Lord|Christmas|Easter|Okay|Well|So|And|But|Oh|Ay|Then|The|A|An|Now|Right|Yes|No|I'm|I'd|I'll|I've|I’m)$`,
  'i',
);

const BOUND_FOR =
  /\b(?:left|leave|leaves|leaving|sailed|sail|set (?:off|out|sail)|headed|heading|bound|departed|emigrated|started out|went off)\b(?:\s+[a-z]+){0,3}?\s+for\s+((?:the\s+)?[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*)*)/g;

/** Words said alone that are no names ("Maybe.", "Never.", "Gone."). */
const NOT_NAMES =
  /^(?:maybe|perhaps|yes|yeah|no|nope|sure|never|always|nothing|everything|anyway|exactly|really|imagine|twice|once|gone|done|enough|please|thanks|hello|goodbye|ah|oh|well|right|okay|ok|nobody|everybody|somebody|later|sometimes|mostly|often|again|true|fine|good|bad|dead|home|quiet|silence|nonsense|rubbish|lovely|beautiful|terrible|hard|cold|hot|hungry|tired|poor|rich|still|almost|only|just|so|such|both|neither|none|all|finally|eventually|anyhow|besides|otherwise|meanwhile|afterwards|honestly|seriously|certainly|definitely|probably|imagine that|fancy that)$/i;

/** Last words of place names ("Miles City", "Custer County", "Pearl Harbor", "Cottage Grove"). */
export const PLACE_HEAD =
  /^(?:City|Town|Township|County|Parish|Province|State|Street|St|Avenue|Ave|Road|Rd|Lane|Boulevard|Square|Corner|Bay|Harbou?r|River|Creek|Lake|Mountains?|Valley|Falls|Springs|Park|Hills?|Island|Islands|Beach|Port|Point|Heights|Grove|Station|Bridge|Gardens?|Green|Common|Canyon|Desert|Forest|Coast|Sea|Ocean|Gulf|Strait|Channel)$/;

/** Capitalised only because they open a sentence: pronouns, articles, connectives, common openers. */
const SENTENCE_OPENERS =
  /^(?:he|she|it|we|they|you|my|our|your|his|her|their|its|this|that|these|those|there|here|every|each|some|no|nobody|everybody|everyone|somebody|someone|nothing|everything|one|two|after|before|when|once|later|then|that|what|which|who|if|because|mother|father|mum|mom|dad|people|life|work|school|money|nobody|all|both|most|many|few|last|next|first|in|on|at|by|for|with|from|to|of|as|only|just|even|still|never|always|sometimes|soon|today|yesterday|tomorrow)$/i;

function push(out: Fact[], kind: FactKind, text: string, start: number): void {
  out.push({ kind, text: text.trim(), start, end: start + text.length });
}

function numberFacts(sentence: string, numbers: NumberSpan[], out: Fact[]): void {
  for (const n of numbers) {
    const after = sentence.slice(n.end, n.end + 40);
    const before = sentence.slice(Math.max(0, n.start - 24), n.start);
    // "a widow of about fifty": a person said with a number is that person's age, not the year '50.
    if (PERSON_OF.test(before) && n.value <= 110) {
      push(out, 'age', n.text, n.start);
      continue;
    }
    // "two thousand roubles", "1900 dollars": a number said in money is an amount, not a year.
    if (
      n.year &&
      (!MONEY_UNITS.test(sentence.slice(n.end, n.end + 40)) || /\b(?:in|since|by|until|till)\s+$/i.test(before))
    )
      push(out, 'year', n.text, n.start);
    // "a dollar twenty an hour", "two pounds ten": the number after the unit is the cents or shillings.
    if (/\b(?:dollars?|bucks?|pounds?|quid|shillings?)\s+(?:and\s+)?$/i.test(before)) continue;
    const beforeMoney = /(\$|£|€)\s*$/.test(before);
    const money = MONEY_UNITS.exec(after);
    if (money || beforeMoney) {
      push(
        out,
        'money',
        sentence.slice(beforeMoney ? n.start - 1 : n.start, n.end + (money?.[0].length ?? 0)),
        n.start,
      );
      if (!n.year) push(out, 'count', n.text, n.start);
      continue;
    }
    // "nineteen years old" is an age, not a duration; so is "Les, the eldest, nineteen that year".
    const aged = AGE_AFTER.test(after) || (/,\s*$/.test(before) && /^\s+(?:that year|at the time)\b/i.test(after));
    const time = aged ? null : TIME_UNITS.exec(after);
    if (time) push(out, 'duration', sentence.slice(n.start, n.end + time[0].length), n.start);
    const measure = MEASURE_UNITS.exec(after);
    if (measure) push(out, 'measure', sentence.slice(n.start, n.end + measure[0].length), n.start);
    if (
      !n.year &&
      n.value > 0 &&
      n.value <= 110 &&
      !time &&
      !measure &&
      (aged ||
        (AGE_BEFORE.test(before) &&
          !/^\s*(?:[a-z]+\s+)?(?:o'clock|in the|at night|thirty|of\b|times?\b|percent)/i.test(after) &&
          // "there were twenty stops", "we were five kids": a number said of a thing is a count, not an age.
          !/^\s+(?!(?:then|when|and|or|but|so|that|at|in|on|by|too|yet|already|now|and|or|if|because|until|till|before|after|myself|himself|herself)\b)[a-z]+/.test(
            after,
          )))
    ) {
      push(out, 'age', sentence.slice(n.start, n.end + (AGE_AFTER.exec(after)?.[0].length ?? 0)), n.start);
    }
    if (
      /^\s*(?:o'clock|in the (?:morning|afternoon|evening)|at night|(?:thirty|fifteen|forty-five)\b|a\.?m\.?|p\.?m\.?)/i.test(
        after,
      ) ||
      // "at seven", "till three": a bare number after these is a clock hour; "left school at fourteen" is an age.
      (/\b(?:at|till|until|by)\s+(?:about\s+)?$/i.test(before) && n.value <= 12) ||
      // "half past five", "a quarter to seven", "ten past six"
      (n.value <= 12 &&
        /\b(?:half|quarter|(?:ten|five|twenty|twenty-five))\s+(?:past|to|after|till)\s+$/i.test(before)) ||
      // "from five to eight": hours of a day.
      (n.value <= 12 &&
        /\bfrom\s+$/i.test(before) &&
        /^\s+(?:to|till|until)\s+(?:\d|[a-z]+\b)/i.test(after) &&
        !/^\s+(?:to|till|until)\s+\w+\s+(?:years?|months?|weeks?|days?|dollars?|pounds?|miles?|percent)/i.test(
          after,
        )) ||
      (n.value <= 12 && /\bfrom\s+\w+\s+(?:to|till|until)\s+$/i.test(before))
    ) {
      push(
        out,
        'time',
        sentence.slice(
          n.start,
          n.end +
            (/^\s*(?:o'clock|in the \w+|at night|a\.?m\.?|p\.?m\.?|sharp|(?:thirty|fifteen|forty-five|twenty|ten|five|forty|fifty)(?:-\w+)?(?!\s+(?:years?|dollars?|minutes?|hours?)))/i.exec(
              after,
            )?.[0].length ?? 0),
        ),
        n.start,
      );
    }
    // Two-digit years said alone: "in sixty-six", "since '29", "till fifty-six".
    if (
      !n.year &&
      n.value >= 10 &&
      n.value <= 99 &&
      /\b(?:in|of|since|till|until|by|from|around)\s+(?:about\s+)?$/i.test(before) &&
      !time &&
      !measure &&
      !money
    ) {
      push(out, 'year', n.text, n.start);
    }
    // "The last year I picked was fifty-one", "the year was sixty": a number said to be a year is one.
    if (
      !n.year &&
      n.value >= 10 &&
      n.value <= 99 &&
      /\byear\b[^.;,]*\b(?:was|were|is)\s+(?:about\s+|maybe\s+|around\s+)?$/i.test(before) &&
      !time &&
      !measure &&
      !money
    ) {
      push(out, 'year', n.text, n.start);
    }
    // "in sixty, no, sixty-one": a number right after a correction is the same kind as the one corrected.
    if (
      !n.year &&
      /\b(?:no|sorry|i mean|or)[,\s]+$/i.test(before) &&
      out.some((f) => f.kind === 'year' && f.end <= n.start)
    ) {
      push(out, 'year', n.text, n.start);
    }
    if (n.ordinal && new RegExp(`^\\s*(?:of\\s+)?(?:${MONTHS})`, 'i').test(after)) push(out, 'date', n.text, n.start);
    // "a one-room school", "a two-storey house": a number inside a compound word is not a count.
    // "every one", "no one", "one day", "one of them": "one" as a pronoun or an article, not a count.
    const pronounOne =
      n.value === 1 &&
      /^one$/i.test(n.text) &&
      // "the clever one", "the youngest one": an adjective may stand between.
      (/\b(?:every|each|no|any|some|the|that|this|which|other|another|little|only|last|right|wrong|same|a)\s+(?:[a-z]+\s+)?$/i.test(
        before,
      ) ||
        /^\s+(?:of|day|night|morning|evening|afternoon|time|more|another|thing|way)\b/i.test(after));
    // "the first black man", "my second season": an ordinal says which, not how many.
    if (!n.year && !n.ordinal && !/^-[a-z]/i.test(after) && !pronounOne) push(out, 'count', n.text, n.start);
  }
  // "a mile and a half", "a week", "an hour", "a dollar": one of a unit, said without a number.
  for (const m of sentence.matchAll(
    /\b(?:a|an|half an?|one)\s+(?:(?:good|whole|long|full|little)\s+)?([a-z]+)(?:\s+and a half)?\b/gi,
  )) {
    const unit = ` ${m[1]}`;
    if (TIME_UNITS.test(unit)) push(out, 'duration', m[0], m.index!);
    else if (MEASURE_UNITS.test(unit) && !/^\s*(?:high|deep|tall|long|wide|below|above)$/i.test(unit))
      push(out, 'measure', m[0], m.index!);
    else if (MONEY_UNITS.test(unit)) push(out, 'money', m[0], m.index!);
  }
}

/** Every fact `sentence` states, in order of appearance. */
export function factsIn(sentence: string): Fact[] {
  const out: Fact[] = [];
  numberFacts(sentence, findNumbers(sentence), out);
  for (const m of sentence.matchAll(new RegExp(DATE_WORDS.source, 'gi'))) push(out, 'date', m[0], m.index!);
  // "in November fifty-nine": a month and a number no day can be is the month's year ('59).
  for (const n of findNumbers(sentence))
    if (
      !n.year &&
      n.value > 31 &&
      n.value < 100 &&
      new RegExp(`\\b(?:${MONTHS}),?\\s+(?:of\\s+)?$`, 'i').test(sentence.slice(0, n.start))
    )
      push(out, 'year', n.text, n.start);
  for (const m of sentence.matchAll(new RegExp(RELATIVE.source, 'gi'))) push(out, 'date', m[0], m.index!);
  for (const m of sentence.matchAll(DECADE)) push(out, 'year', m[0], m.index!);
  for (const m of sentence.matchAll(DURING)) push(out, 'date', m[0], m.index!);
  for (const m of sentence.matchAll(new RegExp(TIME_OF_DAY.source, 'gi'))) push(out, 'time', m[0], m.index!);
  for (const m of sentence.matchAll(COLOURS)) push(out, 'colour', m[0], m.index!);
  for (const m of sentence.matchAll(TITLES)) {
    push(out, 'person', m[0], m.index!);
    push(out, 'name', m[0], m.index!);
  }
  // "my brother Gene", not "my brother was": the name after the kin word is capitalised (KIN ignores case).
  for (const m of sentence.matchAll(KIN))
    push(out, 'person', m[0].replace(new RegExp(`(\\b${m[1]})\\s+[a-z][\\w'-]*$`), '$1'), m.index!);
  for (const m of sentence.matchAll(ROLE)) push(out, 'person', m[0], m.index!);
  // "Nina Lebedeva's nephew": the relative of someone named is a person of their own.
  for (const m of sentence.matchAll(NAMED_KIN)) push(out, 'person', m[0], m.index!);
  // "my mother's brother": a relative of a relative, who is neither of them.
  for (const m of sentence.matchAll(KIN_OF_KIN)) push(out, 'person', m[0], m.index!);
  // Capitalised words inside the sentence: names of people, places, ships, shops.
  for (const m of sentence.matchAll(
    /(?<=\S\s+|["“(]\s*)(?:[A-Z][\w'’-]*)(?:\s+(?:of\s+|the\s+|de\s+|van\s+)?[A-Z][\w'’-]*)*/g,
  )) {
    const words = m[0].split(/\s+/);
    if (words.every((w) => NOT_PEOPLE.test(w.replace(/['’]s$/, '')))) continue;
    push(out, 'name', m[0].replace(/['’]s$/, ''), m.index!);
    // A name after "in/at/from/to" is a place, not a person ("outside Chippewa Falls"); so is a name whose
    // last word says it is a place ("Miles City went over to dial telephones", "Fields Corner").
    const bare = m[0].replace(/['’]s$/, '');
    if (words.length > 1 && PLACE_HEAD.test(words[words.length - 1]!.replace(/['’]s$/, ''))) {
      push(out, 'place', bare, m.index!);
      continue;
    }
    if (!/\b(?:in|at|from|to|on|near|outside|behind|across|into|off)\s+(?:the\s+)?$/i.test(sentence.slice(0, m.index!)))
      push(out, 'person', bare, m.index!);
  }
  // "Darcy taught me.": a capitalised first word that is no pronoun, article or connective, doing something.
  const opener =
    /^["“]?([A-Z][a-z'’-]+(?:\s+[A-Z][a-z'’-]+)?)\s+(?:[a-z]+ed|taught|was|said|came|went|had|told|gave|got|made|took|bought|brought|ran|kept|showed|sent|found|knew|left|met|paid|sold|wrote|used|runs|lives|works|has|is|keeps|owns|says|still)\b/.exec(
      sentence,
    );
  if (opener && !SENTENCE_OPENERS.test(opener[1]!.split(/\s+/)[0]!) && !NOT_PEOPLE.test(opener[1]!.split(/\s+/)[0]!)) {
    push(out, 'name', opener[1]!, sentence.indexOf(opener[1]!));
    push(out, 'person', opener[1]!, sentence.indexOf(opener[1]!));
  }
  // "Otis.": a fragment of capitalised words only is a name said on its own.
  const alone = /^["“]?([A-Z][a-z'’-]+(?:\s+[A-Z][a-z'’-]+){0,2})[.!]?["”]?$/.exec(sentence.trim());
  if (
    alone &&
    !SENTENCE_OPENERS.test(alone[1]!) &&
    !NOT_PEOPLE.test(alone[1]!) &&
    !NOT_NAMES.test(alone[1]!) &&
    findNumbers(alone[1]!).length === 0
  )
    push(out, 'name', alone[1]!, sentence.indexOf(alone[1]!));
  for (const m of sentence.matchAll(/\b(?:named|called)\s+((?:the\s+)?[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*)/g))
    push(out, 'name', m[1]!, m.index! + m[0].indexOf(m[1]!));
  for (const m of sentence.matchAll(PLACE_PREP)) {
    const place = m[1]!.replace(/[,.\s]+$/, '');
    if (place.split(/\s+/).every((w) => NOT_PEOPLE.test(w))) continue;
    push(out, 'place', place, m.index! + m[0].indexOf(m[1]!));
  }
  for (const m of sentence.matchAll(PLACE_NOUNS)) push(out, 'place', m[1]!, m.index! + m[0].indexOf(m[1]!));
  // "left the harbour for North Africa", "sailed for Sydney": where a journey was bound.
  for (const m of sentence.matchAll(BOUND_FOR))
    push(out, 'place', m[1]!.replace(/[.,]+$/, ''), m.index! + m[0].lastIndexOf(m[1]!));
  for (const m of sentence.matchAll(LOCATIVE)) {
    const start = m.index! + m[0].indexOf(m[1]!);
    // "came home on the nineteenth": a date, not a place.
    if (
      NOT_PLACES.has(m[2]!.toLowerCase()) ||
      findNumbers(m[2]!).length > 0 ||
      out.some((f) => f.kind === 'place' && f.start === start)
    )
      continue;
    push(out, 'place', m[1]!, start);
    genericPlaces.add(out[out.length - 1]!);
  }
  const reason = REASON.exec(sentence);
  if (reason) push(out, 'reason', sentence.slice(reason.index), reason.index);
  return out.sort((a, b) => a.start - b.start);
}
