import type { HandlerGroup } from '../deps.ts';
import type { ReferenceService } from './service.ts';

export interface ReferenceHandlerDeps {
  /** The reference data of the environment in force (main/deps.ts `Current`: why a getter). */
  reference: () => ReferenceService;
}

export function referenceHandlers(d: ReferenceHandlerDeps): HandlerGroup<'listCities' | 'referenceData' | 'refreshReference'> {
  return {
    listCities: async () => (await d.reference().data()).cities,
    referenceData: () => d.reference().data(),
    refreshReference: () => d.reference().refresh(),
  };
}
