import { create } from 'zustand';
import type { AppError } from '../../../contract/errors.ts';
import type { StationDayReport } from '../../../contract/reports.ts';
import type { ZReportView } from '../../../contract/shifts.ts';
import { api } from '../api.ts';

// The Reports screen (F7, supervisor): the station day report of a Cairo date, and any of its
// shifts' frozen Z-reports reopened.

interface ReportsState {
  open: boolean;
  /** null: today, as main says (Africa/Cairo). */
  date: string | null;
  report: StationDayReport | null;
  z: ZReportView | null;
  error: AppError | null;
  loading: boolean;
  show(open: boolean): void;
  load(date?: string | null): Promise<void>;
  openZ(zNumber: number | null): Promise<void>;
}

export const useReports = create<ReportsState>((set, get) => ({
  open: false,
  date: null,
  report: null,
  z: null,
  error: null,
  loading: false,
  show(open) {
    set({ open, z: null, error: null });
    if (open) void get().load(get().date);
  },
  async load(date = get().date) {
    set({ loading: true, error: null, date });
    const r = await api.stationDayReport(date ? { date } : undefined);
    set(r.ok ? { report: r.value, loading: false } : { error: r.error, loading: false });
  },
  async openZ(zNumber) {
    if (zNumber === null) return set({ z: null });
    const r = await api.zReport({ zNumber });
    set(r.ok ? { z: r.value } : { error: r.error });
  },
}));
