import type { HandlerGroup } from '../deps.ts';
import type { PartnerClient } from '../partner/client.ts';

export interface WalletHandlerDeps {
  /** The API client of the environment in force (main/deps.ts `Current`: why a getter). */
  client: () => PartnerClient;
}

export function walletHandlers(d: WalletHandlerDeps): HandlerGroup<'wallet' | 'walletTransactions'> {
  return {
    wallet: async () => {
      const w = await d.client().wallet();
      return {
        balanceMinor: w.balance.amount_minor,
        creditLimitMinor: w.credit_limit.amount_minor,
        lowBalanceThresholdMinor: w.low_balance_threshold.amount_minor,
        currency: w.balance.currency,
        low: w.balance.amount_minor <= w.low_balance_threshold.amount_minor,
        updatedAt: w.updated_at,
      };
    },
    walletTransactions: (page) => d.client().transactions(page ?? {}),
  };
}
