import type { FastifyInstance } from 'fastify';
import { TransactionsQuery } from '../../contract/partner/index.ts';
import type { Sandbox } from '../context.ts';
import { listOf, single } from '../http/envelope.ts';
import { pageRequest } from '../http/pagination.ts';
import { principalOf } from '../http/guard.ts';
import { notFound, parseOrThrow } from '../http/problem.ts';
import { presentWallet } from '../wallet/ledger.ts';

export function walletRoutes(app: FastifyInstance, sandbox: Sandbox): void {
  const config = { scope: 'wallet.read' } as const;

  app.get('/wallet', { config }, (request) => {
    const wallet = sandbox.ledger.walletOf(principalOf(request));
    if (!wallet) throw notFound('The wallet');
    return single(presentWallet(wallet));
  });

  app.get('/wallet/transactions', { config }, (request) => {
    const query = parseOrThrow(TransactionsQuery, request.query);
    const page = sandbox.ledger.transactions(principalOf(request), pageRequest(query));
    return listOf(page.items, page.meta);
  });
}
