// `npm run station -- <command>`: the station database from a shell, for an administrator or
// the head office. The connection comes from the standard PostgreSQL variables (PGHOST, PGPORT,
// PGDATABASE, PGUSER, PGPASSWORD, PGCONNECT_TIMEOUT; PGSSLMODE=require or verify-full with
// PGSSLROOTCERT or --ca FILE for TLS; a server off this machine is verify-full unless PGSSLMODE says)
// or flags.
//   init | migrate                         create or migrate the schema (as the owner; counters never do)
//   enrol --station S [--station-name N] --counter C --key K --login L [--environment LIVE|SANDBOX|TRAINING]
//                                          a counter's login (its password printed once) and its public
//                                          key, bound to its id
//   revoke --counter C                     a stolen or retired PC: its login can do nothing more
//   hand-over --counter C                  a dead PC's counter handed to the PC that restores it: its
//                                          login gets a new password (printed once), its sessions end
//   clear-stop --counter C --reason R      a counter's stop (alarm) cleared, with why
//   set-aside-setting --station S [--environment E] --seq N --reason R
//                                          a settings row the counters refused (their alarm names
//                                          it) set aside, with why: every counter skips it and
//                                          applies the rows after it that verify
//   verify [--station S] [--date D]        every chain link, hash and signature rechecked; gaps,
//                                          altered rows and foreign rows named by counter, and the
//                                          settings rows the counters refuse, each with the command
//                                          that sets it aside (exit 1); under each counter, the
//                                          entries it found written outside the app (no exit 1)
//                                          each clean counter's last signed head kept as a verified
//                                          checkpoint (the report verifies only what follows it)
//   report --station S [--environment E] [--date D] [--csv F] [--pdf F [--lang ar|en]]
//                                          the station day report (figures per counter and agent;
//                                          with SHUBBAK_API_BASE_URL, SHUBBAK_CLIENT_ID and
//                                          SHUBBAK_CLIENT_SECRET, the wallet reconciled too), and
//                                          the same as CSV and as an A4 PDF (English by default)
//   summary [--date D]                      the head office's day: one line per station
//   counters                               every counter: its last entry, which PC holds it, when heard
//   release-counter --counter C [--retire --reason R]
//                                          frees a dead PC's counter for a restore (retire: for good)
//   claims [--station S]                   tickets and wallet lines claimed by a counter whose refund or
//                                          hand match never arrived (a dead PC's), each with the
//                                          command that releases it
//   release-claim --claim ID --reason R    one such claim released (refused while its counter is heard)
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { cairoDate } from '../../core/cairo-time.ts';
import { formatMoney } from '../../core/format.ts';
import { sleep, systemClock } from '../clock.ts';
import { AppFailure } from '../failure.ts';
import { PartnerClient } from '../partner/client.ts';
import { statementOf } from '../reports/station-day.ts';
import { isLoopback, migrateStation, stationPool } from './database.ts';
import { clearStop, enrolCounter, rekeyCounter, revokeCounter, setAsideSetting } from './admin.ts';
import { connectionCode, CONNECTION_EXPLAINED } from './connection-errors.ts';
import { stationReport } from './report.ts';
import { verifyStation, writeCheckpoints } from './verify.ts';
import { countersWithLeases, releaseCounterAsAdministrator } from './lease.ts';
import { stationReportCsv } from './report-csv.ts';
import { renderStationReport } from './report-pdf.ts';
import { refusedSettingRows, settingsStreams, streamStationName, type SettingsStream } from './stream-verifier.ts';
import type { StationSettingRefusal } from '../../contract/station.ts';
import { handOverCounter } from './hand-over.ts';
import { foundOutsideListed } from './found-outside.ts';
import { seqListText } from '../../core/seq-ranges.ts';
import { heldClaimLine, heldClaims, releaseClaim, releaseCommand } from './claims-held.ts';

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
    'station-name': { type: 'string' },
    counter: { type: 'string' },
    login: { type: 'string' },
    environment: { type: 'string' },
    reason: { type: 'string' },
    ca: { type: 'string' },
    key: { type: 'string' },
    retire: { type: 'boolean' },
    seq: { type: 'string' },
    claim: { type: 'string' },
  },
});

