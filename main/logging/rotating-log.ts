import { appendFileSync, chmodSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { inspect } from 'node:util';

export interface RotatingLogOptions {
  dir: string;
  /** The live file's name; rotated copies are <name>.1 (newest) to <name>.<keep>. */
  name?: string;
  /** Size past which the live file is rotated before the next line. */
  maxBytes?: number;
  /** How many rotated files are kept. */
  keep?: number;
  now?: () => Date;
}

export type Log = (message: string, err?: unknown) => void;

/**
 * The main process's log in the user's data folder (never next to the program files): one line
 * per message, rotated by size so a counter that runs for years keeps a bounded log. The folder
 * is the user's alone (0700) and the files 0600, like the rest of the data folder.
 */
export function rotatingLog(opts: RotatingLogOptions): Log {
  const name = opts.name ?? 'main.log';
  const maxBytes = opts.maxBytes ?? 1024 * 1024;
  const keep = opts.keep ?? 5;
  const now = opts.now ?? (() => new Date());
  const file = join(opts.dir, name);
  const rotated = (n: number) => join(opts.dir, `${name}.${n}`);
  mkdirSync(opts.dir, { recursive: true, mode: 0o700 });

  const rotate = () => {
    rmSync(rotated(keep), { force: true });
    for (let n = keep - 1; n >= 1; n--) if (existsSync(rotated(n))) renameSync(rotated(n), rotated(n + 1));
    renameSync(file, rotated(1));
  };

  return (message, err) => {
    const detail = err === undefined ? '' : ` ${err instanceof Error ? (err.stack ?? err.message) : inspect(err)}`;
    const line = `${now().toISOString()} ${message}${detail}\n`;
    try {
      if (existsSync(file) && statSync(file).size + Buffer.byteLength(line) > maxBytes) rotate();
      appendFileSync(file, line, { mode: 0o600 });
      chmodSync(file, 0o600);
    } catch {
      // A full or read-only disk must not stop the counter: the line still reaches stderr.
    }
    process.stderr.write(line);
  };
}
