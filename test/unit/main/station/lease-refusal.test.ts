// What a restore refused at the station tells (audit finding 8): a counter held by a live PC says
// what works (switch it off, then wait out its silence or have the administrator run
// release-counter), never "retire the old PC", which would make the counter unrestorable; a retired
// counter has a refusal of its own. The same in the renderer's English and Arabic.
import { describe, expect, it } from 'vitest';
import { liveElsewhere } from '../../../../main/station/lease.ts';
import { backup } from '../../../../renderer/src/i18n/messages/backup.ts';

const COUNTER = 'ctr_00000000-0000-4000-8000-000000000001';
const now = new Date('2026-07-01T10:00:00Z');

describe('the refusal of a counter held elsewhere', () => {
  it('names the release-counter command and the 15 minutes, for the counter', () => {
    const held = liveElsewhere(COUNTER, { granted: false, holder: 'pc-1a2b3c4d', heartbeatAt: new Date('2026-07-01T09:58:00Z'), retired: false }, now).error;
    expect(held).toMatchObject({ code: 'counter_live_elsewhere', counterId: COUNTER });
    expect(held.message).toContain(`npm run station -- release-counter --counter ${COUNTER}`);
    expect(held.message).toMatch(/last heard 2 minute\(s\) ago.*15 minutes/);
  });

  it('a retired counter is refused as retired', () => {
    const retired = liveElsewhere(COUNTER, { granted: false, holder: 'pc-1a2b3c4d', heartbeatAt: now, retired: true }, now).error;
    expect(retired).toMatchObject({ code: 'counter_retired', counterId: COUNTER });
  });

  it.each(['en', 'ar'] as const)('the %s screen text says what works and does not send the supervisor to Retire', (lang) => {
    const live = backup[lang]['error.counter_live_elsewhere'];
    expect(live).toContain('npm run station -- release-counter --counter {counter}');
    expect(live).toContain('15');
    expect(live).not.toMatch(/Settings → Station|الإعدادات ← المحطة/);
    expect(backup[lang]['error.counter_retired']).toContain('{counter}');
  });
});
