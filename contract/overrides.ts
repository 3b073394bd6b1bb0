import type { CallName } from './calls.ts';

/**
 * What an agent may ask a supervisor to approve with their PIN (the POS override): one screen's
 * or one form's supervisor-only calls. Every supervisor-only call of the contract belongs to
 * exactly one action, or is one NEVER_APPROVED (test/unit/contract/overrides.test.ts). Main grants
 * an approval for the calls of its action only (main/agents/handlers.ts): the renderer names the
 * action, it does not decide what the action opens.
 */
export const SUPERVISOR_ACTIONS = {
  reports: ['stationDayReport', 'printDayReport', 'exportDayReport', 'listShifts', 'correctShift', 'stationReport', 'printStationReport', 'exportStationReport', 'claims', 'matchAdjustment', 'exportClaims', 'retiredJournals', 'retiredDayReport', 'printRetiredDayReport', 'exportRetiredDayReport', 'retiredZReport', 'printRetiredZReport'],
  journal: ['openSales', 'resolveSale', 'backupJournal', 'dayReport', 'saveBackupSettings'],
  credentials: ['saveCredential', 'removeCredential'],
  prices: ['saveMarkupRule', 'deleteMarkupRule'],
  counter: ['saveStationName', 'saveRefundSettings', 'saveArabicDigits'],
  printers: ['savePrintSettings'],
  agents: ['listAgents', 'saveAgent', 'saveIdleLock'],
  station: ['connectStation', 'disconnectStation', 'renameStation'],
  updates: ['updateStatus', 'saveUpdateSettings'],
  training: ['trainingAction'],
} as const satisfies Record<string, readonly CallName[]>;

export type SupervisorAction = keyof typeof SUPERVISOR_ACTIONS;

/**
 * Supervisor calls no approval opens, only a supervisor signed in: the station secret,
 * restoring or retiring the counter's identity (what the whole counter is, not one action), and
 * the supervisor's own PIN typed again for their PIN proof.
 */
export const NEVER_APPROVED: readonly CallName[] = ['exportStationSecret', 'restoreCounter', 'retireCounter', 'confirmSupervisorPin'];

/** The calls an action opens (null: no such action). */
export function callsOfAction(action: string): readonly CallName[] | null {
  return Object.hasOwn(SUPERVISOR_ACTIONS, action) ? SUPERVISOR_ACTIONS[action as SupervisorAction] : null;
}

/** The action a supervisor-only call belongs to (null: not one an agent may ask for). */
export function actionOf(call: CallName): SupervisorAction | null {
  for (const [action, names] of Object.entries(SUPERVISOR_ACTIONS) as [SupervisorAction, readonly CallName[]][]) {
    if (names.includes(call)) return action;
  }
  return null;
}
