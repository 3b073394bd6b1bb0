import type { CallName } from './calls.ts';

/**
 * Calls whose effect reaches past the environment they are made in: the keychain's PIN key, the
 * counter's own settings (its name, digits, idle lock, printers, backups, updates, refund policy),
 * its station link and its identity. Each environment has its own agents (TRAINING's are not
 * LIVE's), so these are made only in the counter's world of record, the most real environment
 * whose journal has agents (LIVE, then SANDBOX, then TRAINING), or anywhere before any has one
 * (main/agents/world-of-record.ts). Otherwise a trainee, who is their own supervisor in TRAINING,
 * could change what LIVE runs with or take its PIN key.
 */
export const INSTALLATION_CALLS: ReadonlySet<CallName> = new Set<CallName>([
  'importStationSecret',
  'exportStationSecret',
  'saveStationName',
  'saveArabicDigits',
  'saveIdleLock',
  'savePrintSettings',
  'saveBackupSettings',
  'saveUpdateSettings',
  'saveRefundSettings',
  'connectStation',
  'disconnectStation',
  'restoreCounter',
  'retireCounter',
]);
