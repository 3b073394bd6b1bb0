import type { HandlerGroup } from '../deps.ts';
import type { UpdateService } from './service.ts';

export function updateHandlers(updates: UpdateService): HandlerGroup<'updateStatus' | 'saveUpdateSettings'> {
  return {
    updateStatus: () => updates.status(),
    saveUpdateSettings: (input) => updates.save(input),
  };
}
