// The earlier copy of a linked LIVE counter's journal (journal-earlier-copy.test.ts), restored with
// the station's copy: the backup she kept, from when she was a supervisor, is taken with the
// station's later entries, which hold the change to the agents; so is the station's copy alone.
// Either way the restored journal holds that change, and she signs in as the agent she is now.
import { beforeAll, describe, expect, it } from 'vitest';
import { installationCounterId } from '../../../main/settings/installation.ts';
import { postgresForThisFile } from '../../support/postgres.ts';
import { liveCounter } from './live-counter.ts';

const pc = liveCounter('shubbak-earlier-copy-station-', { shipEveryMs: 100 });
const { c, start, stop } = pc;
const station = postgresForThisFile({ station: true });
const connection = () => ({ stationId: 'stn_cairo', stationName: 'Cairo Gateway', host: station.db.host, port: station.db.port, database: station.db.database, user: station.db.user, password: 'pg-secret', tls: false });

const { putInPlace, idOf } = pc;

let monasCopy = '';
let counterId = '';

beforeAll(async () => {
  await start();
  monasCopy = await pc.twoSupervisorsAndMonasCopy();
  expect(await c.ok('connectStation', connection())).toMatchObject({ configured: true, shipping: 'synced' });
  counterId = installationCounterId(pc.dir);
});

describe('an earlier copy of a linked LIVE journal', () => {
  it('Mona is made an agent again, and the station has it', async () => {
    await c.ok('saveAgent', { id: await idOf('Mona Supervisor'), name: 'Mona Supervisor', role: 'agent', active: true });
    await expect.poll(async () => (await c.ok('stationStatus')).backlog, { timeout: 15_000 }).toBe(0);
    await stop();
  });

  it('is lost, and is restored from her copy with the station’s later entries: Mona is an agent', async () => {
    putInPlace(monasCopy);
    await start();
    expect((await c.ok('desk')).journalLost).toMatchObject({ earlierCopy: true });
    const restored = await c.ok('restoreCounter', { file: monasCopy, stationCounterId: counterId });
    expect(restored.fromStation).toBeGreaterThan(0);
    expect((await c.ok('desk')).journalLost ?? null).toBeNull();
    expect((await c.ok('signIn', { agentId: await idOf('Mona Supervisor'), pin: '135790' })).signedIn).toMatchObject({ role: 'agent' });
  });
});
