import data from './lexicon.json';

/**
 * The local answerer's lexicon: WordNet 3.1 cut at build time (functions/scripts/build-lexicon.ts) to the
 * common senses of common words, keyed by index term (the wink lemma's stem, as the story index holds it).
 * `related`: synonyms and derived forms ("wed" / marry, "teacher" / teach), symmetric; `kinds`: what a
 * noun names a kind of ("piano" → instrument), one way. Never opposites. The file ships in the question
 * routes' bundle only (retrieve.ts is its one importer) and is parsed once per container, at first use.
 */
const NONE: readonly string[] = [];

interface Lexicon {
  related: Section;
  kinds: Section;
}

/**
 * One section: its lines ("term word word…"), sorted by term as the build wrote them, looked up by binary
 * search, so that the first question pays only for splitting the text into lines, not for building maps.
 */
class Section {
  private readonly lines: string[];
  private readonly found = new Map<string, readonly string[]>();

  constructor(packed: string) {
    this.lines = packed.split('\n');
  }

  get(term: string): readonly string[] {
    let words = this.found.get(term);
    if (words) return words;
    words = NONE;
    let lo = 0;
    let hi = this.lines.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const line = this.lines[mid]!;
      const space = line.indexOf(' ');
      const key = line.slice(0, space);
      if (key === term) {
        words = line.slice(space + 1).split(' ');
        break;
      }
      if (key < term) lo = mid + 1;
      else hi = mid - 1;
    }
    if (this.found.size > 20_000) this.found.clear();
    this.found.set(term, words);
    return words;
  }
}

let lexicon: Lexicon | undefined;

function load(): Lexicon {
  lexicon ??= { related: new Section(data.related), kinds: new Section(data.kinds) };
  return lexicon;
}

/** Terms WordNet gives as synonyms or derived forms of `term` (in their common senses). */
export function relatedTerms(term: string): readonly string[] {
  return load().related.get(term);
}

/**
 * Makes of car, truck and motorbike families name in their stories ("Dad bought a green Chevrolet" is the car
 * "what color was the car" asks about). WordNet has none of them; each is a kind of car (or truck, motorbike).
 * Keys are index terms (stems), as `kinds` holds them. Makes that are also common words or places (Dodge,
 * Lincoln, Hudson, Jaguar, Beetle, Austin) are left out: WordNet's sense of them stands.
 */
const CAR = ['car', 'automobil', 'auto', 'motorcar', 'vehicl'];
const MAKES: Record<string, readonly string[]> = Object.fromEntries([
  ...'chevrolet chevi ford buick pontiac plymouth oldsmobil cadillac packard studebak chrysler desoto rambler edsel volkswagen volvo fiat renault peugeot citroen vauxhal hillman toyota datsun honda holden trabant skoda lada opel merced bmw saab mazda nissan hyundai subaru'
    .split(' ')
    .map((make) => [make, CAR] as const),
  ...'jeep landrov unimog'.split(' ').map((make) => [make, [...CAR, 'truck']] as const),
  ...'harley vespa lambretta'.split(' ').map((make) => [make, ['motorcycl', 'motorbik', 'bike', 'vehicl']] as const),
]);

/** Whether `term` is a make of the vehicle `vehicle` names ("chevrolet" of car). */
export function isMakeOf(term: string, vehicle: string): boolean {
  return MAKES[term]?.includes(vehicle) ?? false;
}

/**
 * Garden flowers WordNet files only as the shrub, herb or bulb they grow on ("rose" → bush, shrub), which a family
 * calls flowers ("what flowers were in the garden" / "a garden full of roses"; found on a family walk). Stems.
 */
const FLOWERS = new Set(
  'rose tulip lilac violet lili hollyhock pansi geranium hydrangea azalea lavend camellia gardenia jasmin magnolia daffodil crocus iri bluebel snowdrop hibiscus bougainvillea frangipani'.split(
    ' ',
  ),
);
const FLOWER_KINDS = ['flower', 'bloom', 'blossom'];

/** Terms of what `term` names a kind of, one or two levels up ("piano" → keyboard, instrument). */
export function kindsOf(term: string): readonly string[] {
  const kinds = MAKES[term] ?? load().kinds.get(term);
  return FLOWERS.has(term) ? [...new Set([...kinds, ...FLOWER_KINDS])] : kinds;
}

/** Whether `specific` names a kind of `general` ("piano" of instrument). */
export function isKindOf(specific: string, general: string): boolean {
  return kindsOf(specific).includes(general);
}
