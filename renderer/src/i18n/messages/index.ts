import { common } from './common.ts';
import { errors } from './errors.ts';

// Every area's strings. Add an area here (one file per screen or feature).
export const areas = [common, errors] as const;
