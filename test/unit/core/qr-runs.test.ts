import { describe, expect, it } from 'vitest';
import { qrRuns } from '../../../core/qr-runs.ts';

describe('qrRuns', () => {
  it('gives each horizontal stretch of dark modules once, row by row', () => {
    // 3×3: row 0 "##.", row 1 ".#.", row 2 "###"
    expect(qrRuns(3, [1, 1, 0, 0, 1, 0, 1, 1, 1])).toEqual([
      { row: 0, col: 0, length: 2 },
      { row: 1, col: 1, length: 1 },
      { row: 2, col: 0, length: 3 },
    ]);
    expect(qrRuns(2, [0, 0, 0, 0])).toEqual([]);
  });
});
