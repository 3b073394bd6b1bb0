import { create } from 'zustand';
import type { StationStatus } from '../../../contract/station.ts';
import { api } from '../api.ts';

// How shipping this counter's journal to the station database stands, for the top bar (polled)
// and Settings → Station.

const POLL_MS = 10_000;

interface StationState {
  status: StationStatus | null;
  refresh(): Promise<void>;
  set(status: StationStatus): void;
}

export const useStation = create<StationState>((set) => ({
  status: null,
  async refresh() {
    const r = await api.stationStatus();
    if (r.ok) set({ status: r.value });
  },
  set: (status) => set({ status }),
}));

/** Polls while the counter runs; returns the stop function. */
export function watchStation(): () => void {
  void useStation.getState().refresh();
  const timer = setInterval(() => void useStation.getState().refresh(), POLL_MS);
  return () => clearInterval(timer);
}
