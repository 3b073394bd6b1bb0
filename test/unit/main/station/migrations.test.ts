import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { render, sqlFiles } from '../../../../main/journal/migrations/generate.ts';
import { stationMigrations } from '../../../../main/station/database.ts';

// The station database's migrations are applied for real in test/integration/station/.
describe('station database migrations', () => {
  it('are numbered 1..n without gaps and embedded exactly as the .sql files say (run generate.ts main/station/migrations after editing one)', () => {
    expect(stationMigrations.map((m) => m.version)).toEqual(stationMigrations.map((_, i) => i + 1));
    const dir = join(import.meta.dirname, '../../../../main/station/migrations');
    expect(readFileSync(join(dir, 'sql.generated.ts'), 'utf8')).toBe(render(sqlFiles(dir), 'main/station/migrations'));
  });
});
