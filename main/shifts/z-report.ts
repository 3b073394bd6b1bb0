import type { CounterEnvironment, SaleStatus, ZReport, ZReportLine } from '../../contract/counter.ts';
import type { Entry } from '../journal/journal.ts';
import type { SaleIntent } from '../journal/entries.ts';
import { fullCount, type CashCount } from '../../contract/shifts.ts';
import { foldRefunds, refundsBlock } from '../refunds/fold.ts';

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
}

interface SaleState {
  intent: SaleIntent;
  status: SaleStatus;
  bookingReference: string | null;
  errorCode: string | null;
  cashMinor: number;
  tenderedMinor: number;
  changeMinor: number;
}

const zero = (): ZReportLine => ({ bookings: 0, passengers: 0, retailMinor: 0, netMinor: 0 });
const add = (line: ZReportLine, s: SaleIntent) => {
  line.bookings += 1;
  line.passengers += s.passengers;
  line.retailMinor += s.retailTotalMinor;
  line.netMinor += s.netTotalMinor;
};
const routeOf = (s: SaleIntent) => `${s.offer.originName ?? '?'} → ${s.offer.destinationName ?? '?'}`;

/** `entries`: every entry of the shift, in order, up to the last one the report covers. */
export function computeZ(entries: readonly Entry[], ctx: ZContext): ZReport {
  const opened = entries.find((e): e is Entry<'shift.opened'> => e.type === 'shift.opened');
  if (!opened) throw new Error('A Z-report needs the shift.opened entry of its shift');
  const counted = entries.findLast((e): e is Entry<'shift.counted'> => e.type === 'shift.counted');
  const last = entries.at(-1)!;

  const sales = new Map<string, SaleState>();
  const movements: ZReport['movements'] = [];
  let reprints = 0;
  const holds = new Set<string>();
  const held = new Set<string>();
  for (const e of entries) {
    switch (e.type) {
      case 'sale.intent': {
        const intent = (e as Entry<'sale.intent'>).payload;
        sales.set(intent.saleId, { intent, status: 'sending', bookingReference: null, errorCode: null, cashMinor: 0, tenderedMinor: 0, changeMinor: 0 });
        held.add(intent.offerId);
        break;
      }
      case 'sale.unanswered': {
        const p = (e as Entry<'sale.unanswered'>).payload;
        const s = sales.get(p.saleId);
        if (s && s.status !== 'pending') s.status = 'unknown';
        break;
      }
      case 'sale.abandoned': {
        const s = sales.get((e as Entry<'sale.abandoned'>).payload.saleId);
        if (s) Object.assign(s, { status: 'failed', errorCode: 'sale_abandoned' });
        break;
      }
      case 'sale.outcome': {
        const p = (e as Entry<'sale.outcome'>).payload;
        const s = sales.get(p.saleId);
        if (s) Object.assign(s, { status: p.status, bookingReference: p.bookingReference, errorCode: p.error?.code ?? null });
        break;
      }
      case 'cash.received': {
        const p = (e as Entry<'cash.received'>).payload;
        const s = sales.get(p.saleId);
        if (s) Object.assign(s, { cashMinor: p.amountMinor, tenderedMinor: p.tenderedMinor, changeMinor: p.changeMinor });
        break;
      }
      case 'cash.moved': {
        const p = (e as Entry<'cash.moved'>).payload;
        movements.push({ kind: p.kind, amountMinor: p.amountMinor, reason: p.reason, at: e.at });
        break;
      }
      case 'hold.taken':
        holds.add((e as Entry<'hold.taken'>).payload.holdId);
        break;
      case 'print.recorded':
        if ((e as Entry<'print.recorded'>).payload.copy) reprints += 1;
        break;
    }
  }

  const total = zero();
  const byOperator = new Map<string, ZReport['byOperator'][number]>();
  const byRoute = new Map<string, ZReport['byRoute'][number]>();
  const failed: ZReport['failed'] = [];
  const open: ZReport['open'] = [];
  let salesMinor = 0;
  let tenderedMinor = 0;
  let changeGivenMinor = 0;
  let heldForOpenSalesMinor = 0;
  for (const [saleId, s] of sales) {
    if (s.status === 'confirmed') {
      add(total, s.intent);
      const opKey = s.intent.offer.operatorId ?? `name:${s.intent.offer.operatorName ?? ''}`;
      const op = byOperator.get(opKey) ?? { operatorId: s.intent.offer.operatorId, operatorName: s.intent.offer.operatorName, ...zero() };
      add(op, s.intent);
      byOperator.set(opKey, op);
      const route = routeOf(s.intent);
      const r = byRoute.get(route) ?? { route, ...zero() };
      add(r, s.intent);
      byRoute.set(route, r);
      salesMinor += s.cashMinor;
      tenderedMinor += s.tenderedMinor;
      changeGivenMinor += s.changeMinor;
    } else if (s.status === 'failed') {
      failed.push({ saleId, bookingReference: s.bookingReference, retailMinor: s.intent.retailTotalMinor, code: s.errorCode });
    } else {
      // The agent took the cash when the sale was sent: it is in the drawer until the API answers.
      open.push({ saleId, bookingReference: s.bookingReference, retailMinor: s.intent.retailTotalMinor, status: s.status });
      heldForOpenSalesMinor += s.intent.retailTotalMinor;
    }
  }

  const sum = (kind: ZReport['movements'][number]['kind']) => movements.filter((m) => m.kind === kind).reduce((n, m) => n + m.amountMinor, 0);
  const floatMinor = opened.payload.floatMinor ?? 0;
  const payInsMinor = sum('pay_in');
  const payOutsMinor = sum('pay_out');
  const dropsMinor = sum('safe_drop');
  // Money back (issue 23): the refunds block of the shift, folded on its own; the cash they paid out leaves the drawer.
  const refunds = refundsBlock(foldRefunds(entries).refunds);
  const expectedMinor = floatMinor + salesMinor + heldForOpenSalesMinor + payInsMinor - payOutsMinor - dropsMinor - refunds.amountMinor;
  const countedMinor = counted?.payload.countedMinor ?? 0;
  const count: CashCount = counted?.payload.count ?? {};
  const byRetail = <T extends ZReportLine>(a: T, b: T) => b.retailMinor - a.retailMinor;

  return {
    zNumber: ctx.zNumber,
    counterId: ctx.counterId,
    stationName: ctx.stationName,
    environment: ctx.environment,
    shiftId: opened.payload.shiftId,
    agent: { id: opened.payload.agentId, name: opened.payload.agentName ?? opened.payload.agentId },
    businessDay: opened.payload.businessDay,
    openedAt: opened.at,
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
  };
}