const env = process.env;
const host = values.host ?? env.PGHOST ?? '127.0.0.1';
const caFile = values.ca ?? env.PGSSLROOTCERT;
// As libpq reads PGSSLMODE: require encrypts, verify-ca/verify-full also check the certificate
// (against --ca or PGSSLROOTCERT when given). Unset: verify-full for any server off this machine.
const sslmode = env.PGSSLMODE ?? (isLoopback(host) ? 'disable' : 'verify-full');
const pool = stationPool({
  host,
  port: Number(values.port ?? env.PGPORT ?? 5432),
  database: values.database ?? env.PGDATABASE ?? 'shubbak',
  user: values.user ?? env.PGUSER ?? 'postgres',
  password: env.PGPASSWORD,
  connectTimeoutMs: env.PGCONNECT_TIMEOUT ? Number(env.PGCONNECT_TIMEOUT) * 1000 : undefined,
  tls:
    sslmode === 'require'
      ? { rejectUnauthorized: false }
      : sslmode === 'verify-ca' || sslmode === 'verify-full'
        ? { rejectUnauthorized: true, ca: caFile ? readFileSync(caFile, 'utf8') : undefined }
        : false,
});

async function main(): Promise<number> {
  const command = positionals[0];
  if (command === 'init' || command === 'migrate') {
    const done = await migrateStation(pool);
    console.log(done.length ? `station database: applied migrations ${done.join(', ')}` : 'station database: up to date');
    return 0;
  }
  if (command === 'enrol') {
    const environment = values.environment ?? 'LIVE';
    if (!values.station || !values.counter || !values.login || !values.key) throw new Error('enrol needs --station, --counter, --key and --login');
    if (environment !== 'LIVE' && environment !== 'SANDBOX' && environment !== 'TRAINING') throw new Error('--environment is LIVE, SANDBOX or TRAINING');
    const { password, fingerprint } = await enrolCounter(pool, {
      stationId: values.station,
      stationName: values['station-name'] ?? values.station,
      counterId: values.counter,
      login: values.login,
      environment,
      publicKey: values.key,
    });
    console.log(`counter ${values.counter} enrolled in station ${values.station} (${environment}) with login ${values.login}`);
    console.log(`key fingerprint: ${fingerprint} (the same as on the counter's Settings → Station)`);
    console.log(`password: ${password}`);
    console.log('Type this user and password in that counter\'s Settings → Station; it is not shown again.');
    return 0;
  }
  if (command === 'rekey') {
    if (!values.counter || !values.key) throw new Error('rekey needs --counter and --key');
    const { fromSeq, fingerprint } = await rekeyCounter(pool, values.counter, values.key, values.reason ?? 'restored on a new PC');
    console.log(`counter ${values.counter} signs with the new key from entry ${fromSeq}; key fingerprint: ${fingerprint} (the same as on the counter's Settings → Station)`);
    return 0;
  }
  if (command === 'hand-over') {
    if (!values.counter) throw new Error('hand-over needs --counter');
    const { login, password, ended } = await handOverCounter(pool, values.counter);
    console.log(`counter ${values.counter}: login ${login} has a new password; the old PC's no longer works${ended === null ? '' : ` (${ended} open session(s) ended)`}`);
    if (ended === null) console.log(`its open sessions keep their rights until they disconnect (a superuser may end them now: SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = '${login}')`);
    console.log(`password: ${password}`);
    console.log('Link the new PC with this user and password (Settings → Station), then restore the counter there (Settings → Journal); it is not shown again.');
    return 0;
  }
  if (command === 'revoke') {
    if (!values.counter) throw new Error('revoke needs --counter');
    const { login, ended } = await revokeCounter(pool, values.counter);
    console.log(`counter ${values.counter} revoked${login ? `: login ${login} can no longer sign in, read or write` : ''}`);
    if (login && ended !== null) console.log(`${ended} open session(s) of ${login} ended`);
    if (login && ended === null) console.log(`its open sessions keep no right and end when they disconnect (a superuser may end them now: SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = '${login}')`);
    return 0;
  }
  if (command === 'clear-stop') {
    if (!values.counter || !values.reason) throw new Error('clear-stop needs --counter and --reason');
    await clearStop(pool, values.counter, values.reason);
    console.log(`counter ${values.counter}: stop cleared (${values.reason})`);
    return 0;
  }
  if (command === 'set-aside-setting') {
    if (!values.station || !values.seq || values.reason === undefined) throw new Error('set-aside-setting needs --station, --seq and --reason (and --environment when not LIVE)');
    const place = { stationId: values.station, environment: values.environment ?? 'LIVE', seq: Number(values.seq) };
    const row = await setAsideSetting(pool, place, values.reason);
    console.log(
      `station ${place.stationId} (${place.environment}): settings row ${place.seq} set aside by ${row.by} (${row.kind} ${row.key}, from counter ${row.counterId}${row.author ? `, by ${row.author}` : ''}, ${row.at.toISOString()}): ${values.reason.trim()}`,
    );
    console.log('Every counter skips it from its next pull and applies the rows after it that verify.');
    return 0;
  }
  if (command === 'verify') {
    const checked = await verifyStation(pool, { stationId: values.station, date: values.date });
    const streams: { stream: SettingsStream; rows: number; refused: StationSettingRefusal[] }[] = [];
    for (const stream of await settingsStreams(pool, values.station)) streams.push({ stream, ...(await refusedSettingRows(pool, stream)) });
    const problems = checked.flatMap((c) => c.problems).length + streams.flatMap((s) => s.refused).length;
    console.log(`verify${values.station ? ` station ${values.station}` : ''}${values.date ? ` ${values.date}` : ''}: ${checked.length} counters, ${problems ? `${problems} problems` : 'all verified'}`);
    const found = await foundOutsideListed(pool, checked.map((c) => c.counterId));
    for (const c of checked) {
      console.log(`counter ${c.counterId}: ${c.entries} entries, signed up to ${c.signedUpTo}${c.problems.length ? `, ${c.problems.length} problems` : ', verified'}`);
      for (const p of c.problems) console.log(`  ${p.kind} ${p.seq ?? '—'}: ${p.detail}`);
      // what the counter itself found appended by hand: its copy here is true to it, so not a problem of this check
      for (const seqs of found.get(c.counterId) ?? []) {
        console.log(`  found by the counter written outside the app: entries ${seqListText(seqs)} (counted in the figures: the report names them; check them against its Z-reports)`);
      }
    }
    // the settings streams as the counters judge them: a refused row stops every counter's at it
    for (const { stream, rows, refused } of streams) {
      console.log(`settings of station ${stream.stationId} (${stream.environment}): ${rows} rows${refused.length ? `, ${refused.length} refused by the counters` : ', verified'}`);
      for (const r of refused) console.log(`  settings_refused ${r.seq}: ${r.reason} (from counter ${r.counterId}); set it aside: ${r.command}`);
    }
    // the report verifies only what lies after each counter's checkpoint
    const kept = await writeCheckpoints(pool, checked).catch((err: unknown) => {
      console.log(`checkpoints not kept (only the station database's owner keeps them): ${err instanceof Error ? err.message : String(err)}`);
      return 0;
    });
    if (kept > 0) console.log(`${kept} verified checkpoints kept: the station report verifies only what comes after them`);
    return problems ? 1 : 0;
  }
  if (command === 'report') {
    if (!values.station) throw new Error('report needs --station <station id>');
    const lang = values.lang ?? 'en';
    if (lang !== 'ar' && lang !== 'en') throw new Error('--lang is ar or en');
    const date = values.date ?? cairoDate(new Date());
    // min(): LIVE before SANDBOX before TRAINING, the most real journal the station's counters ship
    const names = await pool.query<{ name: string; environment: string | null }>(
      'SELECT s.name, min(c.environment) AS environment FROM stations s LEFT JOIN counters c ON c.station_id = s.id WHERE s.id = $1 GROUP BY s.name',
      [values.station],
    );
    const row = names.rows[0];
    if (!row) throw new Error(`no station ${values.station} in this database`);
    const environment = values.environment ?? row.environment ?? 'LIVE';
    if (environment !== 'LIVE' && environment !== 'SANDBOX' && environment !== 'TRAINING') throw new Error('--environment is LIVE, SANDBOX or TRAINING');
    const name = (await streamStationName(pool, { stationId: values.station, environment })) ?? row.name;
    const base = env.SHUBBAK_API_BASE_URL;
    const client =
      base && env.SHUBBAK_CLIENT_ID && env.SHUBBAK_CLIENT_SECRET
        ? new PartnerClient({ baseUrl: base, credentials: [{ clientId: env.SHUBBAK_CLIENT_ID, clientSecret: env.SHUBBAK_CLIENT_SECRET }], version: 'station-cli', clock: systemClock, sleep })
        : null;
    const report = await stationReport(
      {
        pool,
        station: { id: values.station, name },
        environment,
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
    const integrity = report.integrity;
    if (integrity && !integrity.verified) {
      console.log(`NOT VERIFIED: ${integrity.problems.length} problems in what this report covers; its figures are not clean`);
      for (const p of integrity.problems) console.log(`  counter ${p.counterId} ${p.kind} ${p.seq ?? '—'}: ${p.detail}`);
    } else console.log('verified: every entry this report covers matches its hash, its link and its counter\'s signature');
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
    // Figures over entries that do not verify are written (the files say so), and the exit code says it too.
    return integrity && !integrity.verified ? 1 : 0;
  }
  if (command === 'summary') {
    const date = values.date ?? cairoDate(new Date());
    // each station in the most real journal its counters ship (as report does without --environment)
    const stations = (
      await pool.query<{ id: string; name: string; environment: 'LIVE' | 'SANDBOX' | 'TRAINING' | null }>(
        'SELECT s.id, s.name, min(c.environment) AS environment FROM stations s LEFT JOIN counters c ON c.station_id = s.id GROUP BY s.id, s.name ORDER BY s.name',
      )
    ).rows;
    const m = (minor: number) => formatMoney(minor, 'en');
    console.log(`company day ${date}: ${stations.length} stations`);
    const noStatement = () => Promise.reject(new AppFailure('not_configured', 'the summary does not read wallets'));
    let unverified = 0;
    for (const registered of stations) {
      const environment = registered.environment ?? 'LIVE';
      const st = { id: registered.id, name: (await streamStationName(pool, { stationId: registered.id, environment })) ?? registered.name };
      const r = await stationReport({ pool, station: st, environment, statement: noStatement, now: new Date(), log: () => {} }, date);
      const verdict = r.integrity && !r.integrity.verified ? `  NOT VERIFIED: ${r.integrity.problems.length} problems (npm run station -- report --station ${st.id})` : '';
      if (verdict) unverified++;
      console.log(`${st.name.padEnd(32)} ${String(r.counters.length).padStart(3)} counters ${String(r.totals.sales).padStart(7)} sales  ${m(r.totals.retailMinor).padStart(18)} retail  ${m(r.totals.netMinor).padStart(18)} NET  ${r.totals.failed} failed${environment === 'LIVE' ? '' : ` (${environment})`}${verdict}`);
    }
    if (unverified > 0) console.log(`NOT VERIFIED: the figures of ${unverified} of ${stations.length} stations cover entries that do not check out`);
    return unverified > 0 ? 1 : 0;
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
  if (command === 'claims') {
    const held = await heldClaims(pool, values.station ?? null);
    for (const c of held) console.log(`${heldClaimLine(c)}\n  ${c.alive ? '(wait for it)' : releaseCommand(c)}`);
    console.log(held.length === 0 ? 'no claim is held without its record' : `${held.length} claims held without their record: release one only once you know its counter paid nothing on it (its drawer, its last Z-report)`);
    return 0;
  }
  if (command === 'release-claim' && values.claim) {
    const released = await releaseClaim(pool, values.claim, values.reason ?? '');
    console.log(`released: ${heldClaimLine(released)}`);
    return 0;
  }
  console.error('usage: npm run station -- init | migrate | enrol --station S --counter C --key K --login L | rekey --counter C --key K | hand-over --counter C | revoke --counter C | clear-stop --counter C --reason R | set-aside-setting --station S [--environment E] --seq N --reason R | verify [--station S] [--date D] | report --station S [--environment E] [--date YYYY-MM-DD] [--csv FILE] [--pdf FILE [--lang ar|en]] | summary [--date YYYY-MM-DD] | counters | release-counter --counter C [--retire --reason R] | claims [--station S] | release-claim --claim ID --reason R');
  return 2;
}

/**
 * What the administrator missed, when PostgreSQL's words alone do not say it: a command run before
 * `init` made the schema, or the schema changed by a login that is not its owner (a counter's login
 * is no enrolment problem there).
 */
function stepMissed(err: unknown): string | null {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === '42P01') return ' [the station database has no schema yet, or an older one: run "npm run station -- init" (or "migrate") as the database\'s owner]';
  if (code === '42501' && (positionals[0] === 'init' || positionals[0] === 'migrate')) {
    return ` [${positionals[0]} changes the schema: run it as the database's owner (PGUSER=shubbak_owner, as the README's step 1 sets), not as ${values.user ?? env.PGUSER ?? 'postgres'}]`;
  }
  return null;
}

main()
  .then((code) => (process.exitCode = code))
  .catch((err: unknown) => {
    const code = connectionCode(err);
    const why = stepMissed(err) ?? (code === 'station_unreachable' ? '' : ` [${code}: ${CONNECTION_EXPLAINED[code]}]`);
    console.error(`station: ${err instanceof Error ? err.message : String(err)}${why}`);
    process.exitCode = 1;
  })
  // A connection a server left half-open (it asked for a password none was given for) would keep
  // the process alive until the server's own timeout: the command is over, so is the process.
  .finally(() => pool.end().finally(() => process.exit()));
