// eachRow (main/station/database.ts): a large read handed over row by row, none kept; a failure
// of the reader or of the query comes back to the caller and leaves the pool usable.
import { describe, expect, it } from 'vitest';
import { eachRow } from '../../../main/station/database.ts';
import { postgresForThisFile } from '../../support/postgres.ts';

const server = postgresForThisFile();

describe('eachRow', () => {
  it('hands every row over in the order the query gives, as arrays', async () => {
    const seen: [number, string][] = [];
    await eachRow<[number, string]>(server.pool, { text: 'SELECT i, $1 || i FROM generate_series(1, 20000) AS i ORDER BY i', values: ['n'] }, (r) => seen.push(r));
    expect(seen).toHaveLength(20_000);
    expect(seen[0]).toEqual([1, 'n1']);
    expect(seen.at(-1)).toEqual([20_000, 'n20000']);
  });

  it('a reader that throws: the error comes back once, the rest of the rows are not handed over, the pool goes on', async () => {
    let calls = 0;
    const read = eachRow<[number]>(server.pool, { text: 'SELECT i FROM generate_series(1, 1000) AS i', values: [] }, ([i]) => {
      calls++;
      if (i === 10) throw new Error('row 10 is bad');
    });
    await expect(read).rejects.toThrow('row 10 is bad');
    expect(calls).toBe(10);
    expect((await server.pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('a query the server refuses: its error, and the pool goes on', async () => {
    await expect(eachRow(server.pool, { text: 'SELECT * FROM no_such_table', values: [] }, () => {})).rejects.toThrow(/no_such_table/);
    expect(server.pool.totalCount).toBeLessThanOrEqual(4);
    expect((await server.pool.query('SELECT 2 AS two')).rows).toEqual([{ two: 2 }]);
  });
});
