import { useMemo } from 'react';
import QRCode from 'qrcode';
import { qrRuns } from '../../../core/qr-runs.ts';

/**
 * An operator's e-ticket QR drawn as SVG modules (no canvas, no inline HTML: the CSP stays strict),
 * one path of dark stretches per row, with the standard 4-module quiet zone.
 */
export function Qr({ value, size = 132, label }: { value: string; size?: number; label: string }) {
  const { n, path } = useMemo(() => {
    const qr = QRCode.create(value, { errorCorrectionLevel: 'M' });
    const count = qr.modules.size;
    const d = qrRuns(count, qr.modules.data)
      .map((r) => `M${r.col + 4} ${r.row + 4}h${r.length}v1h-${r.length}z`)
      .join('');
    return { n: count + 8, path: d };
  }, [value]);
  return (
    <svg className="qr" width={size} height={size} viewBox={`0 0 ${n} ${n}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width={n} height={n} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
