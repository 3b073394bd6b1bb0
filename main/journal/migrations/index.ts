import { SQL_FILES } from './sql.generated.ts';

export interface Migration {
  version: number;
  name: string;
  sql(): string;
}

/**
 * Numbered migrations `NNNN-name.sql`, applied in order, each once; never edit one that has
 * shipped: add the next. Their text comes embedded (see generate.ts) so the bundle needs no files.
 */
export function numberedMigrations(files: Readonly<Record<string, string>>): readonly Migration[] {
  return Object.keys(files)
    .sort()
    .map((file) => {
      const m = /^(\d{4})-(.+)\.sql$/.exec(file)!;
      return { version: Number(m[1]), name: m[2]!, sql: () => files[file]! };
    });
}

export const migrations: readonly Migration[] = numberedMigrations(SQL_FILES);
