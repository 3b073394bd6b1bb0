// `npm run station -- …` run as a newcomer might run it, a step skipped or as the wrong login:
// each failure says what to do, not only PostgreSQL's words. Against a real PostgreSQL 15.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownedStation, stationCli } from '../../support/station-owner.ts';
import { memoryJournal } from '../../support/station-chain.ts';

const stationDb = ownedStation();
beforeAll(async () => {
  await stationDb.start();
});
afterAll(() => stationDb.stop());

const key = memoryJournal('ctr_cli').signer.publicKey;
const enrol = ['enrol', '--station', 'stn_luxor', '--counter', 'ctr_cli', '--key', key, '--login', 'luxor_1'];

describe('the station CLI says what to do when a step was skipped or run as the wrong login', () => {
  it('a command before init names init', async () => {
    for (const args of [enrol, ['verify']]) {
      const run = await stationDb.cli(args);
      expect(run.code, args[0]).toBe(1);
      expect(run.err, args[0]).toMatch(/relation "counters" does not exist/);
      expect(run.err, args[0]).toContain('npm run station -- init');
    }
  });

  it("migrate run as a counter's login names the owner, not an enrolment", async () => {
    expect((await stationDb.cli(['init'])).code).toBe(0);
    expect((await stationDb.cli(enrol)).code).toBe(0);
    const run = await stationCli(stationDb.db, { database: 'shubbak', user: 'luxor_1' }, ['migrate']);
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/permission denied/);
    expect(run.err).toContain("the database's owner");
    expect(run.err).not.toMatch(/not enrolled|station_not_enrolled/);
  });
});
