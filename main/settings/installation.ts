// This installation's identity: a counter id made once, on the first start, and kept in
// `installation.json` beside the journals. Every journal this installation creates takes it, and
// every entry carries it, so entries shipped from several counters never mix.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { SettingsFile } from './file.ts';

export const INSTALLATION_FILE = 'installation.json';

const Stored = z.object({
  version: z.literal(1),
  counterId: z.string().regex(/^ctr_[0-9a-f-]{36}$/),
  createdAt: z.string(),
});

/** The counter id of the installation in `dir`, made and saved on the first call. */
export function installationCounterId(dir: string, log?: (message: string, err?: unknown) => void, now = new Date()): string {
  const file = new SettingsFile({ dir, file: INSTALLATION_FILE, what: 'installation identity', schema: Stored, log });
  const saved = file.load();
  if (saved) return saved.counterId;
  return file.save({ version: 1, counterId: `ctr_${randomUUID()}`, createdAt: now.toISOString() }).counterId;
}
