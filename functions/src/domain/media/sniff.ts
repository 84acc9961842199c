import { type UploadKind, uploadRules } from '@storyloom/shared/media';
import { fileTypeFromBuffer } from 'file-type';

/** How many leading bytes the magic-byte check reads (file-type needs up to 4100 for its detectors). */
export const SNIFF_BYTES = 4100;

/** The stored form of an accepted file: its real type and the extension its key gets. */
export interface SniffedType {
  mime: string;
  ext: string;
}

/** What each real type is stored as (one content type per format, so players pick the right decoder). */
const ACCEPTED: Record<'image' | 'audio', Record<string, SniffedType>> = {
  image: {
    'image/jpeg': { mime: 'image/jpeg', ext: 'jpg' },
    'image/png': { mime: 'image/png', ext: 'png' },
    'image/gif': { mime: 'image/gif', ext: 'gif' },
    'image/webp': { mime: 'image/webp', ext: 'webp' },
  },
  audio: {
    'audio/mpeg': { mime: 'audio/mpeg', ext: 'mp3' },
    'audio/wav': { mime: 'audio/wav', ext: 'wav' },
    'audio/x-wav': { mime: 'audio/wav', ext: 'wav' },
    'audio/vnd.wave': { mime: 'audio/wav', ext: 'wav' },
    'audio/mp4': { mime: 'audio/mp4', ext: 'm4a' },
    'audio/x-m4a': { mime: 'audio/mp4', ext: 'm4a' },
    'video/mp4': { mime: 'audio/mp4', ext: 'm4a' },
    'audio/ogg': { mime: 'audio/ogg', ext: 'ogg' },
    'audio/opus': { mime: 'audio/ogg', ext: 'ogg' },
    'application/ogg': { mime: 'audio/ogg', ext: 'ogg' },
    // MediaRecorder's audio-only webm is the same container as video webm: file-type cannot tell them apart.
    'audio/webm': { mime: 'audio/webm', ext: 'webm' },
    'video/webm': { mime: 'audio/webm', ext: 'webm' },
  },
};

export type SniffResult = { ok: true; type: SniffedType } | { ok: false; message: string };

/**
 * Decides from the first bytes and the full size whether a file may be stored as `kind`: the real type
 * by magic bytes (never the name or the declared type), the size cap, and for WAV that the file is as
 * long as its RIFF header says (a cut-off recording is refused).
 */
export async function sniffUpload(kind: UploadKind, head: Uint8Array, size: number): Promise<SniffResult> {
  const rule = uploadRules[kind];
  if (size === 0 || head.length === 0) return { ok: false, message: rule.typeMessage };
  if (size > rule.maxBytes) return { ok: false, message: rule.sizeMessage };
  const detected = await fileTypeFromBuffer(head);
  const type = detected ? ACCEPTED[rule.family][detected.mime.split(';')[0]!.trim()] : undefined;
  if (!type) return { ok: false, message: rule.typeMessage };
  if (type.ext === 'wav' && !completeWav(head, size)) return { ok: false, message: rule.typeMessage };
  return { ok: true, type };
}

/**
 * A WAV file is whole when the RIFF size covers the file and its `data` chunk (if the header holds it)
 * fits in what is there. Streaming writers may put 0 or 0xFFFFFFFF in the sizes: those are let through.
 */
export function completeWav(head: Uint8Array, size: number): boolean {
  if (head.length < 12) return false;
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const riffSize = view.getUint32(4, true);
  const unknown = (n: number) => n === 0 || n === 0xffffffff;
  if (!unknown(riffSize) && riffSize + 8 > size) return false;
  // Walk the chunks in the bytes we have until `data`.
  let offset = 12;
  while (offset + 8 <= head.length) {
    const id = String.fromCharCode(...head.subarray(offset, offset + 4));
    const chunkSize = view.getUint32(offset + 4, true);
    if (id === 'data') return unknown(chunkSize) || offset + 8 + chunkSize <= size;
    offset += 8 + chunkSize + (chunkSize % 2);
  }
  return true;
}
