// One small day at a counter, run by generate.ts with a checkout of an earlier version as the
// working folder: that version's own counter (its embedded TRAINING sandbox, its services, its
// journal) sells, prints, moves cash and closes, and what its own reports answered is written
// beside the journal it wrote. One script for every era: a call the version does not have is
// skipped (`has`), so a counter before shifts sells on its implicit shift.
//
//   node <checkout>/fixture-day.ts <out-dir>      (cwd = the checkout)
import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

type Result = { ok: true; value: unknown } | { ok: false; error: unknown };
interface CounterLike {
  dispatch(name: string, arg: unknown): Promise<Result>;
  resume(): Promise<void>;
  close(): Promise<void>;
}
/** What the day reads back from an answer: every field optional, nothing checked by the compiler. */
type Answer = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const root = process.cwd();
const out = process.argv[2];
if (!out) throw new Error('usage: node fixture-day.ts <out-dir>');
const load = async (path: string) => (await import(pathToFileURL(join(root, path)).href)) as Answer;

const { startCounter } = await load('main/counter.ts');
const { memoryKeychain } = await load('main/vault/keychain.ts');
const { calls } = await load('contract/calls.ts');
const has = (name: string) => name in (calls as object);

/** A spooler that takes every job at once: the fixture is about the journal, not the printer. */
let jobs = 0;
const spooler = {
  listPrinters: async () => [{ name: 'FixtureTickets', isDefault: true }, { name: 'FixtureReceipts', isDefault: false }],
  print: async () => ({ jobId: `fixture-${++jobs}` }),
};

const dataDir = mkdtempSync(join(tmpdir(), 'shubbak-fixture-day-'));
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true })); // a failed day too
const counter = (await startCounter({
  dataDir,
  version: '0.0.0-fixture',
  keychain: memoryKeychain(),
  spooler,
  // open sales are resumed only when the day says so (a pending sale stays pending until then)
  resumeEveryMs: 3_600_000,
  log: () => {},
})) as CounterLike;

async function ok(name: string, arg?: unknown): Promise<Answer> {
  const r = await counter.dispatch(name, arg);
  if (!r.ok) throw new Error(`${name} failed: ${JSON.stringify(r.error)}`);
  return r.value as Answer;
}

