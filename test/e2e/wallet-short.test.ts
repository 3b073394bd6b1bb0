import { describe, expect, it } from 'vitest';
import { counterPerFile, keyboardSaleToPayment, plain, setLanguage, shotBothLanguages, SEATED_OPERATORS, type Counter } from '../support/sale.ts';

// A wallet that cannot pay the sale's NET is said on the payment step, before the cash is taken.
let c: Counter;
counterPerFile((opened) => {
  c = opened;
});

describe('the wallet before the cash', () => {
  it('warns when the wallet is short of the sale’s NET, with how much', async () => {
    const { page, sandbox } = c;
    await setLanguage(page, 'en');
    const balance = (await sandbox.wallet()).balance.amount_minor;
    // leave EGP 100 in the wallet: less than any ticket's NET
    const res = await fetch(`${sandbox.origin}/_sandbox/wallet/adjust`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: 'cid_sandbox_demo', amount_minor: -(balance - 10_000), reason: 'test: a low wallet' }),
    });
    expect(res.ok).toBe(true);
    await keyboardSaleToPayment(page, { from: 'cairo', to: 'alex', fromShown: 'Cairo', toShown: 'Alexandria', passengers: ['Laila Mahmoud'], phone: '01012345678', operators: SEATED_OPERATORS });
    const warning = page.getByTestId('wallet-short');
    await warning.waitFor({ timeout: 15_000 });
    expect(plain(await warning.textContent())).toMatch(/^The wallet \(EGP 100\) is EGP [\d,]+ short of this sale’s price to the operator/);
    await shotBothLanguages(page, 'payment-wallet-short');
  });
});
