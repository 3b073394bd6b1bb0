import type { CounterDeps, HandlerGroup } from '../deps.ts';

export function walletHandlers(d: CounterDeps): HandlerGroup<'wallet' | 'walletTransactions'> {
  return {
    wallet: async () => {
      const w = await d.session().client.wallet();
      return {
        balanceMinor: w.balance.amount_minor,
        creditLimitMinor: w.credit_limit.amount_minor,
        lowBalanceThresholdMinor: w.low_balance_threshold.amount_minor,
        currency: w.balance.currency,
        low: w.balance.amount_minor <= w.low_balance_threshold.amount_minor,
        updatedAt: w.updated_at,
      };
    },
    walletTransactions: (page) => d.session().client.transactions(page ?? {}),
  };
}
