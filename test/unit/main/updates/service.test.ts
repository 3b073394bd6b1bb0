import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { UpdateEngine } from '../../../../main/updates/engine.ts';
import type { CounterActivity } from '../../../../main/updates/policy.ts';
import { UpdateService } from '../../../../main/updates/service.ts';
import { UPDATE_SETTINGS_FILE, UpdateSettingsStore } from '../../../../main/updates/settings.ts';
import type { PinKeys } from '../../../../main/vault/pin-key.ts';
import { settingSeal } from '../../../../main/vault/settings-seal.ts';
import { manualClock, tempDir } from '../journal/helpers.ts';

const FEED = 'https://updates.example.eg/shubbak';

/** An engine that records what the service asks and lets the test say what the feed does. */
function fakeEngine(available = true) {
  const feeds: string[] = [];
  let installs = 0;
  let newer: string | null = null;
  const listeners = { downloading: [] as ((v: string) => void)[], downloaded: [] as ((v: string) => void)[], error: [] as ((m: string) => void)[] };
  const engine: UpdateEngine = {
    available,
    setFeed: (url) => void feeds.push(url),
    check: async () => {
      if (newer) for (const l of listeners.downloading) l(newer);
      return { newerVersion: newer };
    },
    onDownloading: (l) => void listeners.downloading.push(l),
    onDownloaded: (l) => void listeners.downloaded.push(l),
    onError: (l) => void listeners.error.push(l),
    install: async () => void installs++,
  };
  return {
    engine,
    feeds,
    installs: () => installs,
    publish: (v: string) => void (newer = v),
    finishDownload: () => listeners.downloaded.forEach((l) => l(newer!)),
    fail: (m: string) => listeners.error.forEach((l) => l(m)),
  };
}

let tmp: ReturnType<typeof tempDir>;
afterEach(() => tmp?.cleanup());

const keys: PinKeys = { current: randomBytes(32), previous: null };

function setup(available = true, held: PinKeys | null = keys, dir?: string) {
  tmp = dir ? { dir, cleanup: tmp.cleanup } : tempDir();
  const clock = manualClock('2026-11-26T20:00:00.000Z');
  const fake = fakeEngine(available);
  const activity: CounterActivity = { openShifts: 0, salesInFlight: 0, lastEntryAt: null };
  const logs: string[] = [];
  const service = new UpdateService({ engine: fake.engine, settings: new UpdateSettingsStore(tmp.dir, () => {}, held ? settingSeal(() => held) : null), activity: () => activity, clock, version: '0.1.0', log: (m) => void logs.push(m) });
  return { service, fake, activity, clock, logs };
}

describe('updates of the installed app', () => {
  it('are off by default: the feed is never asked', async () => {
    const { service, fake } = setup();
    await service.check();
    expect(fake.feeds).toEqual([]);
    expect(service.status()).toMatchObject({ enabled: false, feedUrl: null, phase: 'off' });
  });

  it('ask the supervisor’s feed once saved, download in the background, and install only when the shift closes', async () => {
    const { service, fake, activity } = setup();
    fake.publish('0.2.0');
    activity.openShifts = 1;
    const status = await service.save({ enabled: true, feedUrl: FEED });
    expect(fake.feeds).toEqual([FEED]);
    expect(status).toMatchObject({ enabled: true, feedUrl: FEED, phase: 'downloading', availableVersion: '0.2.0' });

    fake.finishDownload();
    await Promise.resolve();
    expect(fake.installs()).toBe(0);
    expect(service.status()).toMatchObject({ phase: 'downloaded', waitingFor: 'shift_open' });

    activity.openShifts = 0;
    activity.salesInFlight = 1;
    expect(await service.tryInstall()).toBe(false);
    expect(service.status().waitingFor).toBe('sale_in_flight');

    activity.salesInFlight = 0;
    expect(await service.tryInstall()).toBe(true);
    expect(fake.installs()).toBe(1);
    expect(service.status()).toMatchObject({ phase: 'installing', waitingFor: null });
    expect(await service.tryInstall()).toBe(false);
    expect(fake.installs()).toBe(1);
  });

  it('do not install a downloaded update once a supervisor turned them off', async () => {
    const { service, fake } = setup();
    fake.publish('0.2.0');
    await service.save({ enabled: true, feedUrl: FEED });
    await service.save({ enabled: false, feedUrl: FEED });
    fake.finishDownload();
    expect(await service.tryInstall()).toBe(false);
    expect(fake.installs()).toBe(0);
    expect(service.status().phase).toBe('off');
  });

  it('keep the choice in the data folder, and say so where the build cannot update itself', async () => {
    const { service, fake } = setup(false);
    await service.save({ enabled: true, feedUrl: FEED });
    expect(fake.feeds).toEqual([]);
    expect(service.status()).toMatchObject({ enabled: true, feedUrl: FEED, phase: 'unavailable' });
    expect(JSON.parse(readFileSync(join(tmp.dir, UPDATE_SETTINGS_FILE), 'utf8'))).toMatchObject({ enabled: true, feedUrl: FEED });
  });

  it('keep a failure for the screen and try again at the next check', async () => {
    const { service, fake, logs } = setup();
    await service.save({ enabled: true, feedUrl: FEED });
    fake.fail('net::ERR_NAME_NOT_RESOLVED');
    expect(service.status()).toMatchObject({ phase: 'failed', lastError: 'net::ERR_NAME_NOT_RESOLVED' });
    expect(logs).toContain('update failed: net::ERR_NAME_NOT_RESOLVED');
    await service.check();
    expect(service.status()).toMatchObject({ phase: 'idle', lastError: null });
  });

  describe('whose feed is set in the file outside the app (whoever sets the feed chooses the code installed)', () => {
    const FORGED = 'https://evil.example.com/shubbak';
    const editFeed = () => {
      const path = join(tmp.dir, UPDATE_SETTINGS_FILE);
      writeFileSync(path, JSON.stringify({ ...(JSON.parse(readFileSync(path, 'utf8')) as object), feedUrl: FORGED }));
    };

    it('are held off: the feed is never asked, nothing installs, until a supervisor saves', async () => {
      const first = setup();
      await first.service.save({ enabled: false, feedUrl: FEED });
      editFeed();
      const path = join(tmp.dir, UPDATE_SETTINGS_FILE);
      writeFileSync(path, JSON.stringify({ ...(JSON.parse(readFileSync(path, 'utf8')) as object), enabled: true }));
      const { service, fake } = setup(true, keys, tmp.dir); // the next start
      await service.check();
      expect(fake.feeds).toEqual([]);
      expect(service.status()).toMatchObject({ enabled: false, feedUrl: FORGED, phase: 'held' });
      expect(await service.tryInstall()).toBe(false);
      await service.save({ enabled: true, feedUrl: FEED });
      expect(service.status()).toMatchObject({ enabled: true, feedUrl: FEED });
      expect(fake.feeds).toEqual([FEED]);
    });

    it('are held off where no PIN key can check the file (the keychain unreadable)', async () => {
      const first = setup();
      await first.service.save({ enabled: true, feedUrl: FEED });
      const { service, fake } = setup(true, null, tmp.dir);
      await service.check();
      expect(fake.feeds).toEqual([]);
      expect(service.status()).toMatchObject({ enabled: false, phase: 'held' });
    });

    it('saved off stay off, not held', async () => {
      const first = setup();
      await first.service.save({ enabled: false, feedUrl: null });
      editFeed();
      expect(setup(true, keys, tmp.dir).service.status()).toMatchObject({ enabled: false, phase: 'off' });
    });
  });
});
