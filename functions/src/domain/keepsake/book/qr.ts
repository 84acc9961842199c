import QRCode from 'qrcode';

/**
 * A QR code as vector squares (crisp at any print resolution, no bitmap to embed). Error correction
 * M survives small print defects; the quiet zone of four modules is part of the drawn size.
 */
export interface QrSquares {
  /** Modules per side, quiet zone included. */
  modules: number;
  /** Dark modules as [column, row], quiet zone included. */
  dark: Array<[number, number]>;
}

export const QR_QUIET_ZONE = 4;

export function qrSquares(text: string): QrSquares {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const dark: Array<[number, number]> = [];
  for (let row = 0; row < modules.size; row++)
    for (let col = 0; col < modules.size; col++)
      if (modules.get(row, col)) dark.push([col + QR_QUIET_ZONE, row + QR_QUIET_ZONE]);
  return { modules: modules.size + 2 * QR_QUIET_ZONE, dark };
}
