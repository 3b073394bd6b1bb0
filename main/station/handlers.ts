import type { HandlerGroup } from '../deps.ts';
import type { StationLink } from './link.ts';

export function stationHandlers(link: StationLink): HandlerGroup<'stationStatus' | 'connectStation' | 'disconnectStation'> {
  return {
    stationStatus: () => link.status(),
    connectStation: (input) => link.connect(input),
    disconnectStation: () => link.disconnect(),
  };
}
