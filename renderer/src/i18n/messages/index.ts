import { common } from './common.ts';
import { desk } from './desk.ts';
import { errors } from './errors.ts';
import { settings } from './settings.ts';
import { reports } from './reports.ts';
import { shell } from './shell.ts';
import { station } from './station.ts';
import { search } from './search.ts';
import { seatmap } from './seatmap.ts';
import { sale } from './sale.ts';
import { watch } from './watch.ts';
import { lookup } from './lookup.ts';
import { worklist } from './worklist.ts';
import { training } from './training.ts';
import { updates } from './updates.ts';
import { refunds } from './refunds.ts';
import { backup } from './backup.ts';

// Every area's strings. Add an area here (one file per screen or feature).
export const areas = [common, errors, settings, shell, search, seatmap, sale, watch, desk, reports, station, lookup, worklist, training, updates, refunds, backup] as const;
