/** Words and sentences of a story text, with offsets into it (UTF-16 code units, as WordTiming wants). */

export interface TextSpan {
  text: string;
  offset: number;
  length: number;
}

/** Runs of letters, digits and inner apostrophes/hyphens/periods: what a listener hears as words. */
const WORD = /[\p{L}\p{N}]+(?:['’\-.,][\p{L}\p{N}]+)*/gu;

export function words(text: string, base = 0): TextSpan[] {
  return [...text.matchAll(WORD)].map((m) => ({ text: m[0], offset: base + m.index, length: m[0].length }));
}

/** Sentences (end punctuation, or a blank line), each with its offset; whitespace-only pieces dropped. */
export function sentences(text: string): TextSpan[] {
  const found: TextSpan[] = [];
  const pattern = /[^.!?…\n]*(?:[.!?…]+["'”’)\]]*|\n+|$)/gu;
  for (const m of text.matchAll(pattern)) {
    if (m[0].length === 0) {
      if (m.index >= text.length) break;
      continue;
    }
    if (m[0].trim()) found.push({ text: m[0], offset: m.index, length: m[0].length });
  }
  return found;
}

/**
 * Groups whole sentences into chunks of at most `maxChars` (a sentence longer than that is cut at
 * word boundaries), so each request stays under a provider's limit and never breaks a sentence
 * unless it has to.
 */
export function chunkText(text: string, maxChars: number): TextSpan[] {
  const chunks: TextSpan[] = [];
  let current: TextSpan | undefined;
  const push = (span: TextSpan) => {
    if (current && span.offset + span.length - current.offset <= maxChars) {
      current.length = span.offset + span.length - current.offset;
      current.text = text.slice(current.offset, current.offset + current.length);
      return;
    }
    if (current) chunks.push(current);
    current = { ...span };
  };
  for (const sentence of sentences(text)) {
    if (sentence.length <= maxChars) {
      push(sentence);
      continue;
    }
    // Each word carries what follows it up to the next word (its comma, the sentence's full stop), so
    // cutting a long sentence never drops punctuation from what is spoken.
    const inSentence = words(sentence.text, sentence.offset);
    const sentenceEnd = sentence.offset + sentence.text.trimEnd().length;
    let piece: TextSpan | undefined;
    for (const [i, word] of inSentence.entries()) {
      const tail = text.slice(word.offset, inSentence[i + 1]?.offset ?? sentenceEnd).trimEnd();
      const end = word.offset + Math.min(tail.length, maxChars);
      if (piece && end - piece.offset > maxChars) {
        push(piece);
        piece = undefined;
      }
      const offset = piece?.offset ?? word.offset;
      piece = { offset, length: end - offset, text: text.slice(offset, end) };
    }
    if (piece) push(piece);
  }
  if (current) chunks.push(current);
  return chunks.map(trimSpan).filter((c) => c.length > 0);
}

/**
 * A span without its leading and trailing whitespace, offset moved to match: a chunk sent with a leading
 * space is spoken with a pause the alignment counts, which shifted every word time after it.
 */
export function trimSpan(span: TextSpan): TextSpan {
  const lead = span.text.length - span.text.trimStart().length;
  const text = span.text.trim();
  return { text, offset: span.offset + lead, length: text.length };
}
