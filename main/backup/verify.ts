// A backup file is good only when SQLite finds it whole (integrity_check, in a worker thread), its hash chain holds
// from the first entry to its head, and, when written from a live journal, its last entry is the
// live journal's entry of that seq (a copy of this counter's record, not of another one).
import type { CounterEnvironment } from '../../contract/counter.ts';
import { AppFailure } from '../failure.ts';
import { integrityCheck } from '../journal/integrity.ts';
import { JournalFile } from '../journal/journal-file.ts';
import type { ChainCheck } from '../journal/verify-chain.ts';
import { refuseAgentsNotKeyedHere, type OverLostJournal } from '../journal/backup-agents.ts';

export interface VerifiedBackup {
  environment: CounterEnvironment;
  counterId: string;
  /** The last entry's seq and hash. */
  seq: number;
  lastHash: string;
  /** The station databases the journal was linked to (its entries applied their settings). */
  linkedStations: string[];
}

export interface BackupExpectation {
  /** The backup holds at least the entries up to this seq (the journal's head when it started). */
  atLeastSeq?: number;
  /** The hash the live journal has at a seq (null: no such entry). */
  hashAt?: (seq: number) => string | null;
  counterId?: string;
  /** Over a lost journal: the PIN keys its agents must be written with. */
  overLostJournal?: Pick<OverLostJournal, 'keys'>;
}

const corrupt = (path: string, why: string) => new AppFailure('backup_corrupt', `The backup ${path} cannot be used: ${why}`);

export async function verifyBackupFile(path: string, expect: BackupExpectation = {}): Promise<VerifiedBackup> {
  let integrity: string[];
  try {
    integrity = await integrityCheck(path);
  } catch (err) {
    throw corrupt(path, `it is not a journal database (${(err as Error).message})`);
  }
  if (integrity.length !== 1 || integrity[0] !== 'ok') throw corrupt(path, `SQLite finds it damaged (${integrity.slice(0, 3).join('; ')})`);
  let file: JournalFile;
  try {
    file = JournalFile.open(path);
  } catch (err) {
    throw corrupt(path, `it cannot be opened (${(err as Error).message})`);
  }
  try {
    let meta: Map<string, string>;
    try {
      meta = file.meta();
    } catch {
      throw corrupt(path, 'it is not a Shubbak journal (no meta table)');
    }
    const environment = meta.get('environment') as CounterEnvironment | undefined;
    const counterId = meta.get('counter_id');
    if (!environment || !counterId) throw corrupt(path, 'it names no environment or counter');
    if (expect.counterId && counterId !== expect.counterId) throw corrupt(path, `it is counter ${counterId}'s, not ${expect.counterId}'s`);
    let chain: ChainCheck;
    try {
      chain = await file.verifyChain();
    } catch (err) {
      throw corrupt(path, `its entries cannot be read (${(err as Error).message})`);
    }
    if (!chain.ok) throw corrupt(path, `its hash chain is broken at entry ${chain.firstBadSeq}`);
    if (expect.atLeastSeq !== undefined && chain.entries < expect.atLeastSeq) {
      throw corrupt(path, `it ends at entry ${chain.entries}, before the journal's ${expect.atLeastSeq}`);
    }
    if (expect.hashAt && chain.entries > 0 && expect.hashAt(chain.entries) !== chain.lastHash) {
      throw corrupt(path, `its entry ${chain.entries} differs from the journal's`);
    }
    if (expect.overLostJournal) refuseAgentsNotKeyedHere(file, counterId, environment, expect.overLostJournal);
    return { environment, counterId, seq: chain.entries, lastHash: chain.lastHash, linkedStations: file.linkedStations() };
  } finally {
    file.close();
  }
}
