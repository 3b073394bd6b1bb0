// `npm run station -- <command>`: the station database from a shell, for an administrator or
// the head office. The connection comes from the standard PostgreSQL variables (PGHOST, PGPORT,
// PGDATABASE, PGUSER, PGPASSWORD; PGSSLMODE=require or verify-full with PGSSLROOTCERT for TLS)
// or flags.
//   init                                   create or migrate the schema
//   report --station S [--date D] [--csv F] [--pdf F [--lang ar|en]]
//                                          the station day report (figures per counter and agent;
//                                          with SHUBBAK_API_BASE_URL, SHUBBAK_CLIENT_ID and
//                                          SHUBBAK_CLIENT_SECRET, the wallet reconciled too), and
//                                          the same as CSV and as an A4 PDF (English by default)
//   summary [--date D]                      the head office's day: one line per station
//   counters                               every counter: its last entry, which PC holds it, when heard
//   release-counter --counter C [--retire --reason R]
//                                          frees a dead PC's counter for a restore (retire: for good)
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { cairoDate } from '../../core/cairo-time.ts';
import { formatMoney } from '../../core/format.ts';
import { sleep, systemClock } from '../clock.ts';
import { AppFailure } from '../failure.ts';
import { PartnerClient } from '../partner/client.ts';
import { statementOf } from '../reports/station-day.ts';
import { migrateStation, stationPool } from './database.ts';
import { stationReport } from './report.ts';
import { countersWithLeases, releaseCounterAsAdministrator } from './lease.ts';
import { stationReportCsv } from './report-csv.ts';
import { renderStationReport } from './report-pdf.ts';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    host: { type: 'string' },
    port: { type: 'string' },
    database: { type: 'string' },
    user: { type: 'string' },
    station: { type: 'string' },
    date: { type: 'string' },
    csv: { type: 'string' },
    pdf: { type: 'string' },
    lang: { type: 'string' },
    counter: { type: 'string' },
    retire: { type: 'boolean' },
    reason: { type: 'string' },
  },
});

const env = process.env;
const pool = stationPool({
  host: values.host ?? env.PGHOST ?? '127.0.0.1',
  port: Number(values.port ?? env.PGPORT ?? 5432),
  database: values.database ?? env.PGDATABASE ?? 'shubbak',
  user: values.user ?? env.PGUSER ?? 'postgres',
  password: env.PGPASSWORD,
  // As libpq reads them: require encrypts, verify-ca/verify-full also check the certificate
  // (against PGSSLROOTCERT when given).
  tls:
    env.PGSSLMODE === 'require'
      ? { rejectUnauthorized: false }
      : env.PGSSLMODE === 'verify-ca' || env.PGSSLMODE === 'verify-full'
        ? { rejectUnauthorized: true, ca: env.PGSSLROOTCERT ? readFileSync(env.PGSSLROOTCERT, 'utf8') : undefined }
        : false,
});

