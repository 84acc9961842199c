/**
 * The length of an Opus packet from its TOC byte alone (RFC 6716, section 3.1), without decoding it:
 * how much audio a file really holds, so a file whose packets add up to more than its header declares
 * (a "decompression bomb": a few bytes a packet, 120 ms each) is refused before any decoding.
 */

/** Frame length in ms for each of the 32 configurations: SILK 10/20/40/60, hybrid 10/20, CELT 2.5/5/10/20. */
function frameMs(config: number): number {
  if (config < 12) return [10, 20, 40, 60][config % 4]!;
  if (config < 16) return [10, 20][config % 2]!;
  return [2.5, 5, 10, 20][config % 4]!;
}

/** Seconds of audio in one Opus packet; 0 for an empty or malformed one (a decoder would conceal it). */
export function opusPacketSeconds(packet: Uint8Array): number {
  const toc = packet[0];
  if (toc === undefined) return 0;
  const code = toc & 0x03;
  let frames: number;
  if (code === 0) frames = 1;
  else if (code === 1 || code === 2) frames = 2;
  else {
    const count = packet[1];
    if (count === undefined) return 0;
    frames = count & 0x3f;
  }
  // RFC 6716: a packet holds at most 120 ms; a code-3 count beyond that makes it invalid.
  const ms = frames * frameMs(toc >> 3);
  return ms > 120 ? 0 : ms / 1000;
}

/** Seconds of audio in a list of Opus packets. */
export function opusSeconds(packets: readonly Uint8Array[]): number {
  let seconds = 0;
  for (const packet of packets) seconds += opusPacketSeconds(packet);
  return seconds;
}
