import { afterEach, describe, expect, it } from 'vitest';
import type { Handlers } from '../../../../main/dispatch.ts';
import { IDLE_LOCK_GRACE_MS } from '../../../../contract/idle-lock.ts';
import type { openTempJournal } from '../journal/helpers.ts';
import { deskWithMona } from './desk-fixture.ts';

// Main's own idle lock: the screen locks once the idle minutes and their grace pass without a key
// or a click the renderer reported, whether or not the renderer asks for the lock.

let t: ReturnType<typeof openTempJournal>;
afterEach(() => t.cleanup());

const MINUTE = 60_000;

async function counter(minutes = 5) {
  const c = await deskWithMona(
    (desk) => ({ listCities: () => ['listed'], listAgents: () => ['agents'], reportActivity: () => ({ locksAt: desk.active() }) }) as unknown as Partial<Handlers>,
    { minutes },
  );
  t = c.t;
  return c;
}

describe("main's idle lock", () => {
  it('locks the screen after the idle minutes and their grace without activity, though the renderer never asked', async () => {
    const c = await counter();
    c.clock.advance(5 * MINUTE + IDLE_LOCK_GRACE_MS - 1);
    expect(await c.dispatch('listCities', undefined)).toEqual({ ok: true, value: ['listed'] });
    c.clock.advance(1);
    expect(await c.dispatch('listCities', undefined)).toMatchObject({ ok: false, error: { code: 'not_signed_in' } });
    const state = c.desk.state();
    expect(state).toMatchObject({ locked: true, signedIn: { id: c.mona.id } });
    // the same PIN unlocks, and the time counts again from there
    await c.desk.signIn(c.mona.id, '1357');
    expect(await c.dispatch('listCities', undefined)).toEqual({ ok: true, value: ['listed'] });
    c.clock.advance(5 * MINUTE + IDLE_LOCK_GRACE_MS);
    expect(c.desk.role()).toBeNull();
  });

  it('counts from the last key or click reported, and says when it would lock', async () => {
    const c = await counter();
    c.clock.advance(4 * MINUTE);
    const reported = await c.dispatch('reportActivity', undefined);
    expect(reported).toEqual({ ok: true, value: { locksAt: new Date(c.clock.now().getTime() + 5 * MINUTE + IDLE_LOCK_GRACE_MS).toISOString() } });
    c.clock.advance(5 * MINUTE + IDLE_LOCK_GRACE_MS - 1);
    expect(c.desk.role()).toBe('agent');
    c.clock.advance(1);
    expect(c.desk.role()).toBeNull();
  });

  it('takes no activity once the time is up: a report that arrives late does not unlock', async () => {
    const c = await counter();
    c.clock.advance(5 * MINUTE + IDLE_LOCK_GRACE_MS);
    expect(await c.dispatch('reportActivity', undefined)).toMatchObject({ ok: false, error: { code: 'not_signed_in' } });
    // straight to the desk, past the dispatcher: still locked
    expect(c.desk.active()).toBeNull();
    expect(c.desk.state().locked).toBe(true);
    expect(await c.dispatch('listCities', undefined)).toMatchObject({ ok: false, error: { code: 'not_signed_in' } });
  });

  it("ends a supervisor's approval with the lock", async () => {
    const c = await counter();
    await c.desk.approveOverride(c.boss.id, '246810', 'agents', ['listAgents']);
    expect(await c.dispatch('listAgents', undefined)).toEqual({ ok: true, value: ['agents'] });
    c.clock.advance(5 * MINUTE + IDLE_LOCK_GRACE_MS);
    expect(c.desk.overrideFor('listAgents')).toBe(false);
    await c.desk.signIn(c.mona.id, '1357');
    expect(await c.dispatch('listAgents', undefined)).toMatchObject({ ok: false, error: { code: 'forbidden_role' } });
  });

  it('never locks with the idle lock off, and a shorter time set counts from the last activity', async () => {
    const c = await counter(0);
    c.clock.advance(12 * 60 * MINUTE);
    expect(await c.dispatch('reportActivity', undefined)).toEqual({ ok: true, value: { locksAt: null } });
    expect(c.desk.role()).toBe('agent');
    c.idle.minutes = 1;
    c.clock.advance(MINUTE + IDLE_LOCK_GRACE_MS - 1);
    expect(c.desk.role()).toBe('agent');
    c.clock.advance(1);
    expect(c.desk.role()).toBeNull();
  });

  it('locks whoever is signed in after a switch at the counter, from their own sign-in', async () => {
    const c = await counter();
    c.clock.advance(4 * MINUTE);
    await c.desk.signIn(c.boss.id, '246810'); // the supervisor takes the counter over
    c.clock.advance(2 * MINUTE);
    expect(c.desk.role()).toBe('supervisor');
    c.clock.advance(3 * MINUTE + IDLE_LOCK_GRACE_MS);
    expect(c.desk.state()).toMatchObject({ locked: true, signedIn: { id: c.boss.id } });
  });
});
