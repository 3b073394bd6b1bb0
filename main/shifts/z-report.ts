import type { CounterEnvironment, ZReport, ZReportLine } from '../../contract/counter.ts';
import type { Entry } from '../journal/journal.ts';
import type { SaleIntent } from '../journal/entries.ts';
import { fullCount, type CashCount } from '../../contract/shifts.ts';
import { addSale, foldSales, noFigures } from '../../core/sale-fold.ts';
import { drawerCash, drawerMovements, foldShift } from '../../core/shift-fold.ts';
import { foldRefunds, refundsBlock } from '../refunds/fold.ts';
import { routeOf } from '../../core/route.ts';

// The Z-report of a shift, computed from the journal entries of that shift alone (never from a
// read model), so anyone can recompute a frozen report from the entries it names and get the
// same figures. Pure: no I/O.

export interface ZContext {
  zNumber: number;
  counterId: string;
  stationName: string;
  environment: CounterEnvironment;
  closedAt: string;
  comment: string | null;
  /** Seqs the counter found written outside the app (head-anchor.ts foundOutside): the report names those of its shift. */
  writtenOutside?: (seq: number) => boolean;
}

/** `entries`: every entry of the shift, in order, up to the last one the report covers. */
export function computeZ(entries: readonly Entry[], ctx: ZContext): ZReport {
  const shift = foldShift(entries);
  if (!shift) throw new Error('A Z-report needs the shift.opened entry of its shift');
  const last = entries.at(-1)!;

  const sales = foldSales<SaleIntent>(entries);
  const drawer = drawerMovements(entries);
  const movements: ZReport['movements'] = drawer.map((m) => ({
    kind: m.kind as ZReport['movements'][number]['kind'],
    amountMinor: m.amountMinor,
    reason: m.reason,
    at: m.at,
    ...(ctx.writtenOutside?.(m.seq) ? { writtenOutside: true as const } : {}),
  }));
  let reprints = 0;
  const holds = new Set<string>();
  for (const e of entries) {
    if (e.type === 'hold.taken') holds.add((e as Entry<'hold.taken'>).payload.holdId);
    else if (e.type === 'print.recorded' && (e as Entry<'print.recorded'>).payload.copy) reprints += 1;
  }
  const held = new Set([...sales.values()].map((s) => s.intent.offerId));

  const total = noFigures();
  const byOperator = new Map<string, ZReport['byOperator'][number]>();
  const byRoute = new Map<string, ZReport['byRoute'][number]>();
  const failed: ZReport['failed'] = [];
  const open: ZReport['open'] = [];
  for (const [saleId, s] of sales) {
    if (s.status === 'confirmed') {
      addSale(total, s);
      const opKey = s.intent.offer.operatorId ?? `name:${s.intent.offer.operatorName ?? ''}`;
      const op = byOperator.get(opKey) ?? { operatorId: s.intent.offer.operatorId, operatorName: s.intent.offer.operatorName, ...noFigures() };
      addSale(op, s);
      byOperator.set(opKey, op);
      const route = routeOf(s.intent.offer);
      const r = byRoute.get(route) ?? { route, ...noFigures() };
      addSale(r, s);
      byRoute.set(route, r);
    } else if (s.status === 'failed') {
      failed.push({ saleId, bookingReference: s.bookingReference, retailMinor: s.intent.retailTotalMinor, code: s.error?.code ?? null });
    } else {
      // The agent took the cash when the sale was sent: it is in the drawer until the API answers.
      open.push({ saleId, bookingReference: s.bookingReference, retailMinor: s.intent.retailTotalMinor, status: s.status });
    }
  }

  const { floatMinor } = shift;
  const cash = drawerCash(floatMinor, sales.values(), drawer);
  const { salesMinor, tenderedMinor, changeGivenMinor, heldForOpenSalesMinor } = cash;
  const payInsMinor = cash.byKind.pay_in ?? 0;
  const payOutsMinor = cash.byKind.pay_out ?? 0;
  const dropsMinor = cash.byKind.safe_drop ?? 0;
  // Money back (issue 23): the refunds block of the shift, folded on its own; the cash they paid out leaves the drawer.
  const refunds = refundsBlock(foldRefunds(entries).refunds);
  const expectedMinor = cash.expectedMinor - refunds.amountMinor;
  const countedMinor = shift.countedMinor ?? 0;
  const count: CashCount = shift.count ?? {};
  const byRetail = <T extends ZReportLine>(a: T, b: T) => b.retailMinor - a.retailMinor;
  const found = ctx.writtenOutside;
  const outside = found ? entries.filter((e) => found(e.seq)).map((e) => ({ seq: e.seq, type: e.type })) : [];

  return {
    zNumber: ctx.zNumber,
    counterId: ctx.counterId,
    stationName: ctx.stationName,
    environment: ctx.environment,
    shiftId: shift.shiftId,
    agent: { id: shift.agentId, name: shift.agentName ?? shift.agentId },
    businessDay: shift.businessDay,
    openedAt: shift.openedAt,
    closedAt: ctx.closedAt,
    ...total,
    marginMinor: total.retailMinor - total.netMinor,
    byOperator: [...byOperator.values()].sort(byRetail),
    byRoute: [...byRoute.values()].sort(byRetail),
    cash: {
      floatMinor,
      salesMinor,
      tenderedMinor,
      changeGivenMinor,
      heldForOpenSalesMinor,
      payInsMinor,
      payOutsMinor,
      dropsMinor,
      refundsMinor: refunds.amountMinor,
      expectedMinor,
      countedMinor,
      varianceMinor: countedMinor - expectedMinor,
      count: fullCount(count),
    },
    movements,
    failed,
    open,
    reprints,
    abandonedHolds: [...holds].filter((h) => !held.has(h)).length,
    comment: ctx.comment,
    coversSeq: last.seq,
    coversHash: last.hash,
    refunds,
    ...(outside.length > 0 ? { writtenOutside: outside } : {}),
  };
}
