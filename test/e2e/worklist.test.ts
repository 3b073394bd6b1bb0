import { describe, expect, it } from 'vitest';
import { caller, sellOneSeat } from '../integration/main/helpers.ts';
import { counterPerFile, plain, setLanguage, shotBothLanguages, type Counter } from '../support/sale.ts';

// A departure sold here is moved by the operator: the top bar says whom to call, the list says
// what changed, the agent marks the call.
let c: Counter;
counterPerFile((opened) => {
  c = opened;
});

describe('the trip changes worklist', () => {
  it('shows the traveller to call about a moved departure, and the call once marked', async () => {
    const { page, sandbox } = c;
    await setLanguage(page, 'en');
    const api = caller(c.app.counter.dispatch);
    const sale = await sellOneSeat(api, 'Nadia Kamal', 0);
    const later = new Date(Date.parse(sale.booking!.departure_at!) + 3 * 3_600_000).toISOString();
    const res = await fetch(`${sandbox.origin}/_sandbox/bookings/${sale.booking!.id}/reschedule`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ departure_at: later }),
    });
    expect(res.ok).toBe(true);
    await api.ok('checkTrips');
    await page.reload();
    const chip = page.getByTestId('worklist-chip');
    await chip.waitFor({ timeout: 20_000 });
    expect(plain(await chip.textContent())).toBe('1 to call');
    await chip.click();
    const item = page.getByTestId('worklist-item');
    await item.waitFor();
    expect(plain(await item.textContent())).toContain('Nadia Kamal');
    expect(plain(await item.textContent())).toContain('Departure moved');
    await shotBothLanguages(page, 'worklist-1');
    await item.getByRole('button', { name: 'Called' }).click();
    await expect.poll(async () => plain(await page.getByTestId('worklist-called').textContent())).toMatch(/^Called by Agent 1/);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('worklist').count()).toBe(0);
    expect(await chip.count()).toBe(0);
  });
});
