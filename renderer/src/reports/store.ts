import { create } from 'zustand';
import type { RetiredJournal } from '../../../contract/backup.ts';
import type { AppError } from '../../../contract/errors.ts';
import type { StationDayReport } from '../../../contract/reports.ts';
import type { ZReportView } from '../../../contract/shifts.ts';
import { api } from '../api.ts';

// The Reports screen (F7, supervisor): the station day report of a Cairo date, and any of its
// shifts' frozen Z-reports reopened; of this counter's journal, or of a journal retired on this
// PC (Replace), read-only.

interface ReportsState {
  open: boolean;
  /** null: today, as main says (Africa/Cairo); for a retired journal, its last business day. */
  date: string | null;
  report: StationDayReport | null;
  z: ZReportView | null;
  error: AppError | null;
  loading: boolean;
  /** The journals retired on this PC, and the one reported on (null: this counter's own). */
  retired: RetiredJournal[];
  journal: string | null;
  show(open: boolean): void;
  load(date?: string | null): Promise<void>;
  openZ(zNumber: number | null): Promise<void>;
  chooseJournal(journal: string | null): Promise<void>;
}

export const useReports = create<ReportsState>((set, get) => ({
  open: false,
  date: null,
  report: null,
  z: null,
  error: null,
  loading: false,
  retired: [],
  journal: null,
  show(open) {
    // closed, the screen forgets a retired journal: it opens again on this counter's own
    set({ open, z: null, error: null, ...(open || !get().journal ? {} : { journal: null, report: null }) });
    if (!open) return;
    void get().load(get().date);
    void api.retiredJournals().then((r) => set({ retired: r.ok ? r.value : [] }));
  },
  async load(date = get().date) {
    set({ loading: true, error: null, date });
    const journal = get().journal;
    const r = journal ? await api.retiredDayReport({ journal, ...(date ? { date } : {}) }) : await api.stationDayReport(date ? { date } : undefined);
    // a later choice of journal wins over this answer
    if (get().journal !== journal) return;
    set(r.ok ? { report: r.value, loading: false } : { error: r.error, loading: false });
  },
  async openZ(zNumber) {
    if (zNumber === null) return set({ z: null });
    const journal = get().journal;
    const r = journal ? await api.retiredZReport({ journal, zNumber }) : await api.zReport({ zNumber });
    set(r.ok ? { z: r.value } : { error: r.error });
  },
  async chooseJournal(journal) {
    // each journal opens on its own default day: today for this counter, its last one for a retired journal
    set({ journal, report: null, z: null });
    await get().load(null);
  },
}));