const sandboxOrigin = String((await ok('appInfo')).apiBaseUrl).replace(/\/v1$/, '');
/** The version's own sandbox control API (simulated time, disruptions of a booking). */
async function sandboxControl(path: string, body?: unknown): Promise<Answer> {
  const res = await fetch(`${sandboxOrigin}/_sandbox${path}`, {
    method: 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`sandbox ${path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: Answer }).data;
}
const advanceSandbox = (seconds: number) => sandboxControl('/clock/advance', { seconds });

function daysAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

const reference = await ok('referenceData');
const city = (name: string) => (reference.cities as Answer[]).find((c) => c.name === name)!.id as string;

/** A Cairo → Alexandria offer with seat selection `days` ahead, with `count` free seats. */
async function offerWithSeats(count: number, days: number) {
  const found = await ok('search', { origin: city('Cairo'), destination: city('Alexandria'), departureDate: daysAhead(days), passengers: count });
  for (const priced of found.offers as Answer[]) {
    const detail = await ok('readOffer', { offerId: priced.offer.id });
    if (!detail.offer.seat_selection) continue;
    return { offerId: priced.offer.id as string, detail, seats: (detail.offer.seats as Answer[]).filter((s) => s.available).slice(0, count) };
  }
  throw new Error('no offer with seat selection');
}

/** Sells seats of a Cairo → Alexandria offer with seat selection to these travellers. */
async function sell(names: string[], extraCashMinor: number, days: number) {
  const { offerId, detail, seats } = await offerWithSeats(names.length, days);
  const retail = seats.reduce((sum, s) => sum + (detail.retailBySeat[s.number] as number), 0);
  return ok('sell', {
    saleId: randomUUID(),
    offerId,
    passengers: names.map((full_name, i) => ({ full_name, seat: seats[i]!.number })),
    contact: { name: 'Ahmed Ali', phone: '+201001234567' },
    language: 'en',
    cashTenderedMinor: retail + extraCashMinor,
  });
}

const answered: Record<string, unknown> = {};
const shifts = has('openShift');

// The counter's people: a supervisor sets the printers up, an agent sells (from the era of agents).
// A supervisor's PIN grew from 4 digits to 6–8 (issue 20): each version is given the one it takes.
let supervisorPin = '2468';
if (has('createFirstSupervisor')) {
  const first = await counter.dispatch('createFirstSupervisor', { name: 'Samir', pin: supervisorPin });
  if (!first.ok && (first.error as { code?: string }).code === 'invalid_argument') await ok('createFirstSupervisor', { name: 'Samir', pin: (supervisorPin = '24681357') });
  else if (!first.ok) throw new Error(`createFirstSupervisor failed: ${JSON.stringify(first.error)}`);
}
await ok('savePrintSettings', { ticketPrinter: 'FixtureTickets', receiptPrinter: 'FixtureReceipts', receiptPaper: '80mm' });
if (has('saveAgent')) {
  const agents = (await ok('saveAgent', { name: 'Mona', role: 'agent', pin: '1357', active: true })) as Answer[];
  const mona = agents.find((a) => a.name === 'Mona')!.id as string;
  answered.wrongPin = await counter.dispatch('signIn', { agentId: mona, pin: '9999' }); // refused, and counted where the version journals it
  await ok('signIn', { agentId: mona, pin: '1357' });
}
if (shifts) await ok('openShift', { float: { '20000': 2, '5000': 1 } }); // a float of EGP 450

const sales: Answer[] = [];
sales.push(await sell(['Ahmed Ali'], 500, 3));
sales.push(await sell(['Mona Hassan', 'Sara Hassan'], 1_000, 4));
sales.push(await sell(['Omar TEST FAIL'], 0, 3));
sales.push(await sell(['Karim TEST PENDING'], 2_000, 5));
sales.push(await sell(['Laila Fathy'], 0, 6));
answered.sold = sales.map((s) => ({ saleId: s.saleId, status: s.status }));

// Holds: one taken and released, one taken and left to expire (a hold no sale came of).
const held = await offerWithSeats(2, 7);
const hold = await ok('createHold', { offerId: held.offerId, seats: 1, seatsRequested: [held.seats[0]!.number] });
await ok('releaseHold', { holdId: hold.id });
await ok('createHold', { offerId: held.offerId, seats: 1, seatsRequested: [held.seats[1]!.number] });

// The operator moves the last sale's departure (the worklist, where the version has one) and
// cancels the two-traveller sale's trip (refunded in cash, where the version refunds).
const ref = (sale: Answer) => sale.booking.id as string;
const moved = new Date(Date.parse(sales[4]!.booking.departure_at as string) + 90 * 60_000).toISOString();
await sandboxControl(`/bookings/${ref(sales[4]!)}/reschedule`, { departure_at: moved });
await sandboxControl(`/bookings/${ref(sales[1]!)}/cancel-trip`);
if (has('checkTrips')) answered.worklist = await ok('checkTrips');
if (has('refund')) answered.refund = await ok('refund', { saleId: sales[1]!.saleId, language: 'en' });

// Printing: the tickets of the first sale twice (the second is a reprint) and its receipt.
await ok('printTickets', { saleId: sales[0]!.saleId });
await ok('printTickets', { saleId: sales[0]!.saleId });
await ok('printReceipt', { saleId: sales[0]!.saleId });

if (shifts) {
  await ok('moveCash', { kind: 'pay_out', amountMinor: 5_000, reason: 'Tea for the drivers' });
  await ok('moveCash', { kind: 'safe_drop', amountMinor: 50_000, reason: 'Drop to the safe' });
  await ok('moveCash', { kind: 'pay_in', amountMinor: 1_000, reason: 'Coins from the bank' });
  // The blind count (the agent does not know what the drawer should hold): EGP 1,250.
  answered.count = await ok('countDrawer', { count: { '20000': 6, '5000': 1 } });
  answered.z = await ok('closeShift', { comment: 'Counted at the end of the shift' });
  await ok('printZReport', { zNumber: (answered.z as Answer).report.zNumber, language: 'en' });
}

// The pending sale is confirmed by the API later (after the shift closed, where there are shifts).
await advanceSandbox(60);
await counter.resume();

// A sale still pending when the day ends (in a second shift, from the era of shifts).
if (shifts) await ok('openShift', { float: { '10000': 1 } });
sales.push(await sell(['Nour TEST PENDING'], 0, 3));

answered.sales = await ok('listSales', {});
if (has('signIn') && shifts) await signInSupervisor();
if (has('correctShift')) {
  // The supervisor finds the 3 pounds later: a correction of the closed shift, approved with their PIN.
  await ok('correctShift', { zNumber: (answered.z as Answer).report.zNumber, amountMinor: 300, reason: 'Found in the drawer', pin: supervisorPin });
}
answered.dayReport = await ok('dayReport', {});
if (shifts) {
  answered.shifts = await ok('listShifts', {});
  answered.zAgain = await ok('zReport', { zNumber: (answered.z as Answer).report.zNumber });
}
answered.verify = await ok('verifyJournal', undefined);
await counter.close();

// The journal this version wrote (the TRAINING one), and nothing else of the data folder.
const journal = readdirSync(dataDir, { recursive: true, withFileTypes: true }).find((e) => e.isFile() && e.name === 'journal.db');
if (!journal) throw new Error('no journal.db in the data folder');
mkdirSync(out, { recursive: true });
copyFileSync(join(journal.parentPath, journal.name), join(out, 'journal.db'));
writeFileSync(join(out, 'answered.json'), `${JSON.stringify(answered, null, 2)}\n`);

async function signInSupervisor() {
  await ok('lockScreen');
  const desk = await ok('desk');
  await ok('signIn', { agentId: (desk.agents as Answer[]).find((a) => a.name === 'Samir')!.id, pin: supervisorPin });
}
