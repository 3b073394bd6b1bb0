import { cairoDate } from '../../core/cairo-time.ts';
import type { AgentDesk } from '../agents/desk.ts';
import type { Clock } from '../clock.ts';
import type { ActingAgent, HandlerGroup } from '../deps.ts';
import type { ZReportView } from '../../contract/shifts.ts';
import type { TicketLanguage } from '../../contract/counter.ts';
import { AppFailure } from '../failure.ts';
import type { PrintService } from '../printing/service.ts';
import type { ShiftService } from './service.ts';
import { renderZReport } from './z-report-pdf.ts';
import type { ArabicNames } from '../reference/arabic-names.ts';

type ShiftCalls = 'openShift' | 'moveCash' | 'countDrawer' | 'closeShift' | 'zReport' | 'printZReport' | 'correctShift' | 'listShifts';

/** A Z-report on the receipt printer and its paper; its second print (same `document`) is a COPY. */
export function printZ(printer: Pick<PrintService, 'report'>, view: ZReportView, o: { language: TicketLanguage; printedAt: Date; document: string; names: () => ArabicNames }) {
  const retired = view.retired ? ` (retired counter ${view.retired.counterId})` : '';
  return printer.report({
    document: o.document,
    title: `Shubbak Z-report ${view.report.zNumber}${retired}`,
    language: o.language,
    render: (paper, copy) => renderZReport(view, { paper, lang: o.language, copy, printedAt: o.printedAt, names: o.language === 'ar' ? o.names() : undefined }),
  });
}

export interface ShiftHandlerDeps {
  /** The shifts of the environment in force (main/deps.ts `Current`: why a getter). */
  shifts: () => ShiftService;
  /** Who is signed in, and a supervisor's approval by PIN. */
  desk: Pick<AgentDesk, 'state' | 'role' | 'approve'>;
  printer: Pick<PrintService, 'report'>;
  agent: ActingAgent;
  clock: Clock;
  /** Cities and operators in Arabic, for Arabic paper (main/reference/arabic-names.ts). */
  names: () => ArabicNames;
}

export function shiftHandlers(d: ShiftHandlerDeps): HandlerGroup<ShiftCalls> {
  const { shifts, desk, printer } = d;
  /** An agent reopens their own Z-reports; a supervisor anyone's. */
  const zView = (zNumber: number): ZReportView => {
    const view = shifts().view(zNumber);
    if (desk.role() !== 'supervisor' && view.report.agent.id !== d.agent().id) {
      throw new AppFailure('forbidden_role', `Z-report ${zNumber} is another agent's: a supervisor reopens it`);
    }
    return view;
  };
  return {
    openShift: ({ float }) => {
      shifts().open(d.agent(), float);
      return desk.state();
    },
    moveCash: ({ kind, amountMinor, reason }) => {
      shifts().move(d.agent(), kind, amountMinor, reason);
      return desk.state();
    },
    countDrawer: ({ count }) => shifts().count(d.agent(), count),
    closeShift: ({ comment }) => shifts().view(shifts().close(d.agent(), comment).zNumber),
    zReport: ({ zNumber }) => zView(zNumber),
    printZReport: ({ zNumber, language }) => printZ(printer, zView(zNumber), { language, printedAt: d.clock.now(), document: `z:${zNumber}`, names: d.names }),
    correctShift: async ({ zNumber, amountMinor, reason, pin }) => {
      const approvedBy = await desk.approve(pin);
      shifts().correct(d.agent(), approvedBy, zNumber, amountMinor, reason);
      return shifts().view(zNumber);
    },
    listShifts: (arg) => shifts().ofDay(arg?.date ?? cairoDate(d.clock.now())),
  };
}
