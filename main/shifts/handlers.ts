import { cairoDate } from '../../core/cairo-time.ts';
import type { AgentDesk } from '../agents/desk.ts';
import type { Clock } from '../clock.ts';
import type { ActingAgent, HandlerGroup } from '../deps.ts';
import type { ZReportView } from '../../contract/shifts.ts';
import { AppFailure } from '../failure.ts';
import type { PrintService } from '../printing/service.ts';
import type { ShiftService } from './service.ts';
import { renderZReport } from './z-report-pdf.ts';

type ShiftCalls = 'openShift' | 'moveCash' | 'countDrawer' | 'closeShift' | 'zReport' | 'printZReport' | 'correctShift' | 'listShifts';

export interface ShiftHandlerDeps {
  /** The shifts of the environment in force (main/deps.ts `Current`: why a getter). */
  shifts: () => ShiftService;
  /** Who is signed in, and a supervisor's approval by PIN. */
  desk: Pick<AgentDesk, 'state' | 'role' | 'approve'>;
  printer: Pick<PrintService, 'report'>;
  agent: ActingAgent;
  clock: Clock;
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
    printZReport: ({ zNumber, language }) => {
      const view = zView(zNumber);
      return printer.report({
        document: `z:${zNumber}`,
        title: `Shubbak Z-report ${zNumber}`,
        language,
        render: (paper, copy) => renderZReport(view, { paper, lang: language, copy, printedAt: d.clock.now() }),
      });
    },
    correctShift: async ({ zNumber, amountMinor, reason, pin }) => {
      const approvedBy = await desk.approve(pin);
      shifts().correct(d.agent(), approvedBy, zNumber, amountMinor, reason);
      return shifts().view(zNumber);
    },
    listShifts: (arg) => shifts().ofDay(arg?.date ?? cairoDate(d.clock.now())),
  };
}
