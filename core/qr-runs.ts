/** A horizontal stretch of dark modules of a QR symbol: row, first column, length (in modules). */
export interface QrRun {
  row: number;
  col: number;
  length: number;
}

/**
 * The dark modules of an n×n QR symbol (`data[row * n + col]` truthy when dark) as horizontal
 * runs: one rectangle per run draws it sharp at any scale, on paper (lib/pdf) and on screen.
 */
export function qrRuns(n: number, data: ArrayLike<number | boolean>): QrRun[] {
  const runs: QrRun[] = [];
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!data[row * n + col]) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && data[row * n + col]) col++;
      runs.push({ row, col: start, length: col - start });
    }
  }
  return runs;
}
