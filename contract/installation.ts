import type { CallName } from './calls.ts';

/**
 * Calls whose effect reaches past the environment they are made in: the keychain's PIN key, the
 * counter's own settings (its name, digits, idle lock, printers, backups, updates, refund policy),
 * its station link and its identity. Each environment has its own agents (TRAINING's are not
 * LIVE's), so these are refused in an environment when a more real one has agents (LIVE over
 * SANDBOX and TRAINING, SANDBOX over TRAINING: main/agents/world-of-record.ts). Otherwise a
 * trainee, who is their own supervisor in TRAINING, could change what LIVE runs with or take its
 * PIN key.
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