async function main(): Promise<number> {
  const command = positionals[0];
  if (command === 'init') {
    const done = await migrateStation(pool);
    console.log(done.length ? `station database: applied migrations ${done.join(', ')}` : 'station database: up to date');
    return 0;
  }
  if (command === 'report') {
    if (!values.station) throw new Error('report needs --station <station id>');
    const lang = values.lang ?? 'en';
    if (lang !== 'ar' && lang !== 'en') throw new Error('--lang is ar or en');
    const date = values.date ?? cairoDate(new Date());
    const names = await pool.query<{ name: string; environment: string }>(
      'SELECT s.name, min(c.environment) AS environment FROM stations s LEFT JOIN counters c ON c.station_id = s.id WHERE s.id = $1 GROUP BY s.name',
      [values.station],
    );
    const row = names.rows[0];
    if (!row) throw new Error(`no station ${values.station} in this database`);
    const base = env.SHUBBAK_API_BASE_URL;
    const client =
      base && env.SHUBBAK_CLIENT_ID && env.SHUBBAK_CLIENT_SECRET
        ? new PartnerClient({ baseUrl: base, credentials: [{ clientId: env.SHUBBAK_CLIENT_ID, clientSecret: env.SHUBBAK_CLIENT_SECRET }], version: 'station-cli', clock: systemClock, sleep })
        : null;
    const report = await stationReport(
      {
        pool,
        station: { id: values.station, name: row.name },
        environment: (row.environment ?? 'LIVE') as 'LIVE',
        statement: (d) =>
          client
            ? statementOf(client, d)
            : Promise.reject(new AppFailure('not_configured', 'no Partner API credential given (SHUBBAK_API_BASE_URL, SHUBBAK_CLIENT_ID, SHUBBAK_CLIENT_SECRET)')),
        now: new Date(),
        log: () => {},
      },
      date,
    );
    const m = (minor: number) => formatMoney(minor, 'en');
    console.log(`${report.station.name} (${report.station.id}) · ${report.date} · ${report.environment}`);
    for (const [label, l] of [['station', report.totals], ...report.counters.map((c) => [`counter ${c.counterId}`, c] as const), ...report.agents.map((a) => [`agent ${a.agentName}`, a] as const)] as const) {
      console.log(`${label.padEnd(52)} ${String(l.sales).padStart(6)} sales  ${m(l.retailMinor).padStart(16)} retail  ${m(l.netMinor).padStart(16)} NET  ${m(l.cashMinor).padStart(16)} cash  ${l.failed} failed  ${l.open} open`);
    }
    const r = report.reconciliation;
    if (r.statementRead) {
      console.log(`wallet: ${r.matchedDebits.length} debits and ${r.matchedReversals.length} reversals matched; ${r.unmatched.length} not matched; balance ${r.openingBalanceMinor === null ? '—' : m(r.openingBalanceMinor)} → ${r.closingBalanceMinor === null ? '—' : m(r.closingBalanceMinor)}`);
      for (const u of r.unmatched) console.log(`  ${u.reason} ${u.side} ${u.bookingReference ?? '—'} ${m(u.amountMinor)} ${u.counterId ?? ''}`);
    } else console.log(`wallet: not reconciled (${r.error?.message ?? 'no statement'})`);
    if (values.csv) {
      writeFileSync(values.csv, stationReportCsv(report));
      console.log(`written ${values.csv}`);
    }
    if (values.pdf) {
      writeFileSync(values.pdf, (await renderStationReport(report, { paper: 'A4', lang, copy: false })).pdf);
      console.log(`written ${values.pdf}`);
    }
    return 0;
  }
  if (command === 'summary') {
    const date = values.date ?? cairoDate(new Date());
    const stations = (await pool.query<{ id: string; name: string }>('SELECT id, name FROM stations ORDER BY name')).rows;
    const m = (minor: number) => formatMoney(minor, 'en');
    console.log(`company day ${date}: ${stations.length} stations`);
    const noStatement = () => Promise.reject(new AppFailure('not_configured', 'the summary does not read wallets'));
    for (const st of stations) {
      const r = await stationReport({ pool, station: st, environment: 'LIVE', statement: noStatement, now: new Date(), log: () => {} }, date);
      console.log(`${st.name.padEnd(32)} ${String(r.counters.length).padStart(3)} counters ${String(r.totals.sales).padStart(7)} sales  ${m(r.totals.retailMinor).padStart(18)} retail  ${m(r.totals.netMinor).padStart(18)} NET  ${r.totals.failed} failed`);
    }
    return 0;
  }
  if (command === 'counters') {
    for (const c of await countersWithLeases(pool)) {
      const heard = c.retiredAt ? `retired ${c.retiredAt.toISOString()}` : c.heartbeatAt ? `held by ${c.holder}, last heard ${c.heartbeatAt.toISOString()}` : 'no lease';
      console.log(`${c.stationId} ${c.id} ${c.environment} entries 1..${c.lastSeq}  ${heard}`);
    }
    return 0;
  }
  if (command === 'release-counter' && values.counter) {
    const done = await releaseCounterAsAdministrator(pool, values.counter, values.retire ?? false, values.reason ?? 'released by an administrator');
    console.log(done ? `${values.counter}: ${values.retire ? 'retired' : 'released; a restore may take it now'}` : `${values.counter}: no live lease to release`);
    return done ? 0 : 1;
  }
  console.error('usage: npm run station -- init | report --station S [--date YYYY-MM-DD] [--csv FILE] [--pdf FILE [--lang ar|en]] | summary [--date YYYY-MM-DD] | counters | release-counter --counter C [--retire --reason R]');
  return 2;
}

main()
  .then((code) => (process.exitCode = code))
  .catch((err: unknown) => {
    console.error(`station: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  })
  .finally(() => void pool.end());
