// Reports over the journals of identities retired on this PC (Replace, main/backup/retire.ts).
// Each call opens the chosen journal read-only (Journal.openRetired: nothing can be appended to
// it, its file is never written), reads or prints what was asked, and closes it again. The day
// report and the Z-reports are this counter's own report logic over that journal, marked with
// the retired counter's id on screen, on paper and in the files saved.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { RetiredJournal, RetiredMark } from '../../contract/backup.ts';
import { RetiredJournalId } from '../../contract/backup.ts';
import type { AppInfo, CounterEnvironment } from '../../contract/counter.ts';
import { RETIRED_DIR } from '../backup/retire.ts';
import type { Current, HandlerGroup } from '../deps.ts';
import { AppFailure } from '../failure.ts';
import { journalSpan } from '../journal/archive.ts';
import { Journal } from '../journal/journal.ts';
import type { PrintService } from '../printing/service.ts';
import { printZ } from '../shifts/handlers.ts';
import { ShiftService } from '../shifts/service.ts';
import { dayReportOf, type DayReportDeps, type DaySource } from './handlers.ts';
import { statementOf } from './station-day.ts';
import { arabicNames } from '../reference/arabic-names.ts';

type RetiredCalls = 'retiredJournals' | 'retiredDayReport' | 'printRetiredDayReport' | 'exportRetiredDayReport' | 'retiredZReport' | 'printRetiredZReport';

/** retired/<counter id>-<YYYYMMDDTHHMMSSmmmZ>/: when the identity was retired, as ISO UTC. */
function retiredAtOf(folder: string): string {
  const m = /-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z$/.exec(folder)!;
  return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.${m[7]}Z`;
}

/** The ids (`<folder>/<file>`) of the retired journals in this data folder, read from its folders only. */
function retiredIds(dataDir: string): string[] {
  const root = join(dataDir, RETIRED_DIR);
  const list = (dir: string) => {
    try {
      return readdirSync(dir);
    } catch {
      return [];
    }
  };
  return list(root).flatMap((folder) => list(join(root, folder)).map((file) => `${folder}/${file}`)).filter((id) => RetiredJournalId.safeParse(id).success);
}

/** What the Reports screen lists of a retired journal, from the journal opened. */
const describe = (id: string, journal: Journal): RetiredJournal => ({
  id,
  counterId: journal.counterId,
  environment: journal.environment as CounterEnvironment,
  retiredAt: retiredAtOf(id.split('/')[0]!),
  ...journalSpan(journal),
});

/** Every retired journal of this data folder (a file that cannot be read is left out, and logged). */
export function listRetiredJournals(d: DayReportDeps): RetiredJournal[] {
  const out: RetiredJournal[] = [];
  for (const id of retiredIds(d.dataDir)) {
    let journal: Journal | null = null;
    try {
      journal = Journal.openRetired(join(d.dataDir, RETIRED_DIR, id), d.clock);
      out.push(describe(id, journal));
    } catch (err) {
      d.log(`the retired journal ${id} cannot be read`, err);
    } finally {
      journal?.close();
    }
  }
  return out.sort((a, b) => b.retiredAt.localeCompare(a.retiredAt) || a.id.localeCompare(b.id));
}

export interface RetiredReportHandlerDeps extends DayReportDeps {
  /** This counter's environment, API and reference data now: a retired journal's wallet is read through them when it is the same environment's. */
  current: Current<'environment' | 'client' | 'reference'>;
  printer: Pick<PrintService, 'report'>;
  info: () => Pick<AppInfo, 'stationName'>;
}

export function retiredReportHandlers(d: RetiredReportHandlerDeps): HandlerGroup<RetiredCalls> {
  const { printer } = d;
  /** Runs `fn` over the retired journal `id` (only one of those listed: never a path of the caller's), opened for the call. */
  const withRetired = async <T>(id: string, fn: (journal: Journal, found: RetiredJournal, mark: RetiredMark) => Promise<T>): Promise<T> => {
    if (!retiredIds(d.dataDir).includes(id)) throw new AppFailure('not_found', `No retired journal ${id} on this PC`);
    const journal = Journal.openRetired(join(d.dataDir, RETIRED_DIR, id), d.clock);
    try {
      const found = describe(id, journal);
      return await fn(journal, found, { counterId: found.counterId, retiredAt: found.retiredAt });
    } finally {
      journal.close();
    }
  };
  const shiftsOf = (journal: Journal, environment: CounterEnvironment) =>
    new ShiftService(journal, d.clock, { counterId: journal.counterId, stationName: () => d.info().stationName, environment });
  const sourceOf = (journal: Journal, found: RetiredJournal, mark: RetiredMark): DaySource => {
    const s = d.current();
    return {
      journal,
      environment: found.environment,
      shifts: shiftsOf(journal, found.environment),
      operatorName: (id) => s.reference.cached().operators.find((o) => o.id === id)?.name ?? null,
      // The wallet is the account's: read through this counter's API session when it is the same environment's.
      statement:
        found.environment === s.environment
          ? (date) => statementOf(s.client, date)
          : () => Promise.reject(new AppFailure('not_configured', `The counter runs in ${s.environment}, the retired journal is ${found.environment}'s: its wallet statement is not read`)),
      stationName: d.info().stationName,
      retired: mark,
      // the day its counter last worked, unless another is asked for
      defaultDate: found.lastDay,
    };
  };
  /** The day report's calls over one retired journal. */
  const day = (id: string) => dayReportOf(d, printer, (fn) => withRetired(id, (journal, found, mark) => fn(sourceOf(journal, found, mark))));
  const zView = (id: string, zNumber: number) =>
    withRetired(id, async (journal, found, mark) => ({ ...shiftsOf(journal, found.environment).view(zNumber), retired: mark }));
  return {
    retiredJournals: () => listRetiredJournals(d),
    retiredDayReport: ({ journal, date }) => day(journal).report(date),
    printRetiredDayReport: ({ journal, ...rest }) => day(journal).print(rest),
    exportRetiredDayReport: ({ journal, ...rest }) => day(journal).export(rest),
    retiredZReport: ({ journal, zNumber }) => zView(journal, zNumber),
    printRetiredZReport: async ({ journal, zNumber, language }) =>
      printZ(printer, await zView(journal, zNumber), { language, printedAt: d.clock.now(), document: `retired-${journal}-z:${zNumber}`, names: () => arabicNames(d.current().reference) }),
  };
}
