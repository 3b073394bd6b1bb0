import type { HandlerGroup } from '../deps.ts';
import type { TrainingControl } from './control.ts';

export function trainingHandlers(control: TrainingControl): HandlerGroup<'trainingAction'> {
  return { trainingAction: (a) => control.act(a) };
}
