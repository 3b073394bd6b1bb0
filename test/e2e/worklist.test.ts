import { describe, expect, it } from 'vitest';
import { counterPerFile, plain, sellAndMoveDeparture, setLanguage, shotBothLanguages, type Counter } from '../support/sale.ts';

// A departure sold here is moved by the operator: the top bar says whom to call, the list says
// what changed, the agent marks the call.
let c: Counter;
counterPerFile((opened) => {
  c = opened;
});

describe('the trip changes worklist', () => {
  it('shows the traveller to call about a moved departure, and the call once marked', async () => {
    const { page } = c;
    await setLanguage(page, 'en');
    await sellAndMoveDeparture(c, 'Nadia Kamal');
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
