// QR codes drawn as vector modules (sharp on laser and thermal printers at any scale).
import QRCode from 'qrcode';
import type { Doc } from './text.ts';
import { qrRuns } from '../../core/qr-runs.ts';

export interface QrOptions {
  x: number;
  y: number;
  /** Side of the whole symbol including the quiet zone, in points. */
  size: number;
  /** Error correction level (default M). */
  level?: 'L' | 'M' | 'Q' | 'H';
  /** Quiet zone in modules (default 4, the minimum the standard asks for). */
  quietZone?: number;
  color?: string;
}

/** Draws `value` as a QR code; returns the side of one module in points. */
export function drawQr(doc: Doc, value: string, o: QrOptions): number {
  const qr = QRCode.create(value, { errorCorrectionLevel: o.level ?? 'M' });
  const n = qr.modules.size;
  const data = qr.modules.data;
  const quiet = o.quietZone ?? 4;
  const cell = o.size / (n + 2 * quiet);
  const ox = o.x + quiet * cell;
  const oy = o.y + quiet * cell;
  doc.save();
  doc.rect(o.x, o.y, o.size, o.size).fill('#fff');
  // One rectangle per horizontal stretch of dark modules, all filled as one path.
  for (const r of qrRuns(n, data)) doc.rect(ox + r.col * cell, oy + r.row * cell, r.length * cell, cell);
  doc.fill(o.color ?? '#000');
  doc.restore();
  return cell;
}
