// One counter process of the fault campaign (scripts/chaos/campaign.ts): it recovers what a
// killed predecessor left open, then sells. It may kill itself (SIGKILL) at a random fault point
// of a sale, and its parent may kill it at any moment. Its supervisor sells on an opened shift and
// now and then closes the shift while a sale is still pending, then opens the next. Prints
// `TRY <i>` before each attempt, `DONE <i> <status>` after, and `SHIFT_CLOSED <i>` for a shift
// closed there; nothing else on stdout.
//   env: CHAOS_DATA_DIR, CHAOS_BASE_URL, CHAOS_FROM (first attempt index), CHAOS_COUNT,
//        CHAOS_SEED, CHAOS_SELF_KILL (probability per sale), CHAOS_MODE = sell | recover
import { randomUUID } from 'node:crypto';
import { startCounter } from '../../main/counter.ts';
import type { FaultPoint } from '../../main/selling/sales.ts';
import { memoryKeychain } from '../../main/vault/keychain.ts';
import { PIN_KEY_ACCOUNT } from '../../main/vault/pin-key.ts';
import { COUNTER_KEY_ACCOUNT } from '../../main/station/counter-key.ts';
import { createPrivateKey } from 'node:crypto';

const env = process.env;
const baseUrl = env.CHAOS_BASE_URL!;
let seed = Number(env.CHAOS_SEED ?? 1);
const rand = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const selfKill = Number(env.CHAOS_SELF_KILL ?? 0);
const POINTS: FaultPoint[] = ['after-intent', 'before-send', 'after-send'];
let killAt: FaultPoint | null = null;

/** An Ed25519 private key made from a fixed seed (PKCS#8 DER of a 32-byte seed), the same in every process. */
function fixedCounterKey(): string {
  const der = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), Buffer.alloc(32, 0x3c)]);
  return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }).export({ format: 'pem', type: 'pkcs8' }).toString();
}

const credential = JSON.stringify({ clientId: 'cid_sandbox_demo', clientSecret: 'sk_sandbox_demo', baseUrl, savedAt: '2026-01-01T00:00:00.000Z' });
const counter = await startCounter({
  dataDir: env.CHAOS_DATA_DIR!,
  version: 'chaos',
  // One PIN key and one station signing key for every counter process of the run, as the OS
  // keychain keeps them across restarts (the station knows the counter by its key).
  keychain: memoryKeychain({ primary: credential, [PIN_KEY_ACCOUNT]: Buffer.alloc(32, 0x5a).toString('base64url'), [COUNTER_KEY_ACCOUNT]: fixedCounterKey() }),
  resumeEveryMs: 3_600_000,
  timeoutMs: 2_000,
  faults: (point) => {
    if (point === killAt) process.kill(process.pid, 'SIGKILL');
  },
  log: () => {},
});
const call = async <T>(name: string, arg?: unknown): Promise<T> => {
  const r = (await counter.dispatch(name, arg)) as { ok: boolean; value?: T; error?: { code: string } };
  if (!r.ok) throw new Error(r.error?.code ?? 'error');
  return r.value as T;
};

// What a killed predecessor left open is resumed first, with the same key and body.
await counter.resume();

// Agents are in use: the campaign's supervisor signs in and sells on an opened shift.
const PIN = '246802';
const FLOAT = { '20000': 5 };
interface Desk {
  agentsInUse: boolean;
  agents: { id: string; name: string }[];
  signedIn: { id: string } | null;
  shift: { shiftId: string } | null;
}
async function onShift(): Promise<void> {
  let desk = await call<Desk>('desk');
  if (!desk.agentsInUse) desk = await call<Desk>('createFirstSupervisor', { name: 'Chaos Supervisor', pin: PIN });
  else if (!desk.signedIn) desk = await call<Desk>('signIn', { agentId: desk.agents.find((a) => a.name === 'Chaos Supervisor')!.id, pin: PIN });
  if (!desk.shift) await call('openShift', { float: FLOAT });
}

/** The shift closed while its last sale is still pending (the blind count may already be in, if a predecessor was killed). */
async function closeShift(): Promise<void> {
  await call('countDrawer', { count: FLOAT }).catch(() => undefined);
  await call('closeShift', { comment: 'closed with a sale pending' });
}

if (env.CHAOS_MODE === 'sell') {
  await onShift();
  const ref = await call<{ cities: { id: string; name: string }[] }>('referenceData').catch(() => null);
  const city = (name: string) => ref?.cities.find((c) => c.name === name)?.id;
  const from = Number(env.CHAOS_FROM);
  for (let i = from; i < from + Number(env.CHAOS_COUNT); i++) {
    process.stdout.write(`TRY ${i}\n`);
    let status: string;
    try {
      const day = new Date(Date.now() + (2 + (i % 20)) * 86_400_000).toISOString().slice(0, 10);
      const found = await call<{ offers: { offer: { id: string } }[] }>('search', { origin: city('Cairo'), destination: city('Alexandria'), departureDate: day, passengers: 1 });
      const offer = found.offers[Math.floor(rand() * found.offers.length)];
      if (!offer) throw new Error('no_offer');
      const r = rand();
      const trigger = r < 0.05 ? ' TEST FAIL' : r < 0.1 ? ' TEST PENDING' : r < 0.13 ? ' TEST TIMEOUT' : r < 0.16 ? ' TEST CLASH' : '';
      const sale = {
        saleId: randomUUID(),
        offerId: offer.offer.id,
        passengers: [{ full_name: `Chaos ${i}${trigger}` }],
        contact: { name: 'Chaos Campaign', phone: '+201001234567' },
        language: 'en',
        cashTenderedMinor: 100_000_00,
      };
      killAt = rand() < selfKill ? POINTS[Math.floor(rand() * POINTS.length)]! : null;
      // A double press: the same sale sent twice at once.
      const double = rand() < 0.1;
      const answers = await Promise.allSettled([call<{ status: string }>('sell', sale), ...(double ? [call<{ status: string }>('sell', sale)] : [])]);
      const first = answers[0]!;
      status = first.status === 'fulfilled' ? first.value.status : (first.reason as Error).message;
    } catch (err) {
      status = err instanceof Error ? err.message : 'error';
    }
    killAt = null;
    process.stdout.write(`DONE ${i} ${status}\n`);
    if ((status === 'pending' || status === 'unknown') && rand() < 0.5) {
      try {
        await closeShift();
        process.stdout.write(`SHIFT_CLOSED ${i}\n`);
        await onShift();
      } catch (err) {
        process.stdout.write(`SHIFT_FAILED ${i} ${err instanceof Error ? err.message : 'error'}\n`);
        await onShift().catch(() => undefined);
      }
    }
  }
}
// With a station database: what this counter wrote is shipped before it stops (when it can be;
// at most half a minute: a busy machine ships slower, and each round renews the counter's lease first).
if (env.CHAOS_SHIP === '1') {
  for (let i = 0; i < 150; i++) {
    const s = await call<{ shipping: string; backlog: number }>('stationStatus').catch(() => null);
    if (s?.shipping === 'synced' && s.backlog === 0) break;
    await new Promise((r) => setTimeout(r, 200));
  }
}
await counter.close();
