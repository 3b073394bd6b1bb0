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
  /** What the last print or export did, to say so. */
  done: { kind: 'printed'; printer: string } | { kind: 'exported'; path: string } | null;
  show(open: boolean): void;
  load(date?: string | null): Promise<void>;
  openZ(zNumber: number | null): Promise<void>;
  print(language: 'ar' | 'en'): Promise<void>;
  exportAs(format: 'csv' | 'pdf', language: 'ar' | 'en'): Promise<void>;
}

export const useReports = create<ReportsState>((set, get) => ({
  open: false,
  date: null,
  report: null,
  z: null,
  error: null,
  loading: false,
  done: null,
  show(open) {
    set({ open, z: null, error: null });
    if (open) void get().load(get().date);
  },
  async load(date = get().date) {
    set({ loading: true, error: null, date });
    const r = await api.stationDayReport(date ? { date } : undefined);
    set(r.ok ? { report: r.value, loading: false } : { error: r.error, loading: false });
  },
  async print(language) {
    const date = get().report?.date;
    set({ done: null, error: null });
    const r = await api.printDayReport({ language, ...(date ? { date } : {}) });
    if (!r.ok) return set({ error: r.error });
    set(r.value.error ? { error: r.value.error } : { done: { kind: 'printed', printer: r.value.printer } });
  },
  async exportAs(format, language) {
    const date = get().report?.date;
    set({ done: null, error: null });
    const r = await api.exportDayReport({ format, language, ...(date ? { date } : {}) });
    set(r.ok ? { done: { kind: 'exported', path: r.value.path } } : { error: r.error });
  },
  async openZ(zNumber) {
    if (zNumber === null) return set({ z: null });
    const r = await api.zReport({ zNumber });
    set(r.ok ? { z: r.value } : { error: r.error });
  },
}));
