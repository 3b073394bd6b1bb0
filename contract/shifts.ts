import { z } from 'zod';
import { DENOMINATIONS, type Denomination } from './shift-rules.ts';

export { countTotal, DENOMINATIONS, fullCount, type Denomination } from './shift-rules.ts';
import type { ShiftView, ZReport } from './counter.ts';
import type { RetiredMark } from './backup.ts';

// Agents and their shifts as the contract carries them: the sign-in desk, cash counts by
// Egyptian denomination, cash movements. Money in piastres.

export const AgentRole = z.enum(['agent', 'supervisor']);
export type AgentRole = z.infer<typeof AgentRole>;

/** 4 to 8 digits: what a PIN pad takes. */
export const Pin = z.string().regex(/^[0-9]{4,8}$/, '4 to 8 digits');
export const AgentName = z.string().trim().min(1).max(60);


const Pieces = z.int().min(0).max(100_000);
/** How many pieces of each denomination were counted, keyed by the denomination in piastres. */
export const CashCount = z.strictObject(Object.fromEntries(DENOMINATIONS.map((d) => [`${d}`, Pieces.optional()])) as Record<`${Denomination}`, z.ZodOptional<typeof Pieces>>);
export type CashCount = z.infer<typeof CashCount>;


/** A pay-in (cash added: change from the safe), a pay-out (cash taken for an expense), a drop to the safe. */
export const CashMoveKind = z.enum(['pay_in', 'pay_out', 'safe_drop']);
export type CashMoveKind = z.infer<typeof CashMoveKind>;

export interface AgentView {
  id: string;
  name: string;
  role: AgentRole;
  active: boolean;
  /** Locked after too many wrong PINs until then (ISO UTC), or null. */
  lockedUntil: string | null;
}

/** A LIVE journal deleted or emptied outside the app, found at a start (main/agents/journal-lost.ts). */
export interface JournalLost {
  /** How many entries the journal held, as the head kept in the keychain said. */
  entries: number;
  /** When the start found it. */
  foundAt: string;
  /**
   * The journal is an earlier copy of itself, put in place outside the app: it lacks a change to
   * the agents the keychain saw (a supervisor dismissed, a PIN changed). False: deleted or emptied.
   */
  earlierCopy: boolean;
}

/** Who is at the counter: what the sign-in and lock screens need, and nothing secret. */
export interface DeskState {
  /** False on a counter with no agent yet: it acts as its supervisor until the first one is made. */
  agentsInUse: boolean;
  /** The agents who can sign in (active ones), for the sign-in list. */
  agents: AgentView[];
  signedIn: AgentView | null;
  /** Signed in, but the screen is locked (idle or on a key): the same agent's PIN unlocks it. */
  locked: boolean;
  /** Minutes without a key or click before the screen locks (0: never). */
  idleLockMinutes: number;
  /** The signed-in agent's open shift. */
  shift: ShiftView | null;
  /**
   * Agents exist but the PIN key their PINs were sealed with is not on this counter (lost with
   * the keychain): the station secret, or a first supervisor made again, who sets the PINs again.
   */
  pinKeyLost?: boolean;
  /** The keychain cannot be read: TRAINING only, in a folder of its own, and no supervisor. */
  keychainFailed?: boolean;
  /** No agent, and the journal was deleted outside the app: restore it, or the station secret makes a first supervisor. */
  journalLost?: JournalLost | null;
}

export interface CountResult {
  countedMinor: number;
  expectedMinor: number;
  /** counted − expected: positive over, negative short. */
  varianceMinor: number;
}

export interface ShiftCorrectionView {
  correctionId: string;
  amountMinor: number;
  reason: string;
  at: string;
  by: { id: string; name: string };
  approvedBy: { id: string; name: string };
}

/** A frozen Z-report as it was at close, with the corrections approved since (never merged into it). */
export interface ZReportView {
  report: ZReport;
  corrections: ShiftCorrectionView[];
  /** A Z-report of a retired counter's journal (read-only), not this counter's. */
  retired?: RetiredMark;
}

export type { ShiftView, ZReport };

/** A supervisor's approval of one action (its supervisor-only calls) for the agent signed in (the POS override). */
export interface OverrideGrant {
  action: string;
  calls: string[];
  supervisor: { id: string; name: string };
  /** The approval stands until then (ISO UTC), or until the screen locks or the agent changes. */
  expiresAt: string;
}
