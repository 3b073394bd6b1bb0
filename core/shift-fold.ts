// A shift and its drawer, folded from the shift's journal entries: the `shifts` read model and the
// Z-report's cash section both come from here. Pure.
//
// The drawer holds: the counted opening float, the cash of the shift's confirmed sales, the cash
// of its open sales (taken when the sale was sent: it stays in the drawer until the API answers),
// and the movements (pay-ins in, pay-outs and safe drops out). A sale counts in the shift of its
// intent (core/sale-fold.ts), whatever shift was open when its outcome arrived.
import { isOpen, type FoldEntry, type SaleState } from './sale-fold.ts';

export interface ShiftFacts {
  shiftId: string;
  agentId: string;
  agentName: string | null;
  businessDay: string;
  implicit: boolean;
  openedSeq: number;
  openedAt: string;
  floatMinor: number;
  /** The blind count at close (the last one, if the agent counted again before closing). */
  countedMinor: number | null;
  count: Record<string, number> | null;
  closedSeq: number | null;
  closedAt: string | null;
  zNumber: number | null;
}

/** A movement of the drawer's cash other than a sale. */
export interface DrawerMovement {
  kind: string;
  /** As entered: positive piastres. */
  amountMinor: number;
  reason: string;
  at: string;
  seq: number;
}

/**
 * Which way each kind of movement moves the drawer's cash. Money back (issue 23: refunds paid
 * from the drawer) adds its kinds here, with the entry that records them in DRAWER_ENTRIES.
 */
export const DRAWER_DIRECTION: Readonly<Record<string, 1 | -1>> = {
  pay_in: 1,
  pay_out: -1,
  safe_drop: -1,
};

/** The entries that move the drawer's cash other than sales, read into a movement. */
export const DRAWER_ENTRIES: Readonly<Record<string, (payload: unknown) => Omit<DrawerMovement, 'at' | 'seq'>>> = {
  'cash.moved': (p) => {
    const m = p as { kind: string; amountMinor: number; reason: string };
    return { kind: m.kind, amountMinor: m.amountMinor, reason: m.reason };
  },
};

/** Signed piastres a movement adds to the drawer (in positive, out negative). */
export function signedMovement(m: Pick<DrawerMovement, 'kind' | 'amountMinor'>): number {
  const direction = DRAWER_DIRECTION[m.kind];
  if (direction === undefined) throw new Error(`No drawer direction for movement kind ${m.kind}`);
  return direction * m.amountMinor;
}

/** The shift after one more entry of it; null before its shift.opened. */
export function stepShift(state: ShiftFacts | null, e: FoldEntry): ShiftFacts | null {
  if (e.type === 'shift.opened') {
    const p = e.payload as { shiftId: string; agentId: string; agentName?: string; businessDay: string; implicit: boolean; floatMinor?: number };
    return {
      shiftId: p.shiftId,
      agentId: p.agentId,
      agentName: p.agentName ?? null,
      businessDay: p.businessDay,
      implicit: p.implicit,
      openedSeq: e.seq,
      openedAt: e.at,
      floatMinor: p.floatMinor ?? 0,
      countedMinor: null,
      count: null,
      closedSeq: null,
      closedAt: null,
      zNumber: null,
    };
  }
  if (!state) return null;
  if (e.type === 'shift.counted') {
    const p = e.payload as { countedMinor: number; count: Record<string, number> };
    return { ...state, countedMinor: p.countedMinor, count: p.count };
  }
  if (e.type === 'shift.closed') {
    const p = e.payload as { z?: { zNumber: number } };
    return { ...state, closedSeq: e.seq, closedAt: e.at, zNumber: p.z?.zNumber ?? null };
  }
  return state;
}

/** A shift from its entries (in journal order); null when they hold no shift.opened. */
export function foldShift(entries: Iterable<FoldEntry>): ShiftFacts | null {
  let state: ShiftFacts | null = null;
  for (const e of entries) state = stepShift(state, e);
  return state;
}

/** The drawer's movements among a shift's entries, in order. */
export function drawerMovements(entries: Iterable<FoldEntry>): DrawerMovement[] {
  const out: DrawerMovement[] = [];
  for (const e of entries) {
    const read = DRAWER_ENTRIES[e.type];
    if (read) out.push({ ...read(e.payload), at: e.at, seq: e.seq });
  }
  return out;
}

export interface DrawerCash {
  floatMinor: number;
  salesMinor: number;
  tenderedMinor: number;
  changeGivenMinor: number;
  heldForOpenSalesMinor: number;
  /** Sum of the movements of each kind, as entered (positive). */
  byKind: Record<string, number>;
  expectedMinor: number;
}

/** What the drawer should hold: the float, the shift's sales (folded), its movements. */
export function drawerCash(floatMinor: number, sales: Iterable<SaleState>, movements: readonly DrawerMovement[]): DrawerCash {
  let salesMinor = 0;
  let tenderedMinor = 0;
  let changeGivenMinor = 0;
  let heldForOpenSalesMinor = 0;
  for (const s of sales) {
    if (s.status === 'confirmed') {
      salesMinor += s.cashMinor;
      tenderedMinor += s.tenderedMinor;
      changeGivenMinor += s.changeMinor;
    } else if (isOpen(s.status)) heldForOpenSalesMinor += s.intent.retailTotalMinor;
  }
  const byKind: Record<string, number> = {};
  let moved = 0;
  for (const m of movements) {
    byKind[m.kind] = (byKind[m.kind] ?? 0) + m.amountMinor;
    moved += signedMovement(m);
  }
  return { floatMinor, salesMinor, tenderedMinor, changeGivenMinor, heldForOpenSalesMinor, byKind, expectedMinor: floatMinor + salesMinor + heldForOpenSalesMinor + moved };
}
