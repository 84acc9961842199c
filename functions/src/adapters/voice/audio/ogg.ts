import { AudioFormatError } from './wav.ts';

/**
 * The packets of the first logical stream of an Ogg file (pages joined by their lacing values), by
 * hand: for Ogg Opus the packets go to opus-decoder directly, without ogg-opus-decoder's 4 MB speech
 * enhancement model in the bundle.
 */
export function oggPackets(bytes: Uint8Array): Uint8Array[] {
  const packets: Uint8Array[] = [];
  let pending: Uint8Array[] = [];
  let serial: number | undefined;
  let at = 0;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  while (at + 27 <= bytes.length) {
    if (bytes[at] !== 0x4f || bytes[at + 1] !== 0x67 || bytes[at + 2] !== 0x67 || bytes[at + 3] !== 0x53)
      throw new AudioFormatError('broken Ogg page');
    const pageSerial = view.getUint32(at + 14, true);
    const segments = bytes[at + 26]!;
    const table = bytes.subarray(at + 27, at + 27 + segments);
    let body = at + 27 + segments;
    serial ??= pageSerial;
    const mine = pageSerial === serial;
    for (const lace of table) {
      if (mine) pending.push(bytes.subarray(body, body + lace));
      body += lace;
      if (lace < 255 && mine) {
        const size = pending.reduce((n, p) => n + p.length, 0);
        const packet = new Uint8Array(size);
        let o = 0;
        for (const p of pending) {
          packet.set(p, o);
          o += p.length;
        }
        packets.push(packet);
        pending = [];
      }
    }
    if (body > bytes.length) break; // a file cut short: keep the whole packets read so far
    at = body;
  }
  return packets;
}

/**
 * The granule position of the last page that carries one (what players take as the length: samples
 * at 48 kHz for Opus, at the stream's rate for Vorbis); undefined when no page has one.
 */
export function oggLastGranule(bytes: Uint8Array): bigint | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = bytes.length - 27; at >= 0; at--) {
    if (bytes[at] !== 0x4f || bytes[at + 1] !== 0x67 || bytes[at + 2] !== 0x67 || bytes[at + 3] !== 0x53) continue;
    const granule = view.getBigInt64(at + 6, true);
    if (granule >= 0n) return granule;
  }
  return undefined;
}
