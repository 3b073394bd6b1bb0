// This installation's identity: a counter id made once, on the first start, and kept in
// `installation.json` beside the journals. Every journal this installation creates takes it, and
// every entry carries it, so entries shipped from several counters never mix. A restored counter
// takes the counter id of its backup (adoptCounterId) and keeps this PC's holder id: the holder
// tells the station database which PC writes for that counter now (main/station/lease.ts).
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { SettingsFile } from './file.ts';

export const INSTALLATION_FILE = 'installation.json';

const Stored = z.object({
  version: z.literal(1),
  counterId: z.string().regex(/^ctr_[0-9a-f-]{36}$/),
  createdAt: z.string(),
  /** This PC (this data folder): made once, kept across restores; older files have none yet. */
  holderId: z.string().regex(/^hld_[0-9a-f-]{36}$/).optional(),
  /** Where the counter came from when it was restored. */
  restoredFrom: z.string().optional(),
});
type Stored = z.infer<typeof Stored>;

const fileIn = (dir: string, log?: (message: string, err?: unknown) => void) =>
  new SettingsFile({ dir, file: INSTALLATION_FILE, what: 'installation identity', schema: Stored, log });

function installation(dir: string, log?: (message: string, err?: unknown) => void, now = new Date()): Stored {
  const file = fileIn(dir, log);
  const saved = file.load();
  if (saved?.holderId) return saved;
  if (saved) return file.save({ ...saved, holderId: `hld_${randomUUID()}` });
  return file.save({ version: 1, counterId: `ctr_${randomUUID()}`, createdAt: now.toISOString(), holderId: `hld_${randomUUID()}` });
}

/** The counter id of the installation in `dir`, made and saved on the first call. */
export function installationCounterId(dir: string, log?: (message: string, err?: unknown) => void, now = new Date()): string {
  return installation(dir, log, now).counterId;
}

/** This PC's holder id (made on the first call, kept when the counter id changes). */
export function installationHolderId(dir: string, log?: (message: string, err?: unknown) => void): string {
  return installation(dir, log).holderId!;
}

/** The installation becomes `counterId` (a restore, or a new identity on replace); this PC keeps its holder id. */
export function adoptCounterId(dir: string, counterId: string, now: Date, restoredFrom?: string): void {
  const holderId = fileIn(dir).load()?.holderId ?? `hld_${randomUUID()}`;
  fileIn(dir).save({ version: 1, counterId, createdAt: now.toISOString(), holderId, ...(restoredFrom ? { restoredFrom } : {}) });
}
